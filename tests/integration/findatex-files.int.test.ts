import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as shareFile } from '../../src/app/e/[locale]/data/funds/[fundSlug]/[isin]/[file]/route';
import { GET as rangeFile } from '../../src/app/e/[locale]/data/findatex/[file]/route';
import { eetFlagIn } from '../../src/domain/distribution/findatex/eet';
import { emtFlagIn } from '../../src/domain/distribution/findatex/emt';
import { eptFlagIn } from '../../src/domain/distribution/findatex/ept';
import { TEMPLATES } from '../../src/domain/distribution/findatex/templates';
import { validateRow, type Row } from '../../src/domain/distribution/findatex/validate';
import { scenarioMonths } from '../../src/domain/performance/scenarios';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { findatexReport } from '../../src/server/distribution/findatex';
import { clearMemoryCaches } from '../../src/server/cache/registry';
import { getFund } from '../../src/server/funds/queries';
import { shareScenarios } from '../../src/server/scenarios/queries';
import { GET as apiFile } from '../../src/app/api/admin/v1/findatex/[file]/route';
import { createApiToken } from '../../src/server/auth/tokens';
import { parseCsv } from '../support/csv';

const FLAG_IN = { emt: emtFlagIn, ept: eptFlagIn, eet: eetFlagIn } as const;
const INSTIT = 'investor_profile=INSTIT; investor_country=FR';

async function range(path: string, cookie = INSTIT) {
  const [, , locale, , , file] = path.split('?')[0]!.split('/');
  return rangeFile(new Request(`http://localhost${path}`, { headers: { cookie } }), { params: Promise.resolve({ locale: locale ?? '', file: file ?? '' }) });
}

async function perShare(path: string, cookie = INSTIT) {
  const [, , locale, , , fundSlug, isin, file] = path.split('?')[0]!.split('/');
  return shareFile(new Request(`http://localhost${path}`, { headers: { cookie } }), {
    params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', isin: isin ?? '', file: file ?? '' }),
  });
}

async function xlsxTable(response: Response): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c += 1) {
      const value = row.getCell(c).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

const asRows = (table: string[][]): Row[] => table.slice(1).map((cells) => Object.fromEntries((table[0] ?? []).map((code, i) => [code, cells[i] === '' ? undefined : cells[i]])));

describe('FinDatEx files (/e/{locale}/data/findatex/{file}, …/funds/{fund}/{ISIN}/{file})', () => {
  for (const [template, version] of [
    ['emt', 'emt-4.3'],
    ['ept', 'ept-2.1'],
    ['eet', 'eet-1.1.2'],
  ] as const) {
    it(`${template.toUpperCase()}: the CSV and the XLSX have the template's columns in order and every row keeps its rules`, async () => {
      const codes = TEMPLATES[version].fields.map((f) => f.code);
      const csv = await range(`/e/en/data/findatex/${template}.csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="range-${template.toUpperCase()}-V[0-9.]+-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
      const table = parseCsv(await csv.text(), ';');
      expect(table[0]).toEqual(codes);
      expect(table.length).toBeGreaterThan(10);
      for (const row of asRows(table)) expect(validateRow(TEMPLATES[version].fields, row, FLAG_IN[template](row)), JSON.stringify(row).slice(0, 80)).toEqual([]);

      const xlsx = await range(`/e/en/data/findatex/${template}.xlsx`);
      expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const sheet = await xlsxTable(xlsx);
      expect(sheet[0]).toEqual(codes);
      expect(sheet.length).toBe(table.length);
      // The same values: numbers as numbers, the rest as the CSV's text.
      for (let r = 1; r < table.length; r += 1) {
        for (let c = 0; c < codes.length; c += 1) {
          const a = table[r]?.[c] ?? '';
          const b = sheet[r]?.[c] ?? '';
          if (a !== b) expect(Number(b), `${codes[c]} row ${r}`).toBe(Number(a));
        }
      }
    });
  }

  it('gives every active demo share a row of the EMT and the EET, and of the EPT once it has a KID and scenarios', async () => {
    const db = await getDb();
    const report = await findatexReport(db, 'en');
    const shares = await db.select({ id: t.shares.id, isin: t.shares.isinCode }).from(t.shares).innerJoin(t.funds, eq(t.funds.id, t.shares.fundId)).where(and(eq(t.shares.active, true), eq(t.funds.active, true)));
    const kids = new Set((await db.select({ id: t.documents.shareId }).from(t.documents).where(and(eq(t.documents.documentTypeCode, 'KIID'), eq(t.documents.published, true)))).map((d) => d.id));
    const withScenarios = new Set((await db.selectDistinct({ id: t.performanceScenarios.shareId }).from(t.performanceScenarios)).map((s) => s.id));
    for (const version of ['emt-4.3', 'emt-4.2', 'eet-1.1.2']) {
      const entry = report.find((r) => r.version === version);
      expect(entry?.excluded, version).toEqual([]);
      expect(entry?.served, version).toBe(shares.length);
    }
    // The demo keeps a share class whose KID is not published and one too young for scenarios: both are left out of the EPT, and say why.
    const expected = shares
      .filter((s) => !kids.has(s.id) || !withScenarios.has(s.id))
      .map((s) => [s.isin, [...(withScenarios.has(s.id) ? [] : ['02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date']), ...(kids.has(s.id) ? [] : ['00070_PRIIPs_KID_Publication_Date'])]]);
    expect(expected.length).toBeGreaterThan(0);
    const ept = report.find((r) => r.version === 'ept-2.1');
    expect(ept?.excluded.map((e) => [e.isin, e.errors.map((x) => x.code)]).sort()).toEqual(expected.sort());
    expect(ept?.served).toBe(shares.length - expected.length);
  });

  it('writes the figures the pages print: the SRI, the ongoing costs, the latest month of scenarios', async () => {
    const fixture = funds.find((f) => f.slug === 'aurore-actions-europe');
    const fund = await getFund('en', fixture?.slug ?? '', { profile: 'INSTIT', country: 'FR' });
    const share = fund?.shares.find((s) => s.isMain);
    if (!fund || !share || !share.distribution) throw new Error('no demo share');
    const base = `/e/en/data/funds/${fund.slug}/${share.isinCode}`;
    const emt = asRows(parseCsv(await (await perShare(`${base}/emt.csv`)).text(), ';'));
    expect(emt).toHaveLength(1);
    expect(emt[0]?.['00010_Financial_Instrument_Identifying_Data']).toBe(share.isinCode);
    expect(emt[0]?.['04010_Risk_Tolerance_PRIIPS_Methodology']).toBe(String(share.sriLevel));
    expect(Number(emt[0]?.['07100_Financial_Instrument_Gross_Ongoing_Costs'])).toBe(share.distribution.costs.exAnte.ongoing);
    expect(Number(emt[0]?.['05080_Minimum_Recommended_Holding_Period'])).toBe(fund.minRecommendedInvestmentDuration);

    const ept = asRows(parseCsv(await (await perShare(`${base}/ept.csv`)).text(), ';'))[0] ?? {};
    const [latest] = scenarioMonths(await shareScenarios(share.id));
    const years = fund.minRecommendedInvestmentDuration;
    expect(Number(ept['02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date'])).toBeCloseTo(latest?.figures.moderate[years]?.annualReturn ?? NaN, 10);
    expect(Number(ept['02120_Portfolio_Return_Stress_Scenario_RHP_Or_First_Call_Date'])).toBeCloseTo(latest?.figures.stress[years]?.annualReturn ?? NaN, 10);
    expect(Number(ept['02040_Portfolio_Return_Moderate_Scenario_1_Year'])).toBeCloseTo(latest?.figures.moderate[1]?.annualReturn ?? NaN, 10);
    expect(ept['01090_SRI']).toBe(String(share.sriLevel));
    expect(Number(ept['03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs'])).toBe(share.distribution.costs.exAnte.ongoing);
    expect(ept['00120_Reference_Language']).toBe('eng');
    const fr = asRows(parseCsv(await (await perShare(`/e/fr/data/funds/${fund.slug}/${share.isinCode}/ept.csv`)).text(), ';'))[0] ?? {};
    expect(fr['00120_Reference_Language']).toBe('fra');
    expect(fr['04120_One_Off_Cost_Portfolio_Entry_Cost_Description']).toMatch(/montant que vous payez/);

    const eet = asRows(parseCsv(await (await perShare(`${base}/eet.csv`)).text(), ';'))[0] ?? {};
    expect(eet['20000_Financial_Instrument_Identifying_Data']).toBe(share.isinCode);
    expect(eet['20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment']).toMatch(/^[YN]$/);
  });

  it('serves the EMT V4.2 on request, and answers 404 to a bad file, version or share', async () => {
    const old = await range('/e/en/data/findatex/emt.csv?version=4.2');
    expect(parseCsv(await old.text(), ';')[0]).toEqual(TEMPLATES['emt-4.2'].fields.map((f) => f.code));
    for (const path of ['/e/en/data/findatex/emt.csv?version=4.1', '/e/en/data/findatex/ept.csv?version=4.2', '/e/en/data/findatex/emt.xls', '/e/xx/data/findatex/emt.csv', '/e/en/data/findatex/EMT.csv']) {
      expect((await range(path)).status, path).toBe(404);
    }
    const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
    const share = fund?.shares[0];
    expect((await perShare(`/e/en/data/funds/${fund?.slug}/${share?.isinCode}/emt.csv?version=9`)).status).toBe(404);
    expect((await perShare(`/e/en/data/funds/${fund?.slug}/FR0000000000/emt.csv`)).status).toBe(404);
  });

  it('shows each audience only the shares it may see', async () => {
    const retail = asRows(parseCsv(await (await range('/e/en/data/findatex/emt.csv', 'investor_profile=RETAIL; investor_country=FR')).text(), ';'));
    const instit = asRows(parseCsv(await (await range('/e/en/data/findatex/emt.csv')).text(), ';'));
    const isins = (rows: Row[]) => new Set(rows.map((r) => r['00010_Financial_Instrument_Identifying_Data']));
    const hidden = funds.flatMap((f) => f.shares.filter((s) => !s.visibleTo.includes('RETAIL') || !f.visibleTo.includes('RETAIL')).map((s) => s.isinCode));
    expect(hidden.length).toBeGreaterThan(0);
    for (const isin of hidden) expect(isins(retail).has(isin), isin).toBe(false);
    expect(isins(instit).size).toBeGreaterThan(isins(retail).size);
    const fund = funds.find((f) => f.shares.some((s) => hidden.includes(s.isinCode)));
    const share = fund?.shares.find((s) => hidden.includes(s.isinCode));
    expect((await perShare(`/e/en/data/funds/${fund?.slug}/${share?.isinCode}/emt.csv`, 'investor_profile=RETAIL; investor_country=FR')).status).toBe(404);
  });

  it('leaves out, and reports, a share whose data break a rule of the template; the file changes once published', async () => {
    const db = await getDb();
    const fixture = funds.find((f) => f.slug === 'aurore-actions-europe');
    const share = fixture?.shares.find((s) => s.isMain);
    const [row] = await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, share?.isinCode ?? ''));
    // On PostgreSQL the files of a Vitest worker share one database: the scenarios go back afterwards
    // (tests/integration/regulatory-publications.int.test.ts reads this share's).
    const scenarios = await db.select().from(t.performanceScenarios).where(eq(t.performanceScenarios.shareId, row?.id ?? 0));
    expect(scenarios.length).toBeGreaterThan(0);
    await db.delete(t.performanceScenarios).where(eq(t.performanceScenarios.shareId, row?.id ?? 0));
    try {
      clearMemoryCaches(['funds']);
      const report = await findatexReport(db, 'en');
      const ept = report.find((r) => r.version === 'ept-2.1');
      expect(ept?.excluded.find((e) => e.isin === share?.isinCode)?.errors.map((x) => x.code)).toEqual(['02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date']);
      expect(report.find((r) => r.version === 'emt-4.3')?.excluded).toEqual([]);
      const rows = asRows(parseCsv(await (await range('/e/en/data/findatex/ept.csv')).text(), ';'));
      expect(rows.some((r) => r['00030_Portfolio_Identifying_Data'] === share?.isinCode)).toBe(false);
      expect((await perShare(`/e/en/data/funds/${fixture?.slug}/${share?.isinCode}/ept.csv`)).status).toBe(404);
      expect((await perShare(`/e/en/data/funds/${fixture?.slug}/${share?.isinCode}/emt.csv`)).status).toBe(200);
    } finally {
      await db.insert(t.performanceScenarios).values(scenarios);
      clearMemoryCaches(['funds']);
    }
  });

  it('lets a distributor pull every active share with a findatex:read token, and no other token', async () => {
    const db = await getDb();
    const system = { type: 'system', label: 'findatex test' } as const;
    const reader = await createApiToken(db, { name: 'Distributor', scope: 'findatex:read', days: 30, createdBy: null }, system);
    const navs = await createApiToken(db, { name: 'NAV feed', scope: 'navs', days: 30, createdBy: null }, system);
    const pull = (file: string, token: string | null, query = '') =>
      apiFile(new Request(`http://localhost/api/admin/v1/findatex/${file}${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }), { params: Promise.resolve({ file }) });
    expect((await pull('emt.csv', null)).status).toBe(401);
    expect((await pull('emt.csv', navs.token)).status).toBe(403);
    const res = await pull('emt.csv', reader.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = asRows(parseCsv(await res.text(), ';'));
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.shares).innerJoin(t.funds, eq(t.funds.id, t.shares.fundId)).where(and(eq(t.shares.active, true), eq(t.funds.active, true))) as [{ count: number }];
    expect(rows).toHaveLength(count);
    const ept = asRows(parseCsv(await (await pull('ept.csv', reader.token, '?language=es')).text(), ';'));
    expect(ept[0]?.['00120_Reference_Language']).toBe('spa');
    expect((await pull('ept.csv', reader.token, '?language=de')).status).toBe(400);
    expect((await pull('emt.csv', reader.token, '?version=4.1')).status).toBe(404);
    expect((await pull('emt.json', reader.token)).status).toBe(404);
    expect(parseCsv(await (await pull('emt.csv', reader.token, '?version=4.2')).text(), ';')[0]).toEqual(TEMPLATES['emt-4.2'].fields.map((f) => f.code));
  });

  it('compresses a range CSV once and sends it through the server’s route encoding; an XLSX goes as it is', async () => {
    const plain = await (await range('/e/en/data/findatex/emt.csv')).text();
    const ask = (file: string, encoding: string) =>
      rangeFile(new Request(`http://localhost/e/en/data/findatex/${file}`, { headers: { cookie: INSTIT, 'accept-encoding': encoding, 'x-fundhouse-content-encoding': 'accepted' } }), {
        params: Promise.resolve({ locale: 'en', file }),
      });
    const br = await ask('emt.csv', 'gzip, deflate, br');
    expect(br.headers.get('x-fundhouse-content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(plain);
    const gz = await ask('emt.csv', 'gzip');
    expect(gz.headers.get('x-fundhouse-content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(plain);
    expect(gz.headers.get('etag')).toBe(br.headers.get('etag'));
    expect((await ask('emt.xlsx', 'br')).headers.get('x-fundhouse-content-encoding')).toBeNull();
    // Without the server's word (next dev, a test), the bytes go as they are.
    expect((await range('/e/en/data/findatex/emt.csv')).headers.get('x-fundhouse-content-encoding')).toBeNull();
  });
});

