import type { FetchedData } from './model';
import { NO_VALUE } from './performance-format';

/** SPEC §9 fetched-data codes: the headline figures of a share class (cumulative YTD, 1y, 3y, 5y; since inception annualised). */
export const HEADLINE_CODES = ['ytd', '1y', '3y', '5y', 'creation_annu'] as const;
export type HeadlineCode = (typeof HEADLINE_CODES)[number];

export type HeadlineRow =
  /** SPEC §4: a share younger than a year shows no figure at all, only why. */
  | { status: 'young' }
  | { status: 'figures'; asOf: { date: string; formatted: string } | null; figures: { code: HeadlineCode; displayValue: string }[] };

/**
 * A share's headline figures as the site displays them (SPEC §5, already formatted by
 * formatPerformance: "-" for no value, "+ " before a positive one), with their as-of date.
 */
export function headlineRow(share: { lessThanOneYear: boolean; fetchedData: readonly FetchedData[] }): HeadlineRow {
  if (share.lessThanOneYear) return { status: 'young' };
  const byCode = new Map(share.fetchedData.map((d) => [d.code, d]));
  const dated = share.fetchedData.find((d) => d.date && d.dateTo);
  return {
    status: 'figures',
    asOf: dated?.date && dated.dateTo ? { date: dated.date, formatted: dated.dateTo } : null,
    figures: HEADLINE_CODES.map((code) => ({ code, displayValue: byCode.get(code)?.displayValue ?? NO_VALUE })),
  };
}
