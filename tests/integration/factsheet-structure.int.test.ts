import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import en from '../../messages/share/en.json';
import es from '../../messages/share/es.json';
import fr from '../../messages/share/fr.json';
import { completedMonth } from '../../src/domain/documents/factsheet';
import { formatDecimal } from '../../src/domain/language/format';
import { getDb } from '../../src/server/db';
import { makeDemoPdf } from '../../src/server/db/seed/pdf';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import * as t from '../../src/server/db/schema';
import { factsheetContent } from '../../src/server/factsheets/generate';
import { renderFactsheet, type FactsheetContent } from '../../src/server/factsheets/render';
import { checkPageText, elements, readTaggedPdf, textOf, type StructNode, type TaggedPdf } from './pdf-tags';

/**
 * The monthly factsheet is a tagged PDF (docs/decisions/055): real factsheets drawn from the seeded
 * database in fr, en and es, read back with pdf.js as assistive technology reads them.
 */

const month = completedMonth(DEMO_AS_OF);
const messages = { fr: fr.Factsheet, en: en.Factsheet, es: es.Factsheet };
const performance = { fr: fr.Performance, en: en.Performance, es: es.Performance };
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A message's words before its first argument: the locale's own wording. */
const lead = (message: string) => message.slice(0, message.indexOf('{')).trim();

/** The first active share whose factsheet has a benchmark beside the share class (every chart and table row then drawn). */
async function shareWithBenchmark(): Promise<number> {
  const db = await getDb();
  for (const share of await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.active, true)).orderBy(asc(t.shares.id))) {
    const one = await factsheetContent(db, share.id, month, 'en');
    if (one?.content.growth?.benchmark && one.content.calendar.years.some((y) => y.benchmark !== null)) return share.id;
  }
  throw new Error('no active share with a benchmark in the seed');
}

let shareId: Promise<number> | undefined;

describe('tagged factsheets', () => {
  for (const locale of ['fr', 'en', 'es'] as const) {
    it(`${locale}: language, title, structure (headings, lists, table headers, figures with their alternative text) and no untagged text`, { timeout: 120_000 }, async () => {
      const db = await getDb();
      shareId ??= shareWithBenchmark();
      const one = await factsheetContent(db, await shareId, month, locale);
      expect(one).not.toBeNull();
      const content = one!.content as FactsheetContent;
      const bytes = await renderFactsheet(content);
      // Deterministic: the same content, the same bytes (file ID, subset tags, dates).
      expect(Buffer.from(await renderFactsheet(content)).equals(Buffer.from(bytes))).toBe(true);

      const pdf = await readTaggedPdf(bytes);
      expect(pdf.lang).toBe(locale);
      expect(pdf.title).toBe(content.title);
      expect(pdf.xmpTitle).toBe(content.title);
      expect(pdf.displayDocTitle).toBe(true);
      expect(pdf.marked).toBe(true);
      expect(pdf.suspects).toBe(false);
      expect(Buffer.from(bytes).toString('latin1')).toContain('<pdfuaid:part>1</pdfuaid:part>');
      // DejaVu Sans regular and bold, embedded, their codes mapped to Unicode; no other font.
      expect(pdf.fonts.map((f) => ({ ...f, name: f.name.replace(/^[A-Z]{6}\+/, '') })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'DejaVuSans', embedded: true, toUnicode: true },
        { name: 'DejaVuSans-Bold', embedded: true, toUnicode: true },
      ]);
      expect(pdf.pages.length).toBeGreaterThanOrEqual(1);
      expect(pdf.pages.length).toBeLessThanOrEqual(2);

      // Every text on every page is in the structure or an artifact; the running footer is an artifact.
      for (const [n, page] of pdf.pages.entries()) {
        expect(page.untagged, `page ${n + 1}`).toEqual([]);
        expect(page.tree?.children?.map((c) => c.role)).toEqual(['Document']);
        expect([...page.textById.values()].join(' ')).not.toContain(flat(content.pageLabel(n + 1, pdf.pages.length)));
      }
      const trees = pdf.pages.map((p) => p.tree);
      const say = (node: StructNode) => textOf(node, pdf.pages);

      // Headings: the fund as H1, each section as H2, in reading order, in the locale's words.
      expect(elements(trees, 'H1').map(say)).toEqual([flat(content.fundName)]);
      const h2 = elements(trees, 'H2').map(say);
      expect(h2).toEqual(
        [
          content.keyFactsTitle,
          content.feesTitle,
          content.objectiveTitle,
          ...content.tables.map((x) => x.title),
          content.growth?.title ?? '',
          content.calendar.title,
          ...(content.holdings ? [content.holdings.title] : []),
          ...content.breakdowns.map((b) => b.title),
          content.warningsTitle,
        ].map(flat),
      );
      for (const key of ['keyFacts', 'fees', 'objective', 'calendar', 'warnings'] as const) expect(h2).toContain(messages[locale][key]);

      // Key facts: a list whose items label (Lbl) and value (LBody) each fact.
      const [facts] = elements(trees, 'L');
      const items = facts?.children?.filter((c) => c.role === 'LI') ?? [];
      expect(items.map((i) => say(elements([i], 'Lbl')[0]!))).toEqual(content.keyFacts.map((f) => flat(f.label)));
      expect(items.map((i) => say(elements([i], 'LBody')[0]!))).toEqual(content.keyFacts.map((f) => flat(f.value)));

      // Tables: the column labels as TH (scope Column) in the first row, each row's label as TH (scope Row).
      const tables = elements(trees, 'Table');
      expect(tables).toHaveLength(content.tables.length);
      tables.forEach((table, i) => {
        const spec = content.tables[i]!;
        const [header, ...rows] = elements([table], 'TR');
        expect(elements([header!], 'TH').map(say)).toEqual(spec.columns.map(flat));
        expect(rows.map((r) => elements([r], 'TH').map(say))).toEqual(spec.rows.map((r) => [flat(r.label)]));
        expect(rows.map((r) => elements([r], 'TD').map(say))).toEqual(spec.rows.map((r) => r.cells.map(flat)));
      });
      expect(pdf.thScopes).toEqual(content.tables.flatMap((x) => [...x.columns.map(() => 'Column'), ...x.rows.map(() => 'Row')]));
      expect(elements([tables[0]!], 'TH').map(say)).toContain(flat(performance[locale].column.ytd));

      // Charts: figures whose alternative text says, in the locale, what they show.
      const figures = elements(trees, 'Figure');
      expect(figures).toHaveLength(2);
      figures.forEach((f) => expect(f.bbox).toHaveLength(4));
      const growth = content.growth!;
      const growthAlt = figures[0]!.alt ?? '';
      expect(growthAlt.startsWith(lead(messages[locale].growthAltBenchmark))).toBe(true);
      expect(growthAlt).toContain(growth.from);
      expect(growthAlt).toContain(growth.to);
      expect(growthAlt).toContain(formatDecimal(growth.share.points.at(-1)!, locale));
      expect(growthAlt).toContain(formatDecimal(growth.benchmark!.points.at(-1)!, locale));
      const calendarAlt = figures[1]!.alt ?? '';
      expect(calendarAlt.startsWith(lead(messages[locale].calendarAltBenchmark))).toBe(true);
      for (const year of content.calendar.years) {
        expect(calendarAlt).toContain(`${year.year}`);
        expect(calendarAlt).toContain(year.shareLabel);
        if (year.benchmark !== null) expect(calendarAlt).toContain(year.benchmarkLabel);
      }
    });
  }

  it('no two texts of a line overlap outside the charts: the performance tables’ figures keep apart in every language', { timeout: 120_000 }, async () => {
    const db = await getDb();
    shareId ??= shareWithBenchmark();
    for (const locale of ['fr', 'en', 'es'] as const) {
      const one = await factsheetContent(db, await shareId, month, locale);
      const pdf = await getDocumentProxy(new Uint8Array(await renderFactsheet(one!.content)));
      const overlaps: string[] = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        const { items } = await (await pdf.getPage(n)).getTextContent({ includeMarkedContent: true });
        const lines = new Map<number, { text: string; left: number; right: number }[]>();
        const open: string[] = [];
        for (const item of items) {
          if ('type' in item) {
            if (item.type === 'endMarkedContent') open.pop();
            else open.push((item as { tag?: string }).tag ?? '');
            continue;
          }
          // A chart's labels (a Figure's content) are placed by the chart, not in columns.
          if (!item.str.trim() || open.includes('Figure')) continue;
          const [, , , , x = 0, y = 0] = item.transform as number[];
          const line = lines.get(Math.round(y)) ?? [];
          line.push({ text: item.str, left: x, right: x + item.width });
          lines.set(Math.round(y), line);
        }
        for (const line of lines.values()) {
          line.sort((a, b) => a.left - b.left);
          line.forEach((item, i) => {
            const next = line[i + 1];
            if (next && item.right > next.left + 0.5) overlaps.push(`${locale} p${n}: “${item.text}” runs into “${next.text}”`);
          });
        }
      }
      expect(overlaps).toEqual([]);
    }
  });

  it('a name with & or < keeps the XMP metadata well-formed: its title reads back as written', { timeout: 120_000 }, async () => {
    const db = await getDb();
    shareId ??= shareWithBenchmark();
    const one = await factsheetContent(db, await shareId, month, 'en');
    const title = `Smith & <Co> "Fund" – ${one!.content.title}`;
    const pdf = await readTaggedPdf(await renderFactsheet({ ...one!.content, title, author: 'Smith & Co' }));
    expect(pdf.title).toBe(title);
    expect(pdf.xmpTitle).toBe(title);
  });

  it('the growth chart’s axis is written in the document’s language: 100,5 in French, 100.5 in English', { timeout: 120_000 }, async () => {
    const db = await getDb();
    shareId ??= shareWithBenchmark();
    for (const [locale, half, wrong] of [['fr', '100,5', '100.5'], ['en', '100.5', '100,5']] as const) {
      const one = await factsheetContent(db, await shareId, month, locale);
      const growth = one!.content.growth!;
      // A series between 100 and 101.3: the axis steps by 0.5 (niceScale), so a half shows on it.
      const narrow = { ...growth, share: { ...growth.share, points: [100, 100.4, 100.9, 101.3] }, benchmark: null };
      const pdf = await readTaggedPdf(await renderFactsheet({ ...one!.content, growth: narrow }));
      const words = pdf.pages.flatMap((p) => [...p.textById.values()]);
      expect(words).toContain(half);
      expect(words).not.toContain(wrong);
    }
  });

  it.skipIf(!hasPdfinfo())('poppler’s pdfinfo reads the factsheet as tagged', async () => {
    const db = await getDb();
    shareId ??= shareWithBenchmark();
    const one = await factsheetContent(db, await shareId, month, 'fr');
    const folder = mkdtempSync(path.join(tmpdir(), 'factsheet-'));
    try {
      const file = path.join(folder, 'factsheet.pdf');
      writeFileSync(file, await renderFactsheet(one!.content));
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Tagged:\s+yes$/m);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

function hasPdfinfo() {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the tag checker', () => {
  it('reports the text of an untagged PDF (the seed’s pdf-lib demo documents)', async () => {
    const bytes = await makeDemoPdf({ title: 'Prospectus', subtitle: 'Demo fund', paragraphs: ['The fund invests in European equities.'], footer: 'Aurore Gestion' });
    const pdf: TaggedPdf = await readTaggedPdf(bytes);
    expect(pdf.marked).toBe(false);
    expect(pdf.lang).toBeNull();
    expect(pdf.pages[0]?.tree).toBeNull();
    expect(pdf.fonts.every((f) => !f.embedded)).toBe(true);
    expect(pdf.pages[0]?.untagged.join(' ')).toContain('Prospectus');
    expect(pdf.pages[0]?.untagged.join(' ')).toContain('The fund invests in European equities.');
  });

  it('accepts structure content and artifacts, and reports text outside any marking or in content no element refers to', async () => {
    const doc = new PDFDocument({ tagged: true, autoFirstPage: false, font: path.join(process.cwd(), 'assets/fonts/DejaVuSans.ttf') });
    const chunks: Uint8Array[] = [];
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.addPage({ margin: 0 });
    const root = doc.struct('Document');
    doc.addStructure(root);
    const p = doc.struct('P');
    root.add(p);
    const content = doc.markStructureContent('P');
    doc.text('In the structure', 50, 50, { lineBreak: false });
    doc.endMarkedContent();
    p.add(content);
    p.end();
    doc.markContent('Artifact', { type: 'Pagination' });
    doc.text('Page 1', 50, 80, { lineBreak: false });
    doc.endMarkedContent();
    doc.markStructureContent('P');
    doc.text('Marked but orphaned', 50, 110, { lineBreak: false });
    doc.endMarkedContent();
    doc.text('Not marked at all', 50, 140, { lineBreak: false });
    root.end();
    doc.end();
    await ended;
    const pdf = await readTaggedPdf(Buffer.concat(chunks));
    expect(pdf.marked).toBe(true);
    expect(pdf.pages[0]?.untagged).toEqual(['Marked but orphaned', 'Not marked at all']);
    expect([...(pdf.pages[0]?.textById.values() ?? [])]).toEqual(['In the structure']);
  });

  it('looks through nested marked content for the sequence that tags a text', () => {
    const tree: StructNode = { role: 'Root', children: [{ role: 'P', children: [{ type: 'content', id: 'p1R_mc0' }] }] };
    const checked = checkPageText(
      [
        { type: 'beginMarkedContentProps', tag: 'P', id: 'p1R_mc0' },
        { type: 'beginMarkedContent', tag: 'Span' },
        { str: 'inside' },
        { type: 'endMarkedContent' },
        { type: 'endMarkedContent' },
        { str: 'outside' },
        { str: '  ' },
      ],
      tree,
    );
    expect(checked.untagged).toEqual(['outside']);
    expect(checked.textById.get('p1R_mc0')).toBe('inside');
  });
});
