import { addMonths, endOfYear, yearOf, type IsoDate } from '../dates';
import { pointIndexOnOrBefore, type NavPoint } from './nav-series';

export const CHART_PERIODS = ['1m', '3m', '6m', 'ytd', '1y', '3y', '5y', '10y', 'inception'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export type ChartPoint = { date: IsoDate; value: number };

const PERIOD_MONTHS: Record<Exclude<ChartPeriod, 'ytd' | 'inception'>, number> = {
  '1m': 1, '3m': 3, '6m': 6, '1y': 12, '3y': 36, '5y': 60, '10y': 120,
};

/**
 * Start of a chart period ending at `asOf`, with the same month arithmetic as the figures so the chart and the
 * table agree. Null when the period would start before inception: the share did not exist for all of it.
 */
export function periodStart(period: ChartPeriod, asOf: IsoDate, inceptionDate: IsoDate): IsoDate | null {
  if (period === 'inception') return inceptionDate;
  const start = period === 'ytd' ? endOfYear(yearOf(asOf) - 1) : addMonths(asOf, -PERIOD_MONTHS[period]);
  return start < inceptionDate ? null : start;
}

/**
 * The growth of 100 from `fromDate`: points from the last one on or before `fromDate` (or the first point when
 * the series starts later), each as 100 × NAV / base NAV. Share and benchmark rebased from one date compare.
 */
export function rebaseSeries(points: readonly NavPoint[], fromDate: IsoDate): ChartPoint[] {
  const startIndex = Math.max(0, pointIndexOnOrBefore(points, fromDate));
  const base = points[startIndex];
  if (base === undefined) return [];
  return points.slice(startIndex).map(({ date, nav }) => ({ date, value: (100 * nav) / base.nav }));
}

/**
 * At most `maxPoints` points, evenly spaced by index and always keeping the first and last, so a long history
 * stays light in the page while its start and its latest value stay exact.
 */
export function downsample<T>(points: readonly T[], maxPoints: number): T[] {
  if (!Number.isInteger(maxPoints) || maxPoints < 2) throw new RangeError(`maxPoints must be an integer ≥ 2, got ${maxPoints}`);
  if (points.length <= maxPoints) return points.slice();
  const step = (points.length - 1) / (maxPoints - 1);
  const kept: T[] = [];
  for (let slot = 0; slot < maxPoints; slot += 1) {
    const point = points[Math.round(slot * step)];
    if (point !== undefined) kept.push(point);
  }
  return kept;
}

export type Growth = { period: ChartPeriod; from: IsoDate; share: ChartPoint[]; benchmark: ChartPoint[] };

/**
 * The growth chart of one period from full histories: share and benchmark up to `asOf`, both rebased to 100
 * at the period start and thinned to `maxPoints`. Null when the period starts before inception.
 */
export function growthFromHistory(
  navs: readonly NavPoint[],
  benchmark: readonly NavPoint[],
  asOf: IsoDate,
  inceptionDate: IsoDate,
  period: ChartPeriod,
  maxPoints: number,
): Growth | null {
  const from = periodStart(period, asOf, inceptionDate);
  if (!from) return null;
  const upToAsOf = (point: NavPoint) => point.date <= asOf;
  const rebased = (points: readonly NavPoint[]) => downsample(rebaseSeries(points.filter(upToAsOf), from), maxPoints);
  return { period, from, share: rebased(navs), benchmark: benchmark.length > 0 ? rebased(benchmark) : [] };
}
