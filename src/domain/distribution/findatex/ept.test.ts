import { describe, expect, it } from 'vitest';
import { eptFlagIn, eptRow, type EptShare } from './ept';
import { TEMPLATES } from './templates';
import { validateRow } from './validate';

const FIELDS = TEMPLATES['ept-2.1'].fields;
const AT = new Date('2026-11-28T14:05:09Z');
const SHARE: EptShare = {
  isin: 'FR0010135103',
  name: 'Aurore Actions Europe C EUR',
  currency: 'EUR',
  manufacturer: { name: 'Aurore Gestion', group: 'Aurore Gestion', lei: '969500ABCDEFGHIJKL12', email: 'priips@aurore-gestion.example' },
  kid: { publishedOn: '2026-02-15', url: 'https://www.aurore-gestion.example/en/documents/FR0010135103/KIID' },
  category: 2,
  sri: 4,
  mrm: 4,
  crm: 1,
  recommendedHoldingYears: 5,
  liquidityRisk: 'L',
  valuationFrequency: '252',
  scenarios: {
    oneYear: { stress: -0.61, unfavourable: -0.17, moderate: 0.06, favourable: 0.31 },
    rhp: { stress: -0.2, unfavourable: -0.01, moderate: 0.055, favourable: 0.12 },
    halfRhp: null,
  },
  benchmarkUsedForScenarios: true,
  pastPerformance: { link: 'https://www.aurore-gestion.example/en/funds/x/shares/c', scenariosLink: 'https://www.aurore-gestion.example/en/funds/x/shares/c/scenarios', years: 10 },
  referenceAmount: 10_000,
  costs: { entry: 0.02, exit: 0, ongoing: 0.0185, transaction: 0.0012, incidental: 0 },
  narratives: {
    language: 'eng',
    targetMarket: 'Retail investors with basic knowledge who can bear losses and seek growth over five years.',
    objective: 'The fund aims to outperform European equities over five years.',
    otherRisks: 'Liquidity risk, counterparty risk.',
    legalForm: 'FCP (UCITS)',
    entryCost: '2.00 % of the amount you pay in when entering this investment.',
    exitCost: 'We do not charge an exit fee for this product.',
    ongoingCost: '1.85 % of the value of your investment per year.',
    performanceFee: null,
    scenarioIntervals: {
      unfavourable: 'This type of scenario occurred for an investment between 2021-11 and 2026-10.',
      moderate: 'This type of scenario occurred for an investment between 2015-03 and 2020-03.',
      favourable: 'This type of scenario occurred for an investment between 2016-06 and 2021-06.',
    },
  },
  comprehensionAlert: false,
};

describe('eptRow', () => {
  it('uses only the template’s own field codes and fills every mandatory one in its codification', () => {
    const row = eptRow(SHARE, AT);
    const codes = new Set(FIELDS.map((f) => f.code));
    expect(Object.keys(row).filter((code) => !codes.has(code))).toEqual([]);
    expect(validateRow(FIELDS, row, eptFlagIn(row))).toEqual([]);
  });

  it('writes the KID’s figures as fractions: scenarios, SRI, costs', () => {
    const row = eptRow(SHARE, AT);
    expect(row['01090_SRI']).toBe('4');
    expect(row['02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date']).toBe('0.055');
    expect(row['02100_Portfolio_Return_Stress_Scenario_1_Year']).toBe('-0.61');
    expect(row['03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs']).toBe('0.0185');
    expect(row['03090_Existing_Incidental_Costs_Portfolio']).toBe('N');
    expect(row['00120_Reference_Language']).toBe('eng');
  });

  it('needs the one-year scenarios once the holding period is longer than a year, the half-period ones from ten years', () => {
    const oneYear = eptRow({ ...SHARE, recommendedHoldingYears: 1 }, AT);
    expect(oneYear['02040_Portfolio_Return_Moderate_Scenario_1_Year']).toBeUndefined();
    expect(validateRow(FIELDS, oneYear, eptFlagIn(oneYear))).toEqual([]);
    const long = eptRow({ ...SHARE, recommendedHoldingYears: 10 }, AT);
    expect(validateRow(FIELDS, long, eptFlagIn(long)).map((e) => e.code)).toEqual([
      '02020_Portfolio_Return_Unfavourable_Scenario_Half_RHP',
      '02050_Portfolio_Return_Moderate_Scenario_Half_RHP',
      '02080_Portfolio_Return_Favourable_Scenario_Half_RHP',
      '02110_Portfolio_Return_Stress_Scenario_Half_RHP',
      '03040_One_Off_Costs_Portfolio_Exit_Cost_At_Half_RHP',
    ]);
  });

  it('with a performance fee, gives its rate and needs its narrative', () => {
    const withFee = { ...SHARE, costs: { ...SHARE.costs, incidental: 0.002 } };
    const row = eptRow(withFee, AT);
    expect(row['03095_Incidental_Costs']).toBe('0.002');
    expect(validateRow(FIELDS, row, eptFlagIn(row)).map((e) => e.code)).toEqual(['04090_Portfolio_Performance_Fees_Carried_Interest_Narrative']);
    const told = eptRow({ ...withFee, narratives: { ...SHARE.narratives, performanceFee: '20 % of the outperformance of the benchmark.' } }, AT);
    expect(validateRow(FIELDS, told, eptFlagIn(told))).toEqual([]);
  });

  it('cuts a narrative longer than its field on a word', () => {
    const row = eptRow({ ...SHARE, narratives: { ...SHARE.narratives, ongoingCost: 'word '.repeat(60) } }, AT);
    const value = row['04140_Ongoing_Costs_Portfolio_Management_Costs_Description'] ?? '';
    expect(value.length).toBeLessThanOrEqual(150);
    expect(value.endsWith('word…')).toBe(true);
  });
});
