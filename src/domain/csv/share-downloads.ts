import { toCsv } from './write';
import type { IsoDate } from '../dates';
import type { CalendarYearReturn, FetchedData } from '../model';
import type { NavPoint } from '../performance/nav-series';
import type { PerformanceCode } from '../performance/compute';
import { ANNUALISED_COLUMNS, CUMULATIVE_COLUMNS, RISK_COLUMNS } from '../performance/table';

/**
 * The share page's downloads. One format for both files, chosen for spreadsheets and scripts alike:
 * UTF-8 with a byte-order mark (so Excel reads accents), comma-separated, CRLF line ends (RFC 4180), a header
 * row, dates as ISO yyyy-mm-dd in every language (unambiguous, and sorted as text), numbers with a dot as
 * decimal point and no thousands separator, an empty cell where a figure is not available.
 */
/** A number with at most `decimals` decimals, without trailing zeros or exponent (NAVs: 123.4567, 100). */
function decimal(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** A fraction as a percentage with two decimals, e.g. 0.012345 → "1.23", a string so "1.20" keeps its zero. */
function percent(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : (value * 100).toFixed(2);
}

function ratio(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : value.toFixed(2);
}

/**
 * The NAV history: `isin,date,nav,currency`, oldest first. The same columns as `npm run import:navs` reads,
 * so a file downloaded here can be imported again as is.
 */
export function navHistoryCsv(isin: string, currency: string, navs: readonly NavPoint[]): string {
  return toCsv([['isin', 'date', 'nav', 'currency'], ...navs.map((p) => [isin, p.date, decimal(p.nav, 6), currency])]);
}

export type PerformanceCsvLabels = {
  /** The translated name of each figure ("1 year", "Volatility 3 years"…). */
  figure: (code: PerformanceCode) => string;
  /** The translated heading of a group ("Cumulative", "Annualised", "Risk", "Calendar year"). */
  group: (group: PerformanceGroup) => string;
};

export type PerformanceGroup = 'cumulative' | 'annualised' | 'risk' | 'calendar';

const RATIOS = new Set<PerformanceCode>(['sharpe_3y', 'sharpe_5y']);

/**
 * The performance table as the page shows it, one figure per row:
 * `isin,currency,as_of,group,code,label,share,benchmark,unit`. Returns are in percent (unit "%"), Sharpe ratios
 * plain (unit "ratio"); calendar years have the code `year_YYYY`. Figures are those of the page, two decimals.
 */
export function performanceCsv(
  share: { isin: string; currency: string; asOf: IsoDate; figures: readonly FetchedData[]; calendarYears: readonly CalendarYearReturn[] },
  labels: PerformanceCsvLabels,
): string {
  const byCode = new Map(share.figures.map((f) => [f.code, f]));
  const common = [share.isin, share.currency, share.asOf];
  const figureRows = (group: PerformanceGroup, codes: readonly PerformanceCode[]) =>
    codes.map((code) => {
      const figure = byCode.get(code);
      const format = RATIOS.has(code) ? ratio : percent;
      return [
        ...common,
        labels.group(group),
        code,
        labels.figure(code),
        format(figure?.value ?? null),
        format(figure?.benchmarkValue ?? null),
        RATIOS.has(code) ? 'ratio' : '%',
      ];
    });
  const years = [...share.calendarYears]
    .sort((a, b) => b.year - a.year)
    .map((y) => [...common, labels.group('calendar'), `year_${y.year}`, String(y.year), percent(y.value), percent(y.benchmark), '%']);
  return toCsv([
    ['isin', 'currency', 'as_of', 'group', 'code', 'label', 'share', 'benchmark', 'unit'],
    ...figureRows('cumulative', CUMULATIVE_COLUMNS),
    ...figureRows('annualised', ANNUALISED_COLUMNS),
    ...figureRows('risk', RISK_COLUMNS),
    ...years,
  ]);
}

/**
 * The files of /e/{locale}/data/funds/{fund}/{ISIN}/…: the share page's two, its regulatory pages' (src/domain/funds/share-pages.ts),
 * its costs and charges illustration (src/domain/distribution/costs-csv.ts) and a distributing share's dividends
 * (src/domain/dividends/csv.ts).
 */
export const SHARE_DOWNLOADS = ['nav-history.csv', 'performance.csv', 'past-performance.csv', 'performance-scenarios.csv', 'costs.csv', 'distributions.csv'] as const;
export type ShareDownload = (typeof SHARE_DOWNLOADS)[number];

export function isShareDownload(value: string): value is ShareDownload {
  return (SHARE_DOWNLOADS as readonly string[]).includes(value);
}

/** The saved file's name: ISIN, what it holds and its as-of date, e.g. FR00140A3K73-nav-history-2026-11-20.csv. */
export function downloadFileName(isin: string, file: ShareDownload, asOf: IsoDate): string {
  return `${isin}-${file.replace(/\.csv$/, '')}-${asOf}.csv`;
}
