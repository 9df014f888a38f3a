import { describe, expect, it } from 'vitest';
import { eetFlagIn, eetRow, type EetShare, type SfdrProductData } from './eet';
import { TEMPLATES } from './templates';
import { validateRow } from './validate';

const FIELDS = TEMPLATES['eet-1.1.2'].fields;
const AT = new Date('2026-11-28T14:05:09Z');
const SFDR: SfdrProductData = {
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
const ART8: EetShare = {
  isin: 'FR0010135103',
  name: 'Aurore Actions Europe C EUR',
  currency: 'EUR',
  sfdrArticle: 8,
  manufacturer: { name: 'Aurore Gestion', lei: '969500ABCDEFGHIJKL12' },
  referenceDate: '2026-10-31',
  sustainabilityPreferences: 'Y',
  sfdr: SFDR,
  baseline: { paiConsidered: true, sustainabilityRiskRelevant: true },
};
const ART9: EetShare = {
  ...ART8,
  sfdrArticle: 9,
  sfdr: {
    ...SFDR,
    art8: null,
    art9: { minEnvironmental: 0.8, taxonomy: true, environmentalNotTaxonomy: true, minSocial: 0, carbonReduction: true, parisAligned: true },
    esgBenchmark: 'Paris-Aligned World Index (fictitious)',
    fossilGas: { inclSovereign: 0.01, exclSovereign: 0.01 },
    nuclear: null,
    taxonomy: { minInclSovereign: 0.1, minExclSovereign: 0.12, externalReview: true, methodology: 'C', minTransitional: 0.01, minEnabling: 0.03 },
  },
};
const ART6: EetShare = { ...ART8, sfdrArticle: 6, sfdr: null, sustainabilityPreferences: 'Neutral', baseline: { paiConsidered: false, sustainabilityRiskRelevant: true } };

describe('eetRow', () => {
  it('uses only the template’s own field codes', () => {
    const codes = new Set(FIELDS.map((f) => f.code));
    for (const share of [ART6, ART8, ART9]) expect(Object.keys(eetRow(share, AT)).filter((code) => !codes.has(code))).toEqual([]);
  });

  it('fills every field mandatory for an article 8, 9 and 6 product, in its codification', () => {
    for (const share of [ART8, ART9, ART6]) {
      const row = eetRow(share, AT);
      expect(validateRow(FIELDS, row, eetFlagIn(row)), `article ${share.sfdrArticle}`).toEqual([]);
    }
  });

  it('writes an article 8 product’s commitments, and not the article 9 answers', () => {
    const row = eetRow(ART8, AT);
    expect(row['20040_Financial_Instrument_SFDR_Product_Type']).toBe('8');
    expect(row['20180_Financial_Instrument_Products_Minimal_Proportion_Of_Sustainable_Investments_Art_8']).toBe('0.2');
    expect(row['20220_Financial_Instrument_Minimum_Sustainable_Investment_With_Environmental_Objective_Art_9']).toBeUndefined();
    expect(row['20370_Financial_Instrument_Has_A_Reference_ESG_Benchmark']).toBe('N');
    expect(row['10020_Manufacturer_Code']).toBe('969500ABCDEFGHIJKL12');
  });

  it('gives an article 9 product’s gas share and the alignment without gas and nuclear', () => {
    const row = eetRow(ART9, AT);
    expect(row['90000_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Fossil_Gas_Activities']).toBe('Y');
    expect(row['90030_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Nuclear_Activities']).toBe('N');
    expect(row['90060_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_No_Fossil_Gas_and_Nuclear_Incl_Sovereign_Bonds']).toBe('0.09');
    expect(row['20380_Financial_Instrument_Benchmark_Name']).toBe('Paris-Aligned World Index (fictitious)');
  });

  it('leaves an article 6 product’s SFDR answers empty, as the template allows', () => {
    const row = eetRow(ART6, AT);
    expect(row['20040_Financial_Instrument_SFDR_Product_Type']).toBe('6');
    expect(row['20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment']).toBe('N');
    expect(Object.keys(row).filter((code) => code.startsWith('20') && Number(code.slice(0, 5)) >= 20170 && Number(code.slice(0, 5)) < 20590)).toEqual([]);
  });

  it('names a missing conditional answer by its code', () => {
    const row = { ...eetRow(ART9, AT), '20220_Financial_Instrument_Minimum_Sustainable_Investment_With_Environmental_Objective_Art_9': '' };
    expect(validateRow(FIELDS, row, eetFlagIn(row))).toEqual([{ code: '20220_Financial_Instrument_Minimum_Sustainable_Investment_With_Environmental_Objective_Art_9', problem: 'missing', value: '' }]);
    const noBenchmarkName = { ...eetRow(ART9, AT), '20380_Financial_Instrument_Benchmark_Name': '' };
    expect(validateRow(FIELDS, noBenchmarkName, eetFlagIn(noBenchmarkName)).map((e) => e.code)).toEqual(['20380_Financial_Instrument_Benchmark_Name']);
  });
});
