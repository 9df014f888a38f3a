import { describe, expect, it } from 'vitest';
import { toCsv } from '../../csv/write';
import type { ShareDistribution } from '../data';
import { eetRow, type EetShare, type SfdrProductData } from './eet';
import { emtRow, findatexTable, type EmtShare } from './emt';
import { applyEmtLine, checkEetLine, FINDATEX_IMPORT_LIMITS, readFindatexCsv, type EetLine, type EmtLine } from './read';
import type { TemplateKey } from './templates';
import type { Row } from './validate';
import { SAMPLE_EMT_SHARE } from '../sample.fixture';

const AT = new Date('2026-11-28T14:05:09Z');
const SHARE: EmtShare = SAMPLE_EMT_SHARE;
const STORED: ShareDistribution = {
  targetMarket: { ...SHARE.targetMarket, knowledge: { basic: 'N', informed: 'Y', advanced: 'Y' } },
  targetMarketDate: '2025-01-02',
  exAnte: { entry: 0.03, exit: 0, ongoing: 0.02, managementFee: 0.018, distributionFee: null, transaction: 0.001, incidental: 0 },
  exAnteDate: '2025-01-02',
  exPost: null,
  priips: { productType: 'U', category: 2, mrm: 4, crm: 1, liquidityRisk: 'L', valuationFrequency: '252', benchmarkUsedForScenarios: false, comprehensionAlert: false },
};

const file = (version: TemplateKey, rows: Row[], options: { delimiter?: ',' | ';'; bom?: boolean } = {}) => toCsv(findatexTable(version, rows), options);
const edit = (row: Row, changes: Record<string, string>): Row => ({ ...row, ...changes });

describe('readFindatexCsv: an EMT', () => {
  it('reads back what emtRow writes, V4.3 with a BOM and `,`, V4.2 with `;` and no BOM', () => {
    for (const [version, options] of [['emt-4.3', { bom: true }], ['emt-4.2', { delimiter: ';', bom: false }]] as const) {
      const read = readFindatexCsv(file(version, [emtRow(SHARE, AT, version)], options));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read).toMatchObject({ template: 'emt', version });
      const [line] = read.rows as EmtLine[];
      expect(line).toMatchObject({ line: 2, isin: SHARE.isin, sri: 4 });
      expect(line?.parts).toEqual({
        targetMarket: SHARE.targetMarket,
        targetMarketDate: '2026-01-02',
        exAnte: { entry: 0.02, exit: 0, ongoing: 0.0185, managementFee: 0.016, distributionFee: null, transaction: 0.0012, incidental: 0 },
        exAnteDate: '2026-01-02',
        exPost: SHARE.exPost,
      });
    }
  });

  it('names every bad field by its line and field code', () => {
    const good = emtRow(SHARE, AT);
    const other = { ...emtRow({ ...SHARE, isin: 'LU2104583716' }, AT) };
    const read = readFindatexCsv(
      file('emt-4.3', [
        edit(good, { '07100_Financial_Instrument_Gross_Ongoing_Costs': '1,85%' }),
        other,
        edit({ ...good, '00010_Financial_Instrument_Identifying_Data': 'FR0010135104' }, { '01010_Investor_Type_Retail': 'Maybe', '01000_Target_Market_Reference_Date': '' }),
      ]),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((e) => [e.line, e.params.field, e.params.problem])).toEqual([
      [2, '07100_Financial_Instrument_Gross_Ongoing_Costs', 'not-a-number'],
      [4, '00010_Financial_Instrument_Identifying_Data', 'not-an-isin'],
      [4, '01000_Target_Market_Reference_Date', 'missing'],
      [4, '01010_Investor_Type_Retail', 'not-in-list'],
    ]);
    expect(read.errors[0]?.message).toBe('field 07100_Financial_Instrument_Gross_Ongoing_Costs: not-a-number ("1,85%")');
  });

  it('needs a section only on the lines that report it: ex-post costs left out when 00008 says N', () => {
    const row = edit(emtRow({ ...SHARE, exPost: null }, AT), {});
    const read = readFindatexCsv(file('emt-4.3', [row]));
    expect(read.ok && (read.rows[0] as EmtLine).parts.exPost).toBeUndefined();
    const broken = readFindatexCsv(file('emt-4.3', [edit(row, { '00008_EMT_Data_Reporting_Ex_Post': 'Y' })]));
    expect(broken.ok ? [] : broken.errors.map((e) => e.params.field)).toContain('08030_Financial_Instrument_Ongoing_Costs_Ex_Post');
  });

  it('refuses a header with an unknown, a duplicate or a missing mandatory column, at the header line', () => {
    const [codes, cells] = findatexTable('emt-4.3', [emtRow(SHARE, AT)]) as [string[], string[]];
    const header = [...codes.filter((c) => c !== '00030_Financial_Instrument_Name'), 'My_Own_Column', '00040_Financial_Instrument_Currency'];
    const row = [...cells.filter((_, i) => codes[i] !== '00030_Financial_Instrument_Name'), 'x', 'EUR'];
    const read = readFindatexCsv(toCsv([header, row]));
    expect(read.ok ? [] : read.errors.map((e) => [e.line, e.params.field, e.params.problem])).toEqual([
      [1, 'My_Own_Column', 'unknown-column'],
      [1, '00040_Financial_Instrument_Currency', 'duplicate-column'],
      [1, '00030_Financial_Instrument_Name', 'missing-column'],
    ]);
  });

  it('refuses a version it does not know, a file of no template, a duplicate ISIN', () => {
    const row = emtRow(SHARE, AT);
    const v41 = readFindatexCsv(file('emt-4.3', [edit(row, { '00001_EMT_Version': 'V4.1' })]));
    expect(v41.ok ? null : v41.errors[0]?.params).toMatchObject({ field: '00001_EMT_Version', problem: 'unknown-version', value: 'V4.1' });
    const none = readFindatexCsv('isin,nav\r\nFR0010135103,1\r\n');
    expect(none.ok ? null : none.errors[0]?.params.problem).toBe('unknown-template');
    const twice = readFindatexCsv(file('emt-4.3', [row, row]));
    expect(twice.ok ? null : twice.errors.map((e) => [e.line, e.params.problem])).toEqual([[3, 'duplicate-isin']]);
  });

  it('refuses a file beyond its bounds before reading its lines', () => {
    const big = readFindatexCsv('x'.repeat(FINDATEX_IMPORT_LIMITS.maxBytes + 1));
    expect(big.ok ? null : big.errors[0]?.code).toBe('file-too-large');
    const rows = Array.from({ length: 4 }, () => emtRow(SHARE, AT));
    const many = readFindatexCsv(file('emt-4.3', rows), { ...FINDATEX_IMPORT_LIMITS, maxRows: 3 });
    expect(many.ok ? null : many.errors[0]).toMatchObject({ line: 5, code: 'too-many-rows' });
    const wide = readFindatexCsv(file('emt-4.3', rows), { ...FINDATEX_IMPORT_LIMITS, maxColumns: 50 });
    expect(wide.ok ? null : wide.errors[0]?.params.problem).toBe('too-many-columns');
  });
});

describe('applyEmtLine', () => {
  const line = (): EmtLine => {
    const read = readFindatexCsv(file('emt-4.3', [emtRow(SHARE, AT)]));
    if (!read.ok) throw new Error('unreadable');
    return read.rows[0] as EmtLine;
  };

  it('replaces the sections the line reports and keeps the stored PRIIPs answers', () => {
    const applied = applyEmtLine(STORED, line(), 4);
    expect(applied).toEqual({ ok: true, data: { ...STORED, targetMarket: SHARE.targetMarket, targetMarketDate: '2026-01-02', exAnte: { ...STORED.exAnte, entry: 0.02, ongoing: 0.0185, managementFee: 0.016, transaction: 0.0012 }, exAnteDate: '2026-01-02', exPost: SHARE.exPost } });
  });

  it('names the rules between fields by their field code, and a share without data or of another SRI', () => {
    const l = line();
    const below = { ...l, parts: { ...l.parts, exAnte: { ...l.parts.exAnte!, ongoing: 0.01 } } };
    expect(applyEmtLine(STORED, below, 4)).toMatchObject({ ok: false, errors: [{ line: 2, params: { field: '07100_Financial_Instrument_Gross_Ongoing_Costs', problem: 'ongoing-below-fees' } }] });
    const noHedging = { ...l, parts: { ...l.parts, targetMarket: { ...l.parts.targetMarket!, returnProfile: { ...l.parts.targetMarket!.returnProfile, hedging: null } } } } as unknown as EmtLine;
    expect(applyEmtLine(STORED, noHedging, 4)).toMatchObject({ ok: false, errors: [{ params: { field: '05040_Return_Profile_Hedging', problem: 'invalid' } }] });
    expect(applyEmtLine(null, l, 4)).toMatchObject({ ok: false, errors: [{ params: { field: '00010_Financial_Instrument_Identifying_Data', problem: 'no-stored-data' } }] });
    expect(applyEmtLine(STORED, l, 5)).toMatchObject({ ok: false, errors: [{ params: { field: '04010_Risk_Tolerance_PRIIPS_Methodology', problem: 'sri-differs' } }] });
  });
});

describe('readFindatexCsv: an EET', () => {
  const SFDR: SfdrProductData = {
    paiConsidered: true,
    sustainabilityRiskRelevant: false,
    art8: { sustainableInvestments: true, minSustainable: 0.2, taxonomy: false, environmentalNotTaxonomy: true, social: true },
    art9: null,
    esgBenchmark: 'ESG World (fictitious)',
    planned: { date: '2026-01-02', esCharacteristics: 0.8, sustainable: 0.2, otherEs: 0.6, environmental: 0.1, taxonomyAligned: 0, otherEnvironmental: 0.1, social: 0.1 },
    taxonomy: { minInclSovereign: 0, minExclSovereign: 0, externalReview: false, methodology: 'R', minTransitional: 0, minEnabling: 0 },
    fossilGas: { inclSovereign: 0, exclSovereign: 0 },
    nuclear: null,
  };
  const EET: EetShare = {
    isin: 'FR0010135103',
    name: 'Aurore Actions Europe C EUR',
    currency: 'EUR',
    sfdrArticle: 8,
    manufacturer: { name: 'Aurore Gestion', lei: null },
    referenceDate: '2026-10-31',
    sustainabilityPreferences: 'Y',
    sfdr: SFDR,
    baseline: { paiConsidered: true, sustainabilityRiskRelevant: false },
  };

  it('reads back the fund answers eetRow writes, and checks them against the fund’s article', () => {
    const read = readFindatexCsv(file('eet-1.1.2', [eetRow(EET, AT)], { delimiter: ';' }));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const line = read.rows[0] as EetLine;
    expect(line).toMatchObject({ template: 'eet', line: 2, isin: EET.isin, article: '8' });
    const { paiConsidered, sustainabilityRiskRelevant, ...precontractual } = SFDR;
    expect(checkEetLine(line, 8)).toEqual({ ok: true, answers: { paiConsidered, sustainabilityRiskRelevant, precontractual } });
    expect(checkEetLine(line, 9)).toMatchObject({ ok: false, errors: [{ params: { field: '20040_Financial_Instrument_SFDR_Product_Type', problem: 'article-differs' } }] });
  });

  it('names the allocation that does not add up by its field', () => {
    const row = edit(eetRow(EET, AT), { '20420_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments': '0.3' });
    const read = readFindatexCsv(file('eet-1.1.2', [row]));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const checked = checkEetLine(read.rows[0] as EetLine, 8);
    expect(checked.ok ? [] : checked.errors.map((e) => e.params.field)).toContain('20420_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments');
  });

  it('an article 6 fund keeps no commitments; a missing mandatory EET answer is named', () => {
    const row = eetRow({ ...EET, sfdrArticle: 6, sfdr: null }, AT);
    const read = readFindatexCsv(file('eet-1.1.2', [row]));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(checkEetLine(read.rows[0] as EetLine, 6)).toEqual({ ok: true, answers: { paiConsidered: true, sustainabilityRiskRelevant: false, precontractual: null } });
    const missing = readFindatexCsv(file('eet-1.1.2', [edit(row, { '20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment': '' })]));
    expect(missing.ok ? null : missing.errors.map((e) => [e.line, e.params.field, e.params.problem])).toEqual([[2, '20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment', 'missing']]);
  });
});
