import { toCsv } from '../csv/write';
import type { IsoDate } from '../dates';
import type { CalendarYearReturn } from '../model';
import { calendarBarLayout, type Bar } from './chart-geometry';
import { formatPerformance, type DisplayLocale } from './format';

/**
 * The past-performance page of a share class (Delegated Regulation (EU) 2017/653, Annex VIII): the calendar-year
 * returns of up to the last ten years, the figures the share page shows (docs/methodology.md "Calendar years"),
 * from the share's launch year (or ten years back) to the last complete year. A year without a complete year of
 * data stays empty, never zero.
 */
export const PAST_PERFORMANCE_YEARS = 10;

export type PastPerformanceYear = { year: number; share: number | null; benchmark: number | null };

/**
 * The years of the chart, oldest first: from max(launch year, last complete year − 9) to the last complete year
 * (the year before the as-of date's: the current year is YTD). Empty when the share has no complete calendar year
 * or is younger than a year: the page then says there is not yet enough data, and draws no bar.
 */
export function pastPerformanceYears(
  share: { calendarYears: readonly CalendarYearReturn[]; lessThanOneYear: boolean; inceptionDate: IsoDate; asOf: IsoDate | null },
  withBenchmark: boolean,
): PastPerformanceYear[] {
  if (share.lessThanOneYear || share.asOf === null || share.calendarYears.length === 0) return [];
  const last = Number(share.asOf.slice(0, 4)) - 1;
  const first = Math.max(Number(share.inceptionDate.slice(0, 4)), last - PAST_PERFORMANCE_YEARS + 1);
  const byYear = new Map(share.calendarYears.map((y) => [y.year, y]));
  const years: PastPerformanceYear[] = [];
  for (let year = first; year <= last; year += 1) {
    const found = byYear.get(year);
    years.push({ year, share: found?.value ?? null, benchmark: withBenchmark ? (found?.benchmark ?? null) : null });
  }
  return years;
}

const ONE_DECIMAL = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false, signDisplay: 'negative' });

/**
 * A fraction as a percentage with one decimal, rounded as the bars' labels are (Intl, half away from zero):
 * 0.04567 → "4.6", -0.12345 → "-12.3".
 */
export function oneDecimalPercent(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : ONE_DECIMAL.format(value).replace('%', '');
}

/**
 * /e/{locale}/data/funds/{fund}/{ISIN}/past-performance.csv: `year,share,benchmark`, one row per year of the chart,
 * oldest first, percentages with the bars' one decimal, an empty cell where the year has no figure (and for the
 * benchmark of a fund without one). Only the header for a share without one complete calendar year.
 */
export function pastPerformanceCsv(years: readonly PastPerformanceYear[]): string {
  return toCsv([['year', 'share', 'benchmark'], ...years.map((y) => [y.year, oneDecimalPercent(y.share), oneDecimalPercent(y.benchmark)])]);
}

export type PastPerformanceBarRow = {
  year: number;
  share: Bar | null;
  benchmark: Bar | null;
  shareLabel: string | null;
  benchmarkLabel: string | null;
};

/**
 * The bars of the chart, in percent of the plot's width (src/domain/performance/chart-geometry.ts calendarBarLayout): a year
 * without a figure keeps its row, with no bar and no label. Labels have one decimal, as on the share page.
 */
export function pastPerformanceBars(years: readonly PastPerformanceYear[], locale: DisplayLocale): { zero: number; rows: PastPerformanceBarRow[] } {
  const withData = years.filter((y): y is PastPerformanceYear & { share: number } => y.share !== null);
  const layout = calendarBarLayout(withData.map((y) => ({ year: y.year, value: y.share, benchmark: y.benchmark })));
  const bars = new Map(layout.rows.map((r) => [r.year, r]));
  return {
    zero: layout.zero,
    rows: years.map((y) => {
      const row = bars.get(y.year);
      return {
        year: y.year,
        share: row?.share ?? null,
        benchmark: row?.benchmark ?? null,
        shareLabel: y.share === null ? null : formatPerformance(y.share, locale, 1),
        benchmarkLabel: y.benchmark === null ? null : formatPerformance(y.benchmark, locale, 1),
      };
    }),
  };
}
