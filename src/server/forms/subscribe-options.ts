import 'server-only';
import type { Locale } from '@/env';
import type { Audience } from '@/domain/registrations/audience';
import { listFunds } from '@/server/funds/queries';
import { listInvestorProfiles } from '@/server/site/queries';

export type ShareOption = { isin: string; label: string };
export type ShareGroup = { fund: string; shares: ShareOption[] };

/** The share classes a visitor of this profile may ask to subscribe to: the active ones it can see, by fund. */
export async function subscribableShares(locale: Locale, audience: Audience): Promise<ShareGroup[]> {
  const funds = await listFunds(locale, audience);
  return funds
    .map((fund) => ({
      fund: fund.title,
      shares: fund.shares.filter((s) => s.active).map((s) => ({ isin: s.isinCode, label: `${s.name} (${s.isinCode}, ${s.currency.code})` })),
    }))
    .filter((group) => group.shares.length > 0);
}

/** Labels of the subscribe form's run-time options, for the staff's mail. */
export async function subscribeOptionLabels(locale: Locale, audience: Audience): Promise<Record<string, Record<string, string>>> {
  const [groups, profiles] = await Promise.all([subscribableShares(locale, audience), listInvestorProfiles(locale)]);
  return {
    isin: Object.fromEntries(groups.flatMap((g) => g.shares.map((s) => [s.isin, `${g.fund} — ${s.label}`]))),
    investorType: Object.fromEntries(profiles.map((p) => [p.code, p.title])),
  };
}
