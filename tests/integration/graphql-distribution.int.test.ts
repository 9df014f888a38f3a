/**
 * A share's distribution data through GraphQL (docs/api.md, docs/distribution-data.md): its target
 * market as answers and statements, and its costs with the MiFID II illustration, the same figures
 * as the share page's (costIllustration over the fund's recommended holding period).
 */
import { describe, expect, it } from 'vitest';
import { costIllustration } from '../../src/domain/distribution/cost-illustration';
import { targetMarketStatements } from '../../src/domain/distribution/target-market';
import { shareDistributionOf } from '../../src/server/db/seed/fixtures/distribution';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { gql } from './graphql-client';

const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.isMain);
const moneyFund = funds.find((f) => f.slug === 'aurore-tresorerie');
const moneyShare = moneyFund?.shares.find((s) => s.isMain);

const QUERY = /* GraphQL */ `
  query ($locale: String!, $fundSlug: String!, $slug: String!) {
    share(locale: $locale, fundSlug: $fundSlug, slug: $slug) {
      targetMarket {
        date
        long: date @date(format: LONG)
        investorType { retail professional eligibleCounterparty }
        knowledge { basic informed advanced }
        lossBearing { noCapitalLoss limitedCapitalLoss limitedLossLevel noCapitalGuarantee lossBeyondCapital }
        returnProfile { preservation growth income hedging }
        sustainabilityPreferences
        distribution { executionOnly appropriateness advice portfolioManagement }
        riskTolerance
        minimumHoldingYears
        statements { section key positive percent }
      }
      costs {
        exAnte { entry exit ongoing managementFee distributionFee transaction incidental }
        exAnteDate
        exPost { ongoing managementFee distributionFee transaction incidental from to }
        illustration {
          amount currency holdingYears annualEffect
          years { year entry ongoing transaction incidental exit total share valueAfter }
          total { entry ongoing transaction incidental exit total share }
        }
      }
    }
  }
`;

type Answer = Record<string, unknown>;
async function distribution(fundSlug: string, slug: string, locale = 'en') {
  const response = await gql<{ share: { targetMarket: Answer; costs: Answer } }>(QUERY, { locale, fundSlug, slug });
  expect(response.errors).toBeUndefined();
  return response.data?.share;
}

describe('a share’s distribution data through GraphQL', () => {
  it('gives the target market as answers, with its risk tolerance, holding period and statements', async () => {
    if (!fund || !share) throw new Error('fixtures');
    const stored = shareDistributionOf(fund, share);
    const view = await distribution(fund.slug, share.slug, 'fr');
    expect(view?.targetMarket).toEqual({
      date: stored.targetMarketDate,
      long: '2 janvier 2026',
      investorType: { retail: 'YES', professional: 'YES', eligibleCounterparty: 'YES' },
      knowledge: { basic: 'YES', informed: 'YES', advanced: 'YES' },
      lossBearing: { noCapitalLoss: 'NO', limitedCapitalLoss: null, limitedLossLevel: null, noCapitalGuarantee: 'YES', lossBeyondCapital: 'NO' },
      returnProfile: { preservation: 'NO', growth: 'YES', income: 'NEUTRAL', hedging: 'NEUTRAL' },
      sustainabilityPreferences: 'YES',
      distribution: { executionOnly: 'BOTH', appropriateness: 'BOTH', advice: 'BOTH', portfolioManagement: 'BOTH' },
      riskTolerance: share.sriLevel,
      minimumHoldingYears: fund.minRecommendedInvestmentDuration,
      statements: targetMarketStatements(stored.targetMarket).map((s) => ({ percent: null, ...s })),
    });
  });

  it('gives a limited loss of capital with its level', async () => {
    if (!moneyFund || !moneyShare) throw new Error('fixtures');
    const view = await distribution(moneyFund.slug, moneyShare.slug);
    expect(view?.targetMarket.lossBearing).toMatchObject({ limitedCapitalLoss: 'YES', limitedLossLevel: 0.01 });
    expect(view?.targetMarket.statements).toContainEqual({ section: 'loss', key: 'limitedCapitalLoss', positive: true, percent: 0.01 });
  });

  it('gives the cost rates, the ex-post period and the illustration the share page shows', async () => {
    if (!fund || !share) throw new Error('fixtures');
    const stored = shareDistributionOf(fund, share);
    const expected = costIllustration(stored.exAnte, fund.minRecommendedInvestmentDuration);
    const view = await distribution(fund.slug, share.slug);
    expect(view?.costs).toEqual({
      exAnte: stored.exAnte,
      exAnteDate: stored.exAnteDate,
      exPost: stored.exPost,
      illustration: {
        amount: 10_000,
        currency: share.currency,
        holdingYears: fund.minRecommendedInvestmentDuration,
        annualEffect: expected.annualEffect,
        years: expected.years,
        total: expected.total,
      },
    });
    expect(expected.years).toHaveLength(5);
  });
});
