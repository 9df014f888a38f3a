import { and, desc, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { completedMonth, lastWeekday, monthEnd, monthOf } from '../../src/domain/documents/factsheet';
import { formatNav } from '../../src/domain/performance/format';
import { getDb } from '../../src/server/db';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import * as t from '../../src/server/db/schema';
import { generateFactsheets } from '../../src/server/factsheets/generate';
import { commitNavImport } from '../../src/server/navs/import';

const month = completedMonth(DEMO_AS_OF);

async function text(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text: pages } = await extractText(pdf, { mergePages: true });
  return norm(pages);
}

/** Text extraction turns the no-break spaces of the French and Spanish formats into spaces. */
const norm = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

// PGlite only: it imports a month-end NAV and stores factsheets, which on a PostgreSQL shared by every
// test file would change what the seed and import files find (their own checks are exact).
describe.skipIf(!!process.env.DATABASE_URL)('monthly factsheets', () => {
  it('stores one FACTSHEET per active share and language, with the ISIN and the month-end NAV as the share page prints it; the same month again changes nothing', { timeout: 600_000 }, async () => {
    const db = await getDb();
    const first = await generateFactsheets(db, month);
    const active = await db.select().from(t.shares).where(eq(t.shares.active, true));
    expect(first.shares).toBe(active.length);
    expect(first.documents).toBe(active.length * 3);
    expect(first.changed).toBe(first.documents);

    const stored = await db
      .select()
      .from(t.documents)
      .where(and(eq(t.documents.documentTypeCode, 'FACTSHEET'), isNull(t.documents.supersededAt)));
    expect(stored).toHaveLength(active.length * 3);

    for (const share of active.slice(0, 2)) {
      const [last] = await db.select().from(t.navs).where(eq(t.navs.shareId, share.id)).orderBy(t.navs.date);
      const navs = (await db.select().from(t.navs).where(eq(t.navs.shareId, share.id))).filter((n) => n.date <= monthEnd(month)).sort((a, b) => a.date.localeCompare(b.date));
      const nav = navs.at(-1) ?? last;
      for (const locale of ['fr', 'en', 'es'] as const) {
        const doc = stored.find((d) => d.shareId === share.id && d.locale === locale);
        expect(doc, `${share.isinCode} ${locale}`).toBeDefined();
        expect(doc!.publishedAt).toBe(nav!.date);
        const pdf = await PDFDocument.load(doc!.data);
        expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
        expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
        expect(pdf.getTitle()).toContain(share.name);
        const content = await text(doc!.data);
        expect(content).toContain(share.isinCode);
        expect(content).toContain(norm(formatNav(nav!.nav, share.currencyCode, locale)));
      }
    }

    const again = await generateFactsheets(db, month);
    expect(again.changed).toBe(0);
    const after = await db.select({ id: t.documents.id }).from(t.documents).where(eq(t.documents.documentTypeCode, 'FACTSHEET'));
    expect(after).toHaveLength(stored.length);
  });

  it('a NAV import that brings a month’s last NAV makes that month’s factsheets, superseding the previous month’s', { timeout: 600_000 }, async () => {
    const db = await getDb();
    const [share] = await db.select().from(t.shares).where(eq(t.shares.active, true)).limit(1);
    const [latest] = await db.select().from(t.navs).where(eq(t.navs.shareId, share!.id)).orderBy(desc(t.navs.date)).limit(1);
    const date = lastWeekday(monthOf(latest!.date));
    expect(date > latest!.date).toBe(true);
    const nav = Math.round(latest!.nav * 101) / 100;
    const result = await commitNavImport(db, [{ line: 2, isin: share!.isinCode, date, nav }], { type: 'system', label: 'test' });
    expect(result.ok).toBe(true);
    const current = await db
      .select()
      .from(t.documents)
      .where(and(eq(t.documents.shareId, share!.id), eq(t.documents.documentTypeCode, 'FACTSHEET'), isNull(t.documents.supersededAt)));
    expect(current.map((d) => d.locale).sort()).toEqual(['en', 'es', 'fr']);
    for (const doc of current) {
      expect(doc.publishedAt).toBe(date);
      expect(doc.replacesId).not.toBeNull();
      expect(await text(doc.data)).toContain(norm(formatNav(nav, share!.currencyCode, doc.locale as 'fr')));
    }
  });
});
