/**
 * A fund's events as its investors are told of them (issue 34, docs/back-office.md "Fund events"):
 * what happened or will happen to the fund, to which of its share classes, announced when and
 * effective when. Pure: no I/O.
 *
 * A suspension of subscriptions and redemptions, and a liquidity management tool (Directive (EU)
 * 2024/927, in force since 16 April 2026), are "in force" from their effective date until their end
 * date (exclusive) when one is set, or until a later "tool lifted" event of the same fund and tool
 * takes effect. While one is in force the fund and share pages show a banner, and the range, the
 * document library and GraphQL flag the fund.
 */

export const FUND_EVENT_TYPES = ['merger', 'liquidation', 'name-change', 'prospectus-change', 'suspension', 'lmt-activated', 'lmt-lifted', 'other'] as const;
export type FundEventType = (typeof FUND_EVENT_TYPES)[number];

/** The liquidity management tools of Annex IIA of the UCITS Directive as amended by 2024/927 that a fund of the demo's kind may use. */
export const LIQUIDITY_TOOLS = ['redemption-gate', 'swing-pricing', 'anti-dilution-levy', 'notice-period', 'redemption-in-kind', 'redemption-fee', 'side-pocket'] as const;
export type LiquidityTool = (typeof LIQUIDITY_TOOLS)[number];

export const isFundEventType = (value: unknown): value is FundEventType => typeof value === 'string' && (FUND_EVENT_TYPES as readonly string[]).includes(value);
export const isLiquidityTool = (value: unknown): value is LiquidityTool => typeof value === 'string' && (LIQUIDITY_TOOLS as readonly string[]).includes(value);

/** The types that name a tool (and only they). */
export const typeNamesTool = (type: FundEventType): boolean => type === 'lmt-activated' || type === 'lmt-lifted';

/** The types that put the fund in a state a banner shows while it lasts. */
export const typeIsRestriction = (type: FundEventType): boolean => type === 'suspension' || type === 'lmt-activated';

/** What the in-force rule reads of an event. Dates are ISO days (YYYY-MM-DD), compared as text. */
export type EventTiming = {
  id: number;
  fundId: number;
  type: FundEventType;
  tool: LiquidityTool | null;
  effectiveOn: string;
  endsOn: string | null;
};

/**
 * Whether a suspension or a tool activation is in force on `day`: effective, not ended, and not
 * lifted by a "tool lifted" event of the same fund and tool effective after it and on or before `day`.
 */
export function inForce(event: EventTiming, day: string, others: readonly EventTiming[]): boolean {
  if (!typeIsRestriction(event.type)) return false;
  if (event.effectiveOn > day) return false;
  if (event.endsOn !== null && event.endsOn <= day) return false;
  if (event.type === 'lmt-activated') {
    const lifted = others.some(
      (o) => o.type === 'lmt-lifted' && o.fundId === event.fundId && o.tool === event.tool && o.effectiveOn > event.effectiveOn && o.effectiveOn <= day,
    );
    if (lifted) return false;
  }
  return true;
}

/** The restrictions of a set of events in force on `day` (each event judged against all the others). */
export function restrictionsInForce<E extends EventTiming>(events: readonly E[], day: string): E[] {
  return events.filter((e) => inForce(e, day, events));
}
