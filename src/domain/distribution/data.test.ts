import { describe, expect, it } from 'vitest';
import { parseShareDistribution, sfdrProblems, type ShareDistribution } from './data';
import type { SfdrProductData } from './findatex/eet';
import { SAMPLE_DISTRIBUTION } from './sample.fixture';

const DATA: ShareDistribution = SAMPLE_DISTRIBUTION;

describe('parseShareDistribution', () => {
  it('accepts coherent data', () => {
    expect(parseShareDistribution(DATA, 4)).toEqual({ ok: true, data: DATA });
  });

  it('refuses a percentage typed as a whole number, with the field’s path', () => {
    const result = parseShareDistribution({ ...DATA, exAnte: { ...DATA.exAnte, ongoing: 1.85 } }, 4);
    expect(result).toEqual({ ok: false, problems: [{ path: 'exAnte.ongoing', code: 'invalid' }] });
  });

  it('refuses ongoing costs below the fees they include, a period that ends before it starts, an MRM above the SRI', () => {
    const result = parseShareDistribution(
      {
        ...DATA,
        exAnte: { ...DATA.exAnte, ongoing: 0.01, distributionFee: 0.005 },
        exPost: { ...DATA.exPost!, from: '2025-12-31', to: '2025-01-01' },
        priips: { ...DATA.priips, mrm: 5 },
      },
      4,
    );
    expect(result.ok ? [] : result.problems.map((p) => `${p.path}:${p.code}`)).toEqual(['exAnte.ongoing:ongoing-below-fees', 'exPost.to:period-order', 'priips.mrm:mrm-above-sri']);
  });

  it('names the target market’s broken rules: a loss level without a limited loss, a share for nobody', () => {
    const market = DATA.targetMarket;
    const result = parseShareDistribution(
      {
        ...DATA,
        targetMarket: { ...market, investorType: { retail: 'N', professional: 'N', eligibleCounterparty: 'N' }, lossBearing: { ...market.lossBearing, limitedLossLevel: 0.2 } },
      },
      4,
    );
    expect(result.ok ? [] : result.problems.map((p) => p.code).sort()).toEqual(['for-nobody', 'loss-level']);
  });

  it('refuses what is not data at all, never throwing', () => {
    for (const input of [null, 'x', [], { ...DATA, exAnte: null }, { ...DATA, targetMarketDate: '2026-02-30x' }]) expect(parseShareDistribution(input, 4).ok).toBe(false);
  });
});

const ART8: SfdrProductData = {
  paiConsidered: true,
  sustainabilityRiskRelevant: true,
  art8: { sustainableInvestments: true, minSustainable: 0.2, taxonomy: false, environmentalNotTaxonomy: true, social: true },
  art9: null,
  esgBenchmark: null,
  planned: { date: '2026-01-02', esCharacteristics: 0.8, sustainable: 0.2, otherEs: 0.6, environmental: 0.1, taxonomyAligned: 0, otherEnvironmental: 0.1, social: 0.1 },
  taxonomy: { minInclSovereign: 0, minExclSovereign: 0, externalReview: false, methodology: 'R', minTransitional: 0, minEnabling: 0 },
  fossilGas: null,
  nuclear: null,
};

describe('sfdrProblems', () => {
  it('accepts an article 8 allocation whose parts add up', () => {
    expect(sfdrProblems(ART8, 8)).toEqual([]);
  });

  it('names the parts that do not add up, and answers of the other article', () => {
    const wrong = { ...ART8, planned: { ...ART8.planned, social: 0.15 }, art9: { minEnvironmental: 0.1, taxonomy: false, environmentalNotTaxonomy: true, minSocial: 0.1, carbonReduction: false, parisAligned: false } };
    expect(sfdrProblems(wrong, 8).map((p) => p.path)).toEqual(['art8', 'planned.sustainable']);
    expect(sfdrProblems(ART8, 9).map((p) => p.path)).toContain('art9');
  });
});
