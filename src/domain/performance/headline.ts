import type { FetchedData, FundView, ShareView } from '../model';
import type { PerformanceCode } from './compute';
import { NO_VALUE } from './format';

/** docs/product.md §9 codes a share class shows in its fund's performances tab: cumulative YTD, 1y, 3y, 5y; since inception annualised. */
export const SHARE_HEADLINE_CODES = ['ytd', '1y', '3y', '5y', 'creation_annu'] as const satisfies readonly PerformanceCode[];
/** The figures a fund shows in lists (fund range, finder): its main share's YTD and 1-year performance. */
export const LIST_HEADLINE_CODES = ['ytd', '1y'] as const satisfies readonly PerformanceCode[];
export type ListHeadlineCode = (typeof LIST_HEADLINE_CODES)[number];

export type HeadlineFigure<C extends PerformanceCode> = { code: C; value: number | null; displayValue: string };

export type Headline<C extends PerformanceCode> =
  /** docs/product.md §4: a share younger than a year shows no figure at all, only why. */
  | { status: 'young' }
  | { status: 'figures'; asOf: { date: string; formatted: string } | null; figures: HeadlineFigure<C>[] };

/**
 * Some of a share's figures as the site displays them (docs/product.md §5, already formatted by
 * formatPerformance: "-" for no value, "+ " before a positive one), in the order asked, with the
 * as-of date of those figures.
 */
export function shareHeadline<C extends PerformanceCode>(
  share: { lessThanOneYear: boolean; fetchedData: readonly FetchedData[] },
  codes: readonly C[],
): Headline<C> {
  if (share.lessThanOneYear) return { status: 'young' };
  const byCode = new Map(share.fetchedData.map((d) => [d.code, d]));
  const found = codes.map((code) => byCode.get(code));
  const dated = found.find((d) => d?.date && d.dateTo);
  return {
    status: 'figures',
    asOf: dated?.date && dated.dateTo ? { date: dated.date, formatted: dated.dateTo } : null,
    figures: codes.map((code, i) => ({ code, value: found[i]?.value ?? null, displayValue: found[i]?.displayValue ?? NO_VALUE })),
  };
}

/** The share a fund is represented by: its main share when the profile may see it, else its first visible one. */
export function headlineShare(fund: FundView): ShareView | null {
  return fund.shares.find((s) => s.isMain) ?? fund.shares[0] ?? null;
}

export type FundHeadline = { status: 'none' } | ({ share: ShareView } & Headline<ListHeadlineCode>);

/** A fund's headline in lists: the YTD and 1-year figures of the share it is represented by. */
export function fundHeadline(fund: FundView): FundHeadline {
  const share = headlineShare(fund);
  if (!share) return { status: 'none' };
  return { share, ...shareHeadline(share, LIST_HEADLINE_CODES) };
}

/** A headline figure as a number for sorting; null when the fund shows none (young share, no data). */
export function headlineValue(fund: FundView, code: ListHeadlineCode): number | null {
  const headline = fundHeadline(fund);
  if (headline.status !== 'figures') return null;
  return headline.figures.find((f) => f.code === code)?.value ?? null;
}
