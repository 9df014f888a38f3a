import type { ShareDistribution } from './data';
import type { EmtShare } from './findatex/emt';
import type { TargetMarket } from './target-market';

/** The distribution data the unit tests start from: a retail equity share class (SRI 4, five years), each test changing what it checks. */
export const SAMPLE_TARGET_MARKET: TargetMarket = {
  investorType: { retail: 'Y', professional: 'Y', eligibleCounterparty: 'Y' },
  knowledge: { basic: 'Y', informed: 'Y', advanced: 'Y' },
  lossBearing: { noCapitalLoss: 'N', limitedCapitalLoss: null, limitedLossLevel: null, noCapitalGuarantee: 'Y', lossBeyondCapital: 'N' },
  returnProfile: { preservation: 'N', growth: 'Y', income: 'Neutral', hedging: 'Neutral' },
  sustainabilityPreferences: 'Y',
  distribution: { executionOnly: 'B', appropriateness: 'B', advice: 'B', portfolioManagement: 'B' },
};

export const SAMPLE_DISTRIBUTION: ShareDistribution = {
  targetMarket: SAMPLE_TARGET_MARKET,
  targetMarketDate: '2026-01-02',
  exAnte: { entry: 0.02, exit: 0, ongoing: 0.0185, managementFee: 0.016, distributionFee: null, transaction: 0.0012, incidental: 0 },
  exAnteDate: '2026-01-02',
  exPost: { ongoing: 0.0183, managementFee: 0.016, distributionFee: null, transaction: 0.0011, incidental: 0, from: '2025-01-01', to: '2025-12-31' },
  priips: { productType: 'U', category: 2, mrm: 4, crm: 1, liquidityRisk: 'L', valuationFrequency: '252', benchmarkUsedForScenarios: true, comprehensionAlert: false },
};

/** The same share class as the EMT reads it. */
export const SAMPLE_EMT_SHARE: EmtShare = {
  isin: 'FR0010135103',
  name: 'Aurore Climat Actions Monde C EUR',
  currency: 'EUR',
  productType: 'U',
  performanceFee: false,
  distributesCash: false,
  manufacturer: { name: 'Aurore Gestion', lei: null, email: null },
  referenceDate: '2026-10-31',
  sri: 4,
  recommendedHoldingYears: 5,
  targetMarket: SAMPLE_TARGET_MARKET,
  targetMarketDate: SAMPLE_DISTRIBUTION.targetMarketDate,
  exAnte: { ...SAMPLE_DISTRIBUTION.exAnte, referenceDate: SAMPLE_DISTRIBUTION.exAnteDate },
  exPost: SAMPLE_DISTRIBUTION.exPost,
};
