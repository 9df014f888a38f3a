import { describe, expect, it } from 'vitest';
import { parseShareDistribution, type ShareDistribution } from './data';
import { distributionValues, fractionToPercent, parseFundSustainability, percentToFraction, readDistributionForm, readSustainabilityForm, sustainabilityValues, type FundSustainability } from './form';

const DATA: ShareDistribution = {
  targetMarket: {
    investorType: { retail: 'Y', professional: 'P', eligibleCounterparty: 'Y' },
    knowledge: { basic: 'Y', informed: 'Y', advanced: 'Neutral' },
    lossBearing: { noCapitalLoss: 'N', limitedCapitalLoss: null, limitedLossLevel: null, noCapitalGuarantee: 'Y', lossBeyondCapital: 'N' },
    returnProfile: { preservation: 'N', growth: 'Y', income: 'Neutral', hedging: 'Neutral' },
    sustainabilityPreferences: 'Y',
    distribution: { executionOnly: 'B', appropriateness: 'R', advice: 'B', portfolioManagement: 'P' },
  },
  targetMarketDate: '2026-01-02',
  exAnte: { entry: 0.02, exit: 0, ongoing: 0.0115, managementFee: 0.01, distributionFee: null, transaction: 0.0012, incidental: 0 },
  exAnteDate: '2026-01-02',
  exPost: null,
  priips: { productType: 'U', category: 2, mrm: 4, crm: 1, liquidityRisk: 'L', valuationFrequency: '252', benchmarkUsedForScenarios: true, comprehensionAlert: false },
};

/** The form a browser posts: each field's text, a checkbox "on" when ticked and absent otherwise. */
function posted(values: Record<string, string>) {
  const form = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== 'no').map(([k, v]) => [k, v === 'yes' ? 'on' : v]));
  return { get: (name: string) => form[name] ?? '', getAll: (name: string) => (form[name] ? [form[name]] : []) };
}

describe('percentages typed, fractions stored', () => {
  it('moves the decimal point exactly, accepts a comma and a % sign, refuses words', () => {
    expect(percentToFraction('1.15')).toBe(0.0115);
    expect(percentToFraction('1,15 %')).toBe(0.0115);
    expect(percentToFraction(' ')).toBeNull();
    expect(percentToFraction('abc')).toBeNaN();
    expect(fractionToPercent(0.0115)).toBe('1.15');
    expect(fractionToPercent(0.016)).toBe('1.6');
  });
});

describe('the distribution form', () => {
  it('reads back the data its values were drawn from', () => {
    const read = readDistributionForm(posted(distributionValues(DATA)));
    expect(parseShareDistribution(read, 4)).toEqual({ ok: true, data: DATA });
  });

  it('reads 1.15 in the ongoing costs as 0.0115, and an empty ex-post section as none', () => {
    const values = { ...distributionValues(DATA), 'exAnte.ongoing': '1.2' };
    const read = readDistributionForm(posted(values)) as ShareDistribution;
    expect(read.exAnte.ongoing).toBe(0.012);
    expect(read.exPost).toBeNull();
  });

  it('names the field of every problem: an empty required rate, a period in the wrong order', () => {
    const values = { ...distributionValues(DATA), 'exAnte.transaction': '', 'exPost.ongoing': '1', 'exPost.managementFee': '1', 'exPost.transaction': '0', 'exPost.incidental': '0', 'exPost.from': '2025-12-31', 'exPost.to': '2025-01-01' };
    const result = parseShareDistribution(readDistributionForm(posted(values)), 4);
    expect(result).toEqual({ ok: false, problems: [{ path: 'exAnte.transaction', code: 'invalid' }] });
    const ordered = parseShareDistribution(readDistributionForm(posted({ ...values, 'exAnte.transaction': '0.12' })), 4);
    expect(ordered).toEqual({ ok: false, problems: [{ path: 'exPost.to', code: 'period-order' }] });
  });
});

const ART8: FundSustainability = {
  paiConsidered: true,
  sustainabilityRiskRelevant: true,
  precontractual: {
    art8: { sustainableInvestments: true, minSustainable: 0.2, taxonomy: false, environmentalNotTaxonomy: true, social: true },
    art9: null,
    esgBenchmark: null,
    planned: { date: '2026-01-02', esCharacteristics: 0.8, sustainable: 0.2, otherEs: 0.6, environmental: 0.15, taxonomyAligned: 0, otherEnvironmental: 0.15, social: 0.05 },
    taxonomy: { minInclSovereign: 0, minExclSovereign: 0, externalReview: false, methodology: 'R', minTransitional: 0, minEnabling: 0 },
    fossilGas: null,
    nuclear: null,
  },
};

describe('the sustainability form', () => {
  it('reads back an article 8 fund’s answers', () => {
    expect(parseFundSustainability(readSustainabilityForm(posted(sustainabilityValues(ART8)), 8), 8)).toEqual({ ok: true, data: ART8 });
  });

  it('names the allocation that does not add up, and keeps an article 6 fund to its two answers', () => {
    const values = { ...sustainabilityValues(ART8), 'planned.social': '10' };
    const result = parseFundSustainability(readSustainabilityForm(posted(values), 8), 8);
    expect(result.ok ? [] : result.problems.map((p) => p.path)).toEqual(['planned.sustainable']);
    expect(readSustainabilityForm(posted(values), 6)).toEqual({ paiConsidered: true, sustainabilityRiskRelevant: true, precontractual: null });
    expect(parseFundSustainability({ ...ART8 }, 6)).toEqual({ ok: false, problems: [{ path: 'precontractual', code: 'invalid' }] });
  });
});
