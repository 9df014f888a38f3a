import { costIllustration, IllustrationError, ILLUSTRATION_AMOUNT, type CostIllustration } from './cost-illustration';
import type { ShareDistribution } from './data';
import { targetMarketStatements, type TargetMarket, type TargetMarketStatement } from './target-market';

/**
 * What the public sees of a share class's distribution data (the share page, GraphQL, the costs
 * CSV): the target market in statements, the ex-ante and ex-post costs as stored, and the MiFID II
 * costs and charges illustration over the fund's recommended holding period.
 */
export type ShareDistributionView = {
  targetMarket: TargetMarket;
  statements: TargetMarketStatement[];
  targetMarketDate: string;
  costs: {
    exAnte: ShareDistribution['exAnte'];
    exAnteDate: string;
    exPost: ShareDistribution['exPost'];
    /** The amount of the illustration (10,000 in the share's currency) and its holding period in years. */
    amount: number;
    years: number;
    /** Null when the holding period cannot be illustrated (below a year). */
    illustration: CostIllustration | null;
  };
};

/** The view of stored, parsed data; the holding period is the fund's recommended one, in years. */
export function distributionView(data: ShareDistribution, holdingYears: number): ShareDistributionView {
  let illustration: CostIllustration | null = null;
  try {
    illustration = costIllustration(data.exAnte, holdingYears);
  } catch (error) {
    if (!(error instanceof IllustrationError)) throw error;
  }
  return {
    targetMarket: data.targetMarket,
    statements: targetMarketStatements(data.targetMarket),
    targetMarketDate: data.targetMarketDate,
    costs: { exAnte: data.exAnte, exAnteDate: data.exAnteDate, exPost: data.exPost, amount: ILLUSTRATION_AMOUNT, years: holdingYears, illustration },
  };
}
