import type { CalendarYearReturn, FetchedData } from '../model';
import type { PerformanceCode } from './compute';
import { formatPerformance, NO_VALUE, type DisplayLocale } from './format';

/**
 * What the performance table shows (docs/product.md §9 columns, docs/methodology.md "Display"), as rows of display strings.
 * Cumulative returns for every period; annualised ones only for periods of a year or more (GIPS: never
 * annualise a shorter period); risk figures at 3 and 5 years.
 */
export const CUMULATIVE_COLUMNS = ['ytd', '1m', '3m', '6m', '1y', '3y', '5y', '10y', 'creation'] as const;
export const ANNUALISED_COLUMNS = ['3y_annu', '5y_annu', '10y_annu', 'creation_annu'] as const;
export const RISK_COLUMNS = ['vol_3y', 'vol_5y', 'sharpe_3y', 'sharpe_5y', 'max_drawdown_3y', 'max_drawdown_5y'] as const;

export type RowKind = 'share' | 'benchmark' | 'difference';
export type TableRow = { kind: RowKind; cells: { code: PerformanceCode; display: string }[] };

/** Fractions rounded as the table prints them (two decimals of a percent). */
const roundPercent = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Share minus benchmark, from the figures as printed: the three rows of the table then add up for the reader
 * (1.23% − 1.00% shows + 0.23%), which a difference of unrounded values would break by a hundredth at times.
 */
export function roundedDifference(share: number | null, benchmark: number | null): number | null {
  if (share === null || benchmark === null || !Number.isFinite(share) || !Number.isFinite(benchmark)) return null;
  return roundPercent(roundPercent(share) - roundPercent(benchmark));
}

/**
 * The rows of one table: the share, then its benchmark and the difference when asked. Values come already
 * formatted from the query layer (displayValue); only the difference is formatted here.
 */
export function performanceRows(
  figures: readonly FetchedData[],
  columns: readonly PerformanceCode[],
  locale: DisplayLocale,
  options: { benchmark: boolean; difference: boolean },
): TableRow[] {
  const byCode = new Map(figures.map((f) => [f.code, f]));
  const cells = (pick: (f: FetchedData | undefined, code: PerformanceCode) => string) =>
    columns.map((code) => ({ code, display: pick(byCode.get(code), code) }));
  const rows: TableRow[] = [{ kind: 'share', cells: cells((f) => f?.displayValue ?? NO_VALUE) }];
  if (options.benchmark) {
    rows.push({ kind: 'benchmark', cells: cells((f) => f?.benchmarkDisplayValue ?? NO_VALUE) });
    if (options.difference) {
      rows.push({
        kind: 'difference',
        cells: cells((f) => formatPerformance(roundedDifference(f?.value ?? null, f?.benchmarkValue ?? null), locale)),
      });
    }
  }
  return rows;
}

/** The as-of date of the figures (docs/methodology.md: every figure is published with it), formatted. */
export function figuresAsOf(figures: readonly FetchedData[]): { date: string; label: string } | null {
  const dated = figures.find((f) => f.date !== null && f.dateTo !== null);
  return dated ? { date: dated.date as string, label: dated.dateTo as string } : null;
}

export type CalendarRow = { year: number; value: number; benchmark: number | null; share: string; benchmarkLabel: string };

/**
 * The calendar-year bars, oldest year first (the order of a KID's past-performance chart), labelled with one
 * decimal (docs/methodology.md "Display").
 */
export function calendarRows(years: readonly CalendarYearReturn[], locale: DisplayLocale): CalendarRow[] {
  return [...years]
    .sort((a, b) => a.year - b.year)
    .map((y) => ({
      year: y.year,
      value: y.value,
      benchmark: y.benchmark,
      share: formatPerformance(y.value, locale, 1),
      benchmarkLabel: formatPerformance(y.benchmark, locale, 1),
    }));
}
