import { describe, expect, it } from 'vitest';
import { toCsv } from '../../csv/write';
import { isinWithCheckDigit } from '../../funds/isin';
import { CATALOG_IMPORT_LIMITS, planCatalog, profilesOf, splitInstrumentName, uniqueSlug, type CatalogKnown } from './catalog';
import { emtRow, findatexTable, type EmtShare } from './emt';
import { readFindatexCsv, type EmtLine } from './read';
import type { Row } from './validate';

const AT = new Date('2026-11-27T08:30:00Z');
const MARKET: EmtShare['targetMarket'] = {
  investorType: { retail: 'Y', professional: 'Y', eligibleCounterparty: 'Y' },
  knowledge: { basic: 'Y', informed: 'Y', advanced: 'Y' },
  lossBearing: { noCapitalLoss: 'N', limitedCapitalLoss: null, limitedLossLevel: null, noCapitalGuarantee: 'Y', lossBeyondCapital: 'N' },
  returnProfile: { preservation: 'N', growth: 'Y', income: 'N', hedging: 'N' },
  sustainabilityPreferences: 'Neutral',
  distribution: { executionOnly: 'R', appropriateness: 'R', advice: 'R', portfolioManagement: 'R' },
};

function share(isin: string, name: string, over: Partial<EmtShare> = {}): EmtShare {
  return {
    isin,
    name,
    currency: 'EUR',
    productType: 'U',
    performanceFee: false,
    distributesCash: false,
    manufacturer: { name: 'Horizon AM', lei: null, email: null },
    referenceDate: '2026-10-31',
    sri: 4,
    recommendedHoldingYears: 5,
    targetMarket: MARKET,
    targetMarketDate: '2026-10-01',
    exAnte: { entry: 0.02, exit: 0, ongoing: 0.015, managementFee: 0.012, distributionFee: null, transaction: 0.001, incidental: 0, referenceDate: '2026-10-01' },
    exPost: null,
    ...over,
  };
}

const isin = (n: number) => isinWithCheckDigit(`XS${String(n).padStart(9, '0')}`);

function lines(rows: Row[]): EmtLine[] {
  const read = readFindatexCsv(toCsv(findatexTable('emt-4.3', rows), { delimiter: ';', bom: true }), CATALOG_IMPORT_LIMITS);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.rows as EmtLine[];
}

const KNOWN: CatalogKnown = { isins: new Set(), fundSlugs: new Set(), currencies: new Set(['EUR', 'USD']) };

describe('splitInstrumentName', () => {
  it('splits at the last " - ", else before the last word; one word is both', () => {
    expect(splitInstrumentName('Horizon Actions Europe - I EUR Acc')).toEqual({ fund: 'Horizon Actions Europe', share: 'I EUR Acc' });
    expect(splitInstrumentName('Horizon  Crédit Euro R')).toEqual({ fund: 'Horizon Crédit Euro', share: 'R' });
    expect(splitInstrumentName('Monétaire')).toEqual({ fund: 'Monétaire', share: 'Monétaire' });
  });
});

describe('uniqueSlug', () => {
  it('derives a slug from the name and numbers it past the taken ones', () => {
    const taken = new Set(['horizon-credit-euro']);
    expect(uniqueSlug('Horizon Crédit Euro', taken, 'x')).toBe('horizon-credit-euro-2');
    expect(uniqueSlug('Horizon Crédit Euro', taken, 'x')).toBe('horizon-credit-euro-3');
    expect(uniqueSlug('¿?', taken, 'FR0000000000')).toBe('fr0000000000');
  });
});

describe('profilesOf', () => {
  it('names retail investors and their advisers, and professionals, from the investor types', () => {
    expect(profilesOf(MARKET)).toEqual(['RETAIL', 'INSTIT', 'CGP']);
    expect(profilesOf({ ...MARKET, investorType: { retail: 'N', professional: 'Y', eligibleCounterparty: 'N' } })).toEqual(['INSTIT']);
  });
});

describe('planCatalog', () => {
  it('groups the share classes into funds by manufacturer and fund name, with unique slugs, and counts the ISINs already in the catalogue', () => {
    const rows = [
      emtRow(share(isin(1), 'Horizon Actions Europe I', { sri: 5 }), AT),
      emtRow(share(isin(2), 'Horizon Actions Europe R'), AT),
      emtRow(share(isin(3), 'Horizon Crédit Euro - I', { sri: 2, recommendedHoldingYears: 3, targetMarket: { ...MARKET, investorType: { retail: 'N', professional: 'Y', eligibleCounterparty: 'Y' } } }), AT),
      // Another manufacturer's fund of the same name is another fund.
      emtRow(share(isin(4), 'Horizon Actions Europe I', { manufacturer: { name: 'Other AM', lei: null, email: null } }), AT),
      emtRow(share(isin(5), 'Already Here R'), AT),
    ];
    const plan = planCatalog(lines(rows), { ...KNOWN, isins: new Set([isin(5)]), fundSlugs: new Set(['horizon-actions-europe']) });
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(plan.rows).toBe(5);
    expect(plan.existing).toEqual([{ line: 6, isin: isin(5) }]);
    expect(plan.funds.map((f) => [f.name, f.slug, f.manufacturer, f.riskLevel, f.holdingYears, f.visibleTo, f.shares.map((s) => [s.isin, s.name, s.slug])])).toEqual([
      ['Horizon Actions Europe', 'horizon-actions-europe-2', 'Horizon AM', 5, 5, ['RETAIL', 'INSTIT', 'CGP'], [[isin(1), 'I', 'i'], [isin(2), 'R', 'r']]],
      ['Horizon Actions Europe', 'horizon-actions-europe-3', 'Other AM', 4, 5, ['RETAIL', 'INSTIT', 'CGP'], [[isin(4), 'I', 'i']]],
      ['Horizon Crédit Euro', 'horizon-credit-euro', 'Horizon AM', 2, 3, ['INSTIT'], [[isin(3), 'I', 'i']]],
    ]);
    const first = plan.funds[0]?.shares[0];
    expect(first?.distribution.exAnte).toEqual({ entry: 0.02, exit: 0, ongoing: 0.015, managementFee: 0.012, distributionFee: null, transaction: 0.001, incidental: 0 });
    expect(first?.distribution.targetMarket).toEqual(MARKET);
    expect(first?.distribution.priips).toMatchObject({ productType: 'U', mrm: 5, crm: 1 });
  });

  it('refuses the file with every line that cannot create a share class, and why', () => {
    const rows = [
      emtRow(share(isin(1), 'Horizon Actions Europe I'), AT),
      { ...emtRow(share(isin(2), 'Horizon Actions Europe R'), AT), '04010_Risk_Tolerance_PRIIPS_Methodology': '' },
      { ...emtRow(share(isin(3), 'Horizon Crédit Euro I'), AT), '05080_Minimum_Recommended_Holding_Period': 'L' },
      emtRow(share(isin(4), 'Horizon Dollar I', { currency: 'CHF' }), AT),
      { ...emtRow(share(isin(5), 'Horizon Patrimoine I'), AT), '00007_EMT_Data_Reporting_Ex_Ante': 'N' },
      emtRow(share(isin(6), 'Horizon Patrimoine R', { exAnte: { ...share('', '').exAnte, ongoing: 0.001 } }), AT),
      emtRow(share(isin(7), `Horizon Patrimoine - ${'Part '.repeat(25)}`), AT),
    ];
    const plan = planCatalog(lines(rows), KNOWN);
    expect(plan.ok ? [] : plan.errors.map((e) => [e.line, e.params.field, e.params.problem])).toEqual([
      [3, '04010_Risk_Tolerance_PRIIPS_Methodology', 'missing'],
      [4, '05080_Minimum_Recommended_Holding_Period', 'holding-years'],
      [5, '00040_Financial_Instrument_Currency', 'unknown-currency'],
      [6, '00007_EMT_Data_Reporting_Ex_Ante', 'needs-section'],
      [7, '07100_Financial_Instrument_Gross_Ongoing_Costs', 'ongoing-below-fees'],
      [8, '00030_Financial_Instrument_Name', 'share-name-too-long'],
    ]);
  });

  it('refuses a fund whose share classes disagree on the product type', () => {
    const rows = [emtRow(share(isin(1), 'Horizon Trésorerie I', { productType: 'UM' }), AT), emtRow(share(isin(2), 'Horizon Trésorerie R'), AT)];
    const plan = planCatalog(lines(rows), KNOWN);
    expect(plan.ok ? [] : plan.errors.map((e) => [e.line, e.params.field, e.params.problem])).toEqual([[3, '00060_Financial_Instrument_Product_Type', 'fund-disagrees']]);
  });

  it('reads at most 500 lines', () => {
    const row = emtRow(share(isin(1), 'Horizon Actions Europe I'), AT);
    const many = Array.from({ length: 501 }, (_, i) => ({ ...row, '00010_Financial_Instrument_Identifying_Data': isin(i + 1) }));
    const read = readFindatexCsv(toCsv(findatexTable('emt-4.3', many), { delimiter: ';', bom: true }), CATALOG_IMPORT_LIMITS);
    expect(read.ok).toBe(false);
  });
});
