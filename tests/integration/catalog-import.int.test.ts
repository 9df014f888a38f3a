/**
 * Filling a catalogue from a third party's EMT (issue 43, docs/back-office.md, Imports): a file of 20
 * new share classes of four funds (and two ISINs the catalogue already holds) is previewed, proposed
 * once, approved by compliance, and creates the funds and share classes with their target market and
 * costs, registered in the home country: their share pages are served to that audience. A file with
 * one bad line is refused whole and stores nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../src/domain/csv/write';
import { CATALOG_IMPORT_LIMITS } from '../../src/domain/distribution/findatex/catalog';
import { emtRow, findatexTable, type EmtShare } from '../../src/domain/distribution/findatex/emt';
import { readFindatexCsv, type FindatexLine } from '../../src/domain/distribution/findatex/read';
import type { Row } from '../../src/domain/distribution/findatex/validate';
import { isinWithCheckDigit } from '../../src/domain/funds/isin';
import { isKnownPagePath } from '../../src/domain/routing/known-paths';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { commitCatalogImport, previewCatalogImport } from '../../src/server/distribution/catalog-import';
import { getShare } from '../../src/server/funds/queries';
import { loadRouteCatalog } from '../../src/server/http/route-catalog';
import { CatalogImportPreview } from '../../src/app/admin/(staff)/imports/_catalog-preview';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const AT = new Date('2026-11-27T08:30:00Z');
// Letters and digits of the run, so that a PostgreSQL shared by several test files holds each run's ISINs once.
const stem = run.replace(/[^0-9a-f]/g, '').toUpperCase().slice(0, 5).padEnd(5, '0');
const isin = (n: number) => isinWithCheckDigit(`XS${stem}${String(n).padStart(4, '0')}`);

const MARKET: EmtShare['targetMarket'] = {
  investorType: { retail: 'Y', professional: 'Y', eligibleCounterparty: 'Y' },
  knowledge: { basic: 'Y', informed: 'Y', advanced: 'Y' },
  lossBearing: { noCapitalLoss: 'N', limitedCapitalLoss: null, limitedLossLevel: null, noCapitalGuarantee: 'Y', lossBeyondCapital: 'N' },
  returnProfile: { preservation: 'N', growth: 'Y', income: 'N', hedging: 'N' },
  sustainabilityPreferences: 'Neutral',
  distribution: { executionOnly: 'R', appropriateness: 'R', advice: 'R', portfolioManagement: 'R' },
};

/** Four funds of five share classes each: I, R, N, G and C, with costs that differ by share. */
const FUNDS = ['Actions Europe', 'Crédit Euro', 'Patrimoine', 'Trésorerie'].map((name) => `Horizon ${run} ${name}`);
function newRows(): Row[] {
  return FUNDS.flatMap((fund, f) =>
    ['I', 'R', 'N', 'G', 'C'].map((share, s) => {
      const n = f * 5 + s + 1;
      const data: EmtShare = {
        isin: isin(n),
        name: `${fund} - ${share}`,
        currency: s === 4 ? 'USD' : 'EUR',
        productType: f === 3 ? 'UM' : 'U',
        performanceFee: false,
        distributesCash: false,
        manufacturer: { name: 'Horizon AM', lei: null, email: null },
        referenceDate: '2026-10-31',
        sri: f === 3 ? 1 : 4,
        recommendedHoldingYears: f === 3 ? 1 : 5,
        // The institutional class is for professionals only.
        targetMarket: share === 'I' ? { ...MARKET, investorType: { retail: 'N', professional: 'Y', eligibleCounterparty: 'Y' } } : MARKET,
        targetMarketDate: '2026-10-01',
        exAnte: { entry: 0.01 * s, exit: 0, ongoing: 0.01 + n / 10_000, managementFee: 0.008, distributionFee: null, transaction: 0.001, incidental: 0, referenceDate: '2026-10-01' },
        exPost: null,
      };
      return emtRow(data, AT);
    }),
  );
}

const file = (rows: Row[]) => toCsv(findatexTable('emt-4.3', rows), { delimiter: ';', bom: true });
function read(text: string): FindatexLine[] {
  const result = readFindatexCsv(text, CATALOG_IMPORT_LIMITS);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rows;
}
const input = (name: string, text: string, rows: FindatexLine[]) => ({ rows, fileName: name, sha256: createHash('sha256').update(text).digest('hex') });

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `catalog-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

async function sharesOf(isins: string[]) {
  const db = await getDb();
  return db
    .select({ isin: t.shares.isinCode, slug: t.shares.slug, name: t.shares.name, fundSlug: t.funds.slug, currency: t.shares.currencyCode, data: t.shareDistributions.data })
    .from(t.shares)
    .innerJoin(t.funds, eq(t.funds.id, t.shares.fundId))
    .leftJoin(t.shareDistributions, eq(t.shareDistributions.shareId, t.shares.id))
    .where(inArray(t.shares.isinCode, isins));
}

describe('new funds and share classes from an EMT', () => {
  it('a file of 20 new share classes is previewed, proposed, approved by compliance; the share pages are served where they are registered', async () => {
    const db = await getDb();
    // Two share classes the catalogue holds (the demo's) are left to the update import.
    const [known] = await db.select({ isin: t.shares.isinCode }).from(t.shares).limit(1);
    if (!known) throw new Error('no demo share');
    const existingRow = { ...newRows()[0]!, '00010_Financial_Instrument_Identifying_Data': known.isin, '00030_Financial_Instrument_Name': 'Demo - A' };
    const text = file([...newRows(), existingRow]);
    const rows = read(text);
    const isins = Array.from({ length: 20 }, (_, i) => isin(i + 1));

    const preview = await previewCatalogImport(db, rows);
    if (!preview.ok) throw new Error(JSON.stringify(preview.errors));
    expect(preview).toMatchObject({ rows: 21, shareCount: 20, existing: [{ line: 22, isin: known.isin }], country: 'FR' });
    expect(preview.funds.map((f) => [f.name, f.shares.length])).toEqual(FUNDS.map((name) => [name, 5]).sort(([a], [b]) => String(a).localeCompare(String(b), 'fr')));
    expect(preview.funds.find((f) => f.name.endsWith('Trésorerie'))).toMatchObject({ productType: 'UM', riskLevel: 1, holdingYears: 1 });
    expect(await sharesOf(isins)).toEqual([]);
    // The screen's preview, in French: the counts, and each share class with its fund, target market and costs.
    const html = renderToStaticMarkup(createElement(CatalogImportPreview, { preview, locale: 'fr' }));
    expect(html).toContain('21 lignes : 4 fonds et 20 parts à créer, 1 déjà au catalogue.');
    expect(html).toContain(`Déjà au catalogue (laissés à l’import de mise à jour) : ${known.isin}.`);
    for (const n of isins) expect(html).toContain(n);
    expect(html).toContain('Non professionnels N, professionnels Y, contreparties éligibles Y ; profils : INSTIT');

    const proposed = await saveChange(db, 'import.catalog', input('horizon-emt.csv', text, rows), people.editor, { note: 'Catalogue Horizon', areas: ['funds'] });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    const pending = await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(and(eq(t.proposedChange.kind, 'import.catalog'), eq(t.proposedChange.status, 'pending'), eq(t.proposedChange.authorId, people.editor.id)));
    expect(pending.map((p) => p.id)).toEqual([proposed.id]);
    expect(await sharesOf(isins)).toEqual([]);

    expect(await approveChange(db, proposed.id, people.editor)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await proposalById(db, proposed.id)).toMatchObject({ status: 'published' });

    const created = await sharesOf(isins);
    expect(created).toHaveLength(20);
    const byIsin = new Map(created.map((s) => [s.isin, s]));
    for (const line of rows.filter((r) => r.isin !== known.isin)) {
      if (line.template !== 'emt') continue;
      const share = byIsin.get(line.isin);
      expect(share?.data?.targetMarket).toEqual(line.parts.targetMarket);
      expect(share?.data?.exAnte).toEqual(line.parts.exAnte);
      expect(share?.currency).toBe(line.identity.currency);
    }
    expect(new Set(created.map((s) => s.fundSlug)).size).toBe(4);
    expect(byIsin.get(isin(1))).toMatchObject({ name: 'I', slug: 'i', fundSlug: `horizon-${run}-actions-europe` });

    // One audit entry by the proposal's author.
    const audits = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'fund'), eq(t.auditLog.action, 'import'), eq(t.auditLog.actorId, people.editor.id)));
    expect(audits).toHaveLength(1);

    // The proxy knows their addresses (/en/funds/{fund}/shares/{share}): they are not answered 404.
    const routes = await loadRouteCatalog(db);
    for (const share of created) expect(isKnownPagePath(['funds', share.fundSlug, 'shares', share.slug], 'en', routes), share.slug).toBe(true);

    // Every share page is served to a retail investor in France, except the institutional classes, served to professionals only.
    for (const share of created) {
      const institutional = share.name === 'I';
      const retail = await getShare('en', share.fundSlug, share.slug, { profile: 'RETAIL', country: 'FR' });
      const professional = await getShare('en', share.fundSlug, share.slug, { profile: 'INSTIT', country: 'FR' });
      expect(retail === null).toBe(institutional);
      expect(professional?.share.isinCode).toBe(share.isin);
      // Not registered elsewhere: the registration matrix decides.
      expect(await getShare('en', share.fundSlug, share.slug, { profile: 'INSTIT', country: 'ES' })).toBeNull();
    }

    // The same file again creates nothing: its ISINs are in the catalogue.
    expect(await saveChange(db, 'import.catalog', input('horizon-emt.csv', text, rows), people.editor, { areas: ['funds'] })).toEqual({ mode: 'unchanged' });
    expect(await commitCatalogImport(db, rows, { type: 'system', label: run })).toMatchObject({ ok: true, written: 0, shareCount: 0 });
    expect(await sharesOf(isins)).toHaveLength(20);
  });

  it('a file with a bad line is refused whole, every bad line named, and stores nothing', async () => {
    const db = await getDb();
    const good = newRows().map((r, i) => ({ ...r, '00010_Financial_Instrument_Identifying_Data': isin(100 + i), '00030_Financial_Instrument_Name': `Refused ${r['00030_Financial_Instrument_Name'] ?? ''}` }));
    const bad = good.map((r, i) => (i === 3 ? { ...r, '05080_Minimum_Recommended_Holding_Period': 'L' } : i === 7 ? { ...r, '04010_Risk_Tolerance_PRIIPS_Methodology': '' } : r));
    const text = file(bad);
    const rows = read(text);
    const isins = good.map((r) => r['00010_Financial_Instrument_Identifying_Data'] ?? '');
    const preview = await previewCatalogImport(db, rows);
    expect(preview.ok ? [] : preview.errors.map((e) => [e.line, e.params.field, e.params.problem])).toEqual([
      [5, '05080_Minimum_Recommended_Holding_Period', 'holding-years'],
      [9, '04010_Risk_Tolerance_PRIIPS_Methodology', 'missing'],
    ]);
    const outcome = await saveChange(db, 'import.catalog', input('refused.csv', text, rows), people.editor, { areas: ['funds'] });
    expect(outcome.mode).toBe('invalid');
    expect(await commitCatalogImport(db, rows, { type: 'system', label: run })).toMatchObject({ ok: false });
    expect(await sharesOf(isins)).toEqual([]);
    expect(await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(and(eq(t.proposedChange.kind, 'import.catalog'), eq(t.proposedChange.targetLabel, 'refused.csv')))).toEqual([]);
  });
});
