import type { FetchedData, FundView, ShareView } from './model';
import type { PerformanceCode } from './performance';
import { NO_VALUE } from './performance-format';

/** The figures a fund shows in lists (fund range, finder): its main share's YTD and 1-year performance. */
export const LIST_HEADLINE_CODES = ['ytd', '1y'] as const satisfies readonly PerformanceCode[];
export type ListHeadlineCode = (typeof LIST_HEADLINE_CODES)[number];

export type HeadlinePerformance =
  | { status: 'figures'; share: ShareView; figures: FetchedData[]; asOf: string | null }
  /** SPEC §4: a share younger than a year shows no performance, only the reason. */
  | { status: 'too-young'; share: ShareView }
  | { status: 'none' };

/** The share a fund is represented by: its main share when the profile may see it, else its first visible one. */
export function headlineShare(fund: FundView): ShareView | null {
  return fund.shares.find((s) => s.isMain) ?? fund.shares[0] ?? null;
}

export function headlinePerformance(fund: FundView): HeadlinePerformance {
  const share = headlineShare(fund);
  if (!share) return { status: 'none' };
  if (share.lessThanOneYear) return { status: 'too-young', share };
  const figures = LIST_HEADLINE_CODES.map(
    (code) =>
      share.fetchedData.find((d) => d.code === code) ?? {
        code,
        value: null,
        displayValue: NO_VALUE,
        date: null,
        dateTo: null,
        benchmarkValue: null,
        benchmarkDisplayValue: NO_VALUE,
      },
  );
  return { status: 'figures', share, figures, asOf: figures.find((f) => f.dateTo)?.dateTo ?? null };
}

/** A headline figure as a number for sorting; null when the fund shows none (young share, no data). */
export function headlineValue(fund: FundView, code: ListHeadlineCode): number | null {
  const headline = headlinePerformance(fund);
  if (headline.status !== 'figures') return null;
  return headline.figures.find((f) => f.code === code)?.value ?? null;
}
