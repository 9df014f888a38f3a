import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBenchmarkCsv } from '../../src/domain/csv/benchmarks';
import { addDays } from '../../src/domain/dates';
import { parseNavCsv } from '../../src/domain/csv/navs';
import { parsePortfolioCsv } from '../../src/domain/csv/portfolio';
import type { Actor } from '../../src/server/audit/record';
import { commitBenchmarkImport, previewBenchmarkImport } from '../../src/server/benchmarks/import';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { documentHistory, deleteDocument, setDocumentPublished, uploadDocument } from '../../src/server/documents/commands';
import { updateFundAum } from '../../src/server/funds/aum';
import { graphqlResponseCache } from '../../src/server/graphql/response-cache';
import { commitNavImport, correctNav, previewNavImport } from '../../src/server/navs/import';
import { commitPortfolioImport, previewPortfolioImport } from '../../src/server/portfolios/import';
import { rawCatalog } from '../../src/server/funds/catalog';
import { findFundDocument, findShareDocument } from '../../src/server/documents/queries';
import { currentLibraryPage, libraryFacets } from '../../src/server/documents/library-queries';
import { EMPTY_LIBRARY_QUERY } from '../../src/domain/documents/library';
import { samplePdf, sampleTaggedPdf } from '../support/sample-documents';

// Its own label: the audit entries this file reads are those its editor wrote, whatever else wrote on the database.
const run = randomUUID().slice(0, 8);
const editor: Actor = { type: 'account', id: 'acc-editor', label: `editor-${run}@fundhouse.test` };
const byEditor = eq(t.auditLog.actorLabel, editor.label);
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares[0];
const other = fund?.shares[1];
if (!fund || !share || !other) throw new Error('the demo has aurore-actions-europe with two share classes');

const day1 = addDays(DEMO_AS_OF, 3); // Monday 23 November 2026
const day2 = addDays(DEMO_AS_OF, 4);

async function shareRow(isin: string) {
  const db = await getDb();
  const [row] = await db.select().from(t.shares).where(eq(t.shares.isinCode, isin));
  if (!row) throw new Error(`no share ${isin}`);
  return row;
}

async function auditCount() {
  return (await getDb()).$count(t.auditLog, byEditor);
}

function navFile(lines: string[]) {
  const parsed = parseNavCsv(['isin,date,nav', ...lines].join('\n'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rows;
}

afterAll(async () => {
  // On PostgreSQL the files of a worker share its database: leave it as the seed made it.
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

describe('NAV import through the back-office', () => {
  it('previews rows, date ranges per ISIN and the NAVs that would change, writing nothing', async () => {
    const db = await getDb();
    const { id } = await shareRow(share.isinCode);
    const [last] = await db.select().from(t.navs).where(and(eq(t.navs.shareId, id), eq(t.navs.date, DEMO_AS_OF)));
    // The NAVs of the two share classes the file names: the preview must add none.
    const ofFile = inArray(t.navs.shareId, [id, (await shareRow(other.isinCode)).id]);
    const navsBefore = await db.$count(t.navs, ofFile);
    const preview = await previewNavImport(
      db,
      navFile([`${share.isinCode},${DEMO_AS_OF},${last!.nav + 1}`, `${share.isinCode},${day1},150`, `${other.isinCode},${day1},99`]),
    );
    expect(preview).toMatchObject({ ok: true, rows: 3, added: 2, changed: 1, unchanged: 0 });
    if (!preview.ok) return;
    expect(preview.isins).toContainEqual(
      expect.objectContaining({ series: share.isinCode, from: DEMO_AS_OF, to: day1, rows: 2, added: 1, changed: 1, fundSlug: fund.slug, shareSlug: share.slug }),
    );
    expect(preview.changes).toEqual([{ line: 2, series: share.isinCode, date: DEMO_AS_OF, old: last!.nav, new: last!.nav + 1 }]);
    expect(await db.$count(t.navs, ofFile)).toBe(navsBefore);
  });

  it('rejects a file naming an unknown ISIN whole, with its line', async () => {
    const db = await getDb();
    const result = await commitNavImport(db, navFile([`${share.isinCode},${day1},150`, `FR0000000001,${day1},1`]), editor);
    expect(result).toMatchObject({ ok: false, errors: [{ line: 3, message: 'no share has the ISIN FR0000000001' }] });
    const { id } = await shareRow(share.isinCode);
    expect(await db.$count(t.navs, and(eq(t.navs.shareId, id), gt(t.navs.date, DEMO_AS_OF)))).toBe(0);
  });

  it('commits in one transaction with the recomputed figures and one audit entry; the same file again changes nothing', async () => {
    const db = await getDb();
    const before = (await rawCatalog(db)).lastPrices.get((await shareRow(share.isinCode)).id);
    expect(before?.date).toBe(DEMO_AS_OF);
    const rows = navFile([`${share.isinCode},${day1},${(before!.nav * 1.05).toFixed(4)}`, `${share.isinCode},${day2},${(before!.nav * 1.06).toFixed(4)}`]);
    const audits = await auditCount();
    const first = await commitNavImport(db, rows, editor, { source: 'navs.csv' });
    expect(first).toMatchObject({ ok: true, added: 2, changed: 0, written: 2, recomputed: 1 });
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'nav'), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorLabel: editor.label, action: 'import' });
    expect(entry?.after).toMatchObject({ source: 'navs.csv', added: 2, isins: [{ isin: share.isinCode, from: day1, to: day2 }] });

    // Published at once in this process: the fund catalog already has the new last price.
    const { id } = await shareRow(share.isinCode);
    expect((await rawCatalog(db)).lastPrices.get(id)).toEqual({ date: day2, nav: Number((before!.nav * 1.06).toFixed(4)) });
    const [perf] = await db.select().from(t.sharePerformances).where(eq(t.sharePerformances.shareId, id));
    expect(perf?.asOf).toBe(day2);

    const again = await commitNavImport(db, rows, editor);
    expect(again).toMatchObject({ ok: true, added: 0, changed: 0, unchanged: 2, written: 0, recomputed: 0 });
    expect(await auditCount()).toBe(audits + 1);
  });

  it('corrects one NAV by hand, audited with the old and new values, and recomputes the share', async () => {
    const db = await getDb();
    const result = await correctNav(db, { isin: share.isinCode.toLowerCase(), date: day2, nav: 123.45 }, editor);
    expect(result).toMatchObject({ ok: true, changed: true, nav: 123.45 });
    const { id } = await shareRow(share.isinCode);
    const [perf] = await db.select().from(t.sharePerformances).where(eq(t.sharePerformances.shareId, id));
    expect(perf?.lastNav).toBe(123.45);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entityId, `${share.isinCode}@${day2}`), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ entity: 'nav', action: 'update', after: { nav: 123.45 } });
    expect((entry?.before as { nav: number }).nav).not.toBe(123.45);
    expect(await correctNav(db, { isin: share.isinCode, date: day2, nav: 123.45 }, editor)).toMatchObject({ ok: true, changed: false });
    expect(await correctNav(db, { isin: 'FR0000000001', date: day2, nav: 1 }, editor)).toEqual({ ok: false, error: 'unknown-isin' });
    expect(await correctNav(db, { isin: share.isinCode, date: day2, nav: -1 }, editor)).toEqual({ ok: false, error: 'bad-nav' });
  });
});

describe('benchmark import', () => {
  it('previews, commits with the fund’s shares recomputed, and is idempotent', async () => {
    const db = await getDb();
    const parsed = parseBenchmarkCsv(`benchmark,date,value\n${fund.benchmarkCode},${day1},1000\nidx-unknown,${day1},1\n`);
    if (!parsed.ok) throw new Error('valid syntax');
    expect(await previewBenchmarkImport(db, parsed.rows)).toMatchObject({ ok: false, errors: [{ line: 3, message: 'no benchmark has the code idx-unknown' }] });
    const rows = parsed.rows.slice(0, 1);
    expect(await previewBenchmarkImport(db, rows)).toMatchObject({ ok: true, added: 1, benchmarks: [{ series: fund.benchmarkCode, from: day1, to: day1 }] });
    const committed = await commitBenchmarkImport(db, rows, editor);
    expect(committed).toMatchObject({ ok: true, written: 1, recomputed: fund.shares.length });
    expect(await commitBenchmarkImport(db, rows, editor)).toMatchObject({ ok: true, written: 0, unchanged: 1 });
  });
});

describe('portfolio import', () => {
  const header = 'fund,date,kind,code,name,weight,isin,asset_class,sector,country,label_fr,label_en,label_es';
  const file = [
    header,
    `${fund.slug},2026-11-30,holding,,Solaris Énergie SA,0.05,FR0000128738,equity,utilities,FR,,,`,
    `${share.isinCode},2026-11-30,holding,,"Nordwind Industrie, AG",0.04,,equity,industrials,DE,,,`,
    `${fund.slug},2026-11-30,currency,EUR,,0.9,,,,,Euro,Euro,Euro`,
    `${fund.slug},2026-11-30,currency,USD,,0.1,,,,,Dollar,Dollar,Dólar`,
  ].join('\n');

  it('replaces the lists a file gives for a fund and date, audited, and changes nothing the second time', async () => {
    const db = await getDb();
    const parsed = parsePortfolioCsv(file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(await previewPortfolioImport(db, parsed.rows)).toMatchObject({
      ok: true,
      groups: [
        { fund: fund.slug, date: '2026-11-30', kind: 'holding', rows: 2, stored: 0, status: 'new' },
        { fund: fund.slug, date: '2026-11-30', kind: 'currency', rows: 2, stored: 0, status: 'new' },
      ],
    });
    expect(await commitPortfolioImport(db, parsed.rows, editor)).toMatchObject({ ok: true, written: 4 });
    const [fundRow] = await db.select().from(t.funds).where(eq(t.funds.slug, fund.slug));
    const stored = await db.select().from(t.holdings).where(and(eq(t.holdings.fundId, fundRow!.id), eq(t.holdings.asOf, '2026-11-30')));
    expect(stored.map((h) => [h.position, h.name, h.weight])).toEqual([
      [0, 'Solaris Énergie SA', 0.05],
      [1, 'Nordwind Industrie, AG', 0.04],
    ]);
    const again = await commitPortfolioImport(db, parsed.rows, editor);
    expect(again).toMatchObject({ ok: true, written: 0, groups: [{ status: 'unchanged' }, { status: 'unchanged' }] });

    const changed = parsePortfolioCsv(file.replace('0.9,', '0.8,'));
    if (!changed.ok) throw new Error('valid');
    expect(await commitPortfolioImport(db, changed.rows, editor)).toMatchObject({ written: 2, groups: [{ status: 'unchanged' }, { status: 'replaced' }] });
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'allocation'), eq(t.auditLog.action, 'replace'), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry?.entityId).toBe(`${fund.slug}@2026-11-30#currency`);
  });

  it('rejects an unknown fund with its line', async () => {
    const parsed = parsePortfolioCsv(`${header}\nno-such-fund,2026-11-30,currency,EUR,,1,,,,,Euro,,`);
    if (!parsed.ok) throw new Error('valid syntax');
    expect(await commitPortfolioImport(await getDb(), parsed.rows, editor)).toMatchObject({ ok: false, errors: [{ line: 2, message: 'no fund has the slug no-such-fund' }] });
  });
});

describe('fund AUM', () => {
  it('is edited with its date, audited before and after', async () => {
    const db = await getDb();
    const [row] = await db.select().from(t.funds).where(eq(t.funds.slug, fund.slug));
    expect(await updateFundAum(db, row!.id, { value: 123_456_789.123, date: day1 }, editor)).toEqual({ ok: true, changed: true });
    const [after] = await db.select().from(t.funds).where(eq(t.funds.id, row!.id));
    expect([after?.aumValue, after?.aumDate]).toEqual([123_456_789.12, day1]);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'update-aum'), eq(t.auditLog.entityId, String(row!.id)), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry?.before).toEqual({ value: row!.aumValue, currency: row!.aumCurrencyCode, date: row!.aumDate });
    expect(await updateFundAum(db, row!.id, { value: 123_456_789.12, date: day1 }, editor)).toEqual({ ok: true, changed: false });
    expect(await updateFundAum(db, row!.id, { value: 1, date: day1, currency: 'XXX' }, editor)).toEqual({ ok: false, error: 'unknown-currency' });
  });
});

describe('documents', () => {
  it('replaces a document keeping the previous version as history; the public route serves the new one at once', async () => {
    const db = await getDb();
    const original = await findFundDocument('fr', fund.slug, 'PROSPECTUS', { profile: 'RETAIL', country: 'FR' });
    expect(original).not.toBeNull();
    const pdf = samplePdf('Prospectus 2027');
    const upload = { owner: { fundSlug: fund.slug }, typeCode: 'PROSPECTUS', locale: 'fr', publishedAt: day1, fileName: 'prospectus.pdf', bytes: pdf };
    const result = await uploadDocument(db, upload, editor);
    expect(result).toMatchObject({ ok: true, changed: true, replacedId: original!.id });
    if (!result.ok) return;
    const served = await findFundDocument('fr', fund.slug, 'PROSPECTUS', { profile: 'RETAIL', country: 'FR' });
    expect(served?.id).toBe(result.id);
    expect(served?.publishedAt).toBe(day1);
    // The fund page's catalog lists the new version only.
    const catalog = await rawCatalog(db);
    const listed = catalog.documents.filter((d) => d.documentTypeCode === 'PROSPECTUS' && d.locale === 'fr' && d.fundId === catalog.funds.find((f) => f.slug === fund.slug)?.id);
    expect(listed.map((d) => d.id)).toEqual([result.id]);
    const history = await documentHistory(db, result.id);
    expect(history.map((v) => [v.id, v.supersededAt === null])).toEqual([
      [result.id, true],
      [original!.id, false],
    ]);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'document'), eq(t.auditLog.entityId, String(result.id)))).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'replace', after: { data: { bytes: pdf.byteLength }, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });

    // The same file again changes nothing.
    expect(await uploadDocument(db, upload, editor)).toEqual({ ok: true, id: result.id, changed: false, replacedId: null, tagged: false });

    // Unpublished, the slot shows nothing (older versions are history, never served).
    expect(await setDocumentPublished(db, result.id, false, editor)).toEqual({ ok: true, changed: true });
    expect(await findFundDocument('fr', fund.slug, 'PROSPECTUS', { profile: 'RETAIL', country: 'FR' })).toBeNull();
    expect(await setDocumentPublished(db, result.id, true, editor)).toEqual({ ok: true, changed: true });

    // Deleting the current version brings the previous one back.
    expect(await deleteDocument(db, result.id, editor)).toEqual({ ok: true, restoredId: original!.id });
    expect((await findFundDocument('fr', fund.slug, 'PROSPECTUS', { profile: 'RETAIL', country: 'FR' }))?.id).toBe(original!.id);
  });

  it('uploads a share class KID by ISIN, and refuses a non-PDF named .pdf, an unknown type or owner', async () => {
    const db = await getDb();
    const kid = await uploadDocument(
      db,
      { owner: { isin: other.isinCode }, typeCode: 'KIID', locale: 'en', publishedAt: day1, fileName: 'kid.pdf', bytes: samplePdf('KID') },
      editor,
    );
    expect(kid).toMatchObject({ ok: true, changed: true });
    const served = await findShareDocument('en', fund.slug, other.isinCode, 'KIID', { profile: 'RETAIL', country: 'FR' });
    expect(served && kid.ok && served.id === kid.id).toBe(true);
    expect(served?.fileName).toBe('kid.pdf');

    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    // A file name of its own: whatever the owner a refused upload names, a stored one would carry it.
    const base = { owner: { fundSlug: fund.slug }, typeCode: 'PROSPECTUS', locale: 'fr', publishedAt: day1, fileName: `refused-${run}.pdf`, bytes: samplePdf() };
    const stored = () => db.$count(t.documents, eq(t.documents.fileName, base.fileName));
    const count = await stored();
    expect(await uploadDocument(db, { ...base, bytes: exe }, editor)).toEqual({ ok: false, error: 'not-pdf' });
    expect(await uploadDocument(db, { ...base, typeCode: 'NOPE' }, editor)).toEqual({ ok: false, error: 'unknown-type' });
    expect(await uploadDocument(db, { ...base, owner: { fundSlug: 'nope' } }, editor)).toEqual({ ok: false, error: 'unknown-owner' });
    expect(await uploadDocument(db, { ...base, locale: 'de' }, editor)).toEqual({ ok: false, error: 'bad-locale' });
    expect(await stored()).toBe(count);
  });

  it('stores whether each uploaded PDF is tagged: an untagged one is accepted all the same, and the library carries the answer', async () => {
    const db = await getDb();
    // The seed's demo PDFs were read as the uploads are: not tagged.
    const seeded = await db.select({ tagged: t.documents.tagged }).from(t.documents).where(eq(t.documents.documentTypeCode, 'ANNUAL_REPORT'));
    expect(seeded.length).toBeGreaterThan(0);
    expect(new Set(seeded.map((r) => r.tagged))).toEqual(new Set([false]));

    const base = { owner: { isin: share.isinCode }, typeCode: 'KIID', publishedAt: day2, fileName: 'kid.pdf' };
    const tagged = await uploadDocument(db, { ...base, locale: 'fr', bytes: sampleTaggedPdf('DIC balisé') }, editor);
    const untagged = await uploadDocument(db, { ...base, locale: 'en', bytes: samplePdf('KID untagged') }, editor);
    expect(tagged).toMatchObject({ ok: true, changed: true, tagged: true });
    expect(untagged).toMatchObject({ ok: true, changed: true, tagged: false });
    if (!tagged.ok || !untagged.ok) return;
    const stored = await db.select({ id: t.documents.id, tagged: t.documents.tagged }).from(t.documents).where(inArray(t.documents.id, [tagged.id, untagged.id]));
    expect(Object.fromEntries(stored.map((r) => [r.id, r.tagged]))).toEqual({ [tagged.id]: true, [untagged.id]: false });
    expect((await documentHistory(db, tagged.id))[0]?.tagged).toBe(true);

    // The library (from the catalog the fund pages read) says which is tagged.
    const audience = { profile: 'RETAIL', country: 'FR' } as const;
    const facets = await libraryFacets('en', audience);
    const { rows } = await currentLibraryPage(audience, { ...EMPTY_LIBRARY_QUERY, share: share.isinCode, type: 'KIID' }, facets);
    expect(rows.find((r) => r.locale === 'fr')?.tagged).toBe(true);
    expect(rows.find((r) => r.locale === 'en')?.tagged).toBe(false);
    expect(rows.filter((r) => r.locale !== 'fr').every((r) => r.tagged === false)).toBe(true);
  });
});

describe('GraphQL answers', () => {
  it('are dropped by a publication', async () => {
    const db = await getDb();
    await graphqlResponseCache.set('probe', { data: { ok: true } }, [], 60_000);
    expect(await graphqlResponseCache.get('probe')).toEqual({ data: { ok: true } });
    const [row] = await db.select().from(t.funds).where(eq(t.funds.slug, fund.slug));
    await updateFundAum(db, row!.id, { value: 42, date: day2 }, editor);
    expect(await graphqlResponseCache.get('probe')).toBeNull();
  });
});
