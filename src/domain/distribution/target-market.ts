/**
 * The MiFID II target market of a share class (ESMA guidelines on product governance, the EMT's
 * sections 01 to 06), as the manufacturer states it: for each category, whether the share is for
 * such clients (Y), not for them (N, the negative target market) or neutral. The risk tolerance and
 * the minimum holding period are not here: they are the share's SRI and its fund's recommended
 * holding period, stored once for the KID and the pages.
 */
export type Tri = 'Y' | 'N' | 'Neutral';
/** 06xxx: the distribution strategy per service, retail (R), professional (P), both (B) or neither (N). */
export type Channel = 'R' | 'P' | 'B' | 'N';

export type TargetMarket = {
  investorType: { retail: Tri; professional: 'Y' | 'N' | 'P' | 'E'; eligibleCounterparty: 'Y' | 'N' };
  knowledge: { basic: Tri; informed: Tri; advanced: Tri };
  lossBearing: {
    noCapitalLoss: Tri;
    /** 03020: only for funds with an explicit capital protection and money market funds; null (left empty) otherwise. */
    limitedCapitalLoss: Tri | null;
    /** 03030: the most a client may lose (0.1 = 10 %), when limitedCapitalLoss is Y. */
    limitedLossLevel: number | null;
    noCapitalGuarantee: Tri;
    lossBeyondCapital: Tri;
  };
  returnProfile: { preservation: Tri; growth: Tri; income: Tri; hedging: Tri };
  /** 05105: Y when the share takes the end client's sustainability preferences into account. */
  sustainabilityPreferences: 'Y' | 'Neutral';
  distribution: { executionOnly: Channel; appropriateness: Channel; advice: Channel; portfolioManagement: Channel };
};

/** One sentence of the target market in plain words: which one, and whether it is a "for" or a "not for". */
export type TargetMarketStatement = { section: 'investors' | 'knowledge' | 'loss' | 'objectives' | 'sustainability' | 'distribution'; key: string; positive: boolean; percent?: number };

/**
 * What the share page says of the target market, in order: who the share is for, then who it is not
 * for. Neutral answers say nothing either way and are left out; the page's messages turn each key
 * into a sentence in the visitor's language.
 */
export function targetMarketStatements(market: TargetMarket): TargetMarketStatement[] {
  const out: TargetMarketStatement[] = [];
  const tri = (section: TargetMarketStatement['section'], key: string, value: Tri) => {
    if (value !== 'Neutral') out.push({ section, key, positive: value === 'Y' });
  };
  tri('investors', 'retail', market.investorType.retail);
  const professional = market.investorType.professional;
  if (professional !== 'N') out.push({ section: 'investors', key: professional === 'Y' ? 'professional' : professional === 'P' ? 'professionalPerSe' : 'professionalElective', positive: true });
  else out.push({ section: 'investors', key: 'professional', positive: false });
  out.push({ section: 'investors', key: 'eligibleCounterparty', positive: market.investorType.eligibleCounterparty === 'Y' });
  tri('knowledge', 'basic', market.knowledge.basic);
  tri('knowledge', 'informed', market.knowledge.informed);
  tri('knowledge', 'advanced', market.knowledge.advanced);
  tri('loss', 'noCapitalLoss', market.lossBearing.noCapitalLoss);
  if (market.lossBearing.limitedCapitalLoss !== null && market.lossBearing.limitedCapitalLoss !== 'Neutral') {
    const level = market.lossBearing.limitedLossLevel;
    out.push({ section: 'loss', key: 'limitedCapitalLoss', positive: market.lossBearing.limitedCapitalLoss === 'Y', ...(level !== null ? { percent: level } : {}) });
  }
  tri('loss', 'noCapitalGuarantee', market.lossBearing.noCapitalGuarantee);
  tri('loss', 'lossBeyondCapital', market.lossBearing.lossBeyondCapital);
  tri('objectives', 'preservation', market.returnProfile.preservation);
  tri('objectives', 'growth', market.returnProfile.growth);
  tri('objectives', 'income', market.returnProfile.income);
  tri('objectives', 'hedging', market.returnProfile.hedging);
  if (market.sustainabilityPreferences === 'Y') out.push({ section: 'sustainability', key: 'sustainabilityPreferences', positive: true });
  const channels = market.distribution;
  for (const service of ['executionOnly', 'appropriateness', 'advice', 'portfolioManagement'] as const) {
    const channel = channels[service];
    out.push({ section: 'distribution', key: `${service}.${channel}`, positive: channel !== 'N' });
  }
  return [...out.filter((s) => s.positive), ...out.filter((s) => !s.positive)];
}

/** The rules between answers that a target market must keep (the EMT's conditions); the codes of those broken. */
export function targetMarketProblems(market: TargetMarket): string[] {
  const problems: string[] = [];
  const { limitedCapitalLoss, limitedLossLevel } = market.lossBearing;
  // 03030 is given exactly when 03020 says Y, as a fraction between 0 and 1.
  if (limitedCapitalLoss === 'Y' && (limitedLossLevel === null || !(limitedLossLevel > 0 && limitedLossLevel < 1))) problems.push('03030_Limited_Capital_Loss_Level');
  if (limitedCapitalLoss !== 'Y' && limitedLossLevel !== null) problems.push('03030_Limited_Capital_Loss_Level');
  // A share for no investor type at all is for nobody.
  if (market.investorType.retail === 'N' && market.investorType.professional === 'N' && market.investorType.eligibleCounterparty === 'N') problems.push('01010_Investor_Type_Retail');
  return problems;
}
