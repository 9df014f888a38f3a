import { describe, expect, it } from 'vitest';
import { targetMarketProblems, targetMarketStatements, type TargetMarket } from './target-market';

/** An equity UCITS for every investor able to bear a total loss of capital, over five years or more. */
const EQUITY: TargetMarket = {
  investorType: { retail: 'Y', professional: 'Y', eligibleCounterparty: 'Y' },
  knowledge: { basic: 'Y', informed: 'Y', advanced: 'Y' },
  lossBearing: { noCapitalLoss: 'N', limitedCapitalLoss: null, limitedLossLevel: null, noCapitalGuarantee: 'Y', lossBeyondCapital: 'N' },
  returnProfile: { preservation: 'N', growth: 'Y', income: 'Neutral', hedging: 'Neutral' },
  sustainabilityPreferences: 'Y',
  distribution: { executionOnly: 'B', appropriateness: 'B', advice: 'B', portfolioManagement: 'B' },
};

describe('targetMarketStatements', () => {
  it('says who the share is for, then who it is not for, and leaves the neutral answers out', () => {
    const statements = targetMarketStatements(EQUITY);
    const firstNegative = statements.findIndex((s) => !s.positive);
    expect(statements.slice(0, firstNegative).every((s) => s.positive)).toBe(true);
    expect(statements.slice(firstNegative).every((s) => !s.positive)).toBe(true);
    expect(statements.filter((s) => !s.positive).map((s) => s.key)).toEqual(['noCapitalLoss', 'lossBeyondCapital', 'preservation']);
    expect(statements.map((s) => s.key)).not.toContain('income');
    expect(statements.map((s) => s.key)).not.toContain('limitedCapitalLoss');
    expect(statements).toContainEqual({ section: 'distribution', key: 'advice.B', positive: true });
    expect(statements).toContainEqual({ section: 'sustainability', key: 'sustainabilityPreferences', positive: true });
  });

  it('names the professional clients the share is for, and gives a protected fund’s loss level', () => {
    const protectedFund: TargetMarket = {
      ...EQUITY,
      investorType: { retail: 'N', professional: 'P', eligibleCounterparty: 'Y' },
      lossBearing: { ...EQUITY.lossBearing, limitedCapitalLoss: 'Y', limitedLossLevel: 0.1 },
      distribution: { ...EQUITY.distribution, executionOnly: 'N' },
    };
    const statements = targetMarketStatements(protectedFund);
    expect(statements).toContainEqual({ section: 'investors', key: 'professionalPerSe', positive: true });
    expect(statements).toContainEqual({ section: 'investors', key: 'retail', positive: false });
    expect(statements).toContainEqual({ section: 'loss', key: 'limitedCapitalLoss', positive: true, percent: 0.1 });
    expect(statements).toContainEqual({ section: 'distribution', key: 'executionOnly.N', positive: false });
  });
});

describe('targetMarketProblems', () => {
  it('keeps the rules between answers', () => {
    expect(targetMarketProblems(EQUITY)).toEqual([]);
    expect(targetMarketProblems({ ...EQUITY, lossBearing: { ...EQUITY.lossBearing, limitedCapitalLoss: 'Y', limitedLossLevel: null } })).toEqual(['03030_Limited_Capital_Loss_Level']);
    expect(targetMarketProblems({ ...EQUITY, lossBearing: { ...EQUITY.lossBearing, limitedCapitalLoss: 'Y', limitedLossLevel: 1.5 } })).toEqual(['03030_Limited_Capital_Loss_Level']);
    expect(targetMarketProblems({ ...EQUITY, lossBearing: { ...EQUITY.lossBearing, limitedLossLevel: 0.2 } })).toEqual(['03030_Limited_Capital_Loss_Level']);
    expect(targetMarketProblems({ ...EQUITY, investorType: { retail: 'N', professional: 'N', eligibleCounterparty: 'N' } })).toEqual(['01010_Investor_Type_Retail']);
  });
});
