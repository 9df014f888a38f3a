import { addMonths, endOfYear, toEpochDay, yearOf, type IsoDate } from '../dates';
import { navOnOrBefore, pointIndexOnOrBefore, toNavSeries, type NavPoint, type NavSeries } from './nav-series';
import { annualisedVolatility, maxDrawdown, weeklyReturns } from './risk';
import { isLessThanOneYear } from './share-age';

export type { NavPoint } from './nav-series';
export { downsample, growthFromHistory, periodStart, rebaseSeries, CHART_PERIODS } from './chart';
export type { ChartPeriod, ChartPoint, Growth } from './chart';

export type PerformanceInput = {
  inceptionDate: IsoDate;
  inceptionNav: number;
  /** Ascending by date. */
  navs: NavPoint[];
  /** Annual risk-free rate as a fraction, used by the Sharpe ratio. */
  riskFreeRate: number;
};

/** The `fetchedData` codes of docs/methodology.md "Display", in display order. */
export const PERFORMANCE_CODES = [
  'ytd', '1m', '3m', '6m', '1y', '3y', '5y', '10y',
  'creation', 'creation_annu', '3y_annu', '5y_annu', '10y_annu',
  'vol_3y', 'vol_5y', 'sharpe_3y', 'sharpe_5y', 'max_drawdown_3y', 'max_drawdown_5y',
] as const;

export type PerformanceCode = (typeof PERFORMANCE_CODES)[number];

export type PerformanceResult = {
  /** T, the date of the last NAV; null without any NAV. */
  asOf: IsoDate | null;
  lessThanOneYear: boolean;
  /** Unrounded fractions; null means "not available" ("-"). */
  figures: Record<PerformanceCode, number | null>;
  /** Complete calendar years, most recent first, at most 10. */
  calendarYears: { year: number; value: number }[];
};

const MAX_CALENDAR_YEARS = 10;

function emptyResult(): PerformanceResult {
  const figures = {} as Record<PerformanceCode, number | null>;
  for (const code of PERFORMANCE_CODES) figures[code] = null;
  return { asOf: null, lessThanOneYear: true, figures, calendarYears: [] };
}

/**
 * The series the maths runs on: the inception point, then every NAV after it. Earlier points (a benchmark's
 * history) can never be used, since no figure starts before inception, and a series lacking the inception date
 * still gets its launch price there.
 */
function seriesFromInception(input: PerformanceInput): NavSeries {
  const afterInception = input.navs.filter((point) => point.date > input.inceptionDate);
  return toNavSeries([{ date: input.inceptionDate, nav: input.inceptionNav }, ...afterInception]);
}

const annualise = (cumulative: number | null, years: number): number | null =>
  cumulative === null ? null : (1 + cumulative) ** (1 / years) - 1;

/** Every figure of docs/methodology.md for one share (or benchmark) at the date of its last NAV. Pure and O(n). */
export function computePerformance(input: PerformanceInput): PerformanceResult {
  const lastPoint = input.navs[input.navs.length - 1];
  // A series whose NAVs all predate inception has no NAV of the share yet.
  if (lastPoint === undefined || lastPoint.date < input.inceptionDate) return emptyResult();

  const series = seriesFromInception(input);
  const asOf = lastPoint.date;
  const asOfDay = toEpochDay(asOf);
  const inceptionDay = toEpochDay(input.inceptionDate);
  const lastNav = series.navs[series.navs.length - 1] ?? input.inceptionNav;
  const lessThanOneYear = isLessThanOneYear(input.inceptionDate, asOf);

  const cumulativeFrom = (startDay: number): number | null => {
    if (startDay < inceptionDay) return null;
    const base = navOnOrBefore(series, startDay);
    return base === null ? null : lastNav / base - 1;
  };
  const monthsBack = (months: number): number => toEpochDay(addMonths(asOf, -months));

  const cumulative3y = cumulativeFrom(monthsBack(36));
  const cumulative5y = cumulativeFrom(monthsBack(60));
  const cumulative10y = cumulativeFrom(monthsBack(120));
  const sinceInception = lastNav / input.inceptionNav - 1;
  const annualised3y = annualise(cumulative3y, 3);
  const annualised5y = annualise(cumulative5y, 5);

  const risk = (years: number, annualisedReturn: number | null) => {
    const startDay = monthsBack(12 * years);
    if (startDay < inceptionDay || annualisedReturn === null) return { vol: null, sharpe: null, drawdown: null };
    const vol = annualisedVolatility(weeklyReturns(series, asOfDay, startDay));
    // A flat series has no volatility; its Sharpe ratio is undefined rather than infinite.
    const sharpe = vol === null || vol === 0 ? null : (annualisedReturn - input.riskFreeRate) / vol;
    return { vol, sharpe, drawdown: maxDrawdown(series, startDay) };
  };
  const risk3y = risk(3, annualised3y);
  const risk5y = risk(5, annualised5y);

  const figures: Record<PerformanceCode, number | null> = {
    ytd: cumulativeFrom(toEpochDay(endOfYear(yearOf(asOf) - 1))),
    '1m': cumulativeFrom(monthsBack(1)),
    '3m': cumulativeFrom(monthsBack(3)),
    '6m': cumulativeFrom(monthsBack(6)),
    '1y': cumulativeFrom(monthsBack(12)),
    '3y': cumulative3y,
    '5y': cumulative5y,
    '10y': cumulative10y,
    creation: sinceInception,
    creation_annu: lessThanOneYear ? null : (1 + sinceInception) ** (365.25 / (asOfDay - inceptionDay)) - 1,
    '3y_annu': annualised3y,
    '5y_annu': annualised5y,
    '10y_annu': annualise(cumulative10y, 10),
    vol_3y: risk3y.vol,
    vol_5y: risk5y.vol,
    sharpe_3y: risk3y.sharpe,
    sharpe_5y: risk5y.sharpe,
    max_drawdown_3y: risk3y.drawdown,
    max_drawdown_5y: risk5y.drawdown,
  };

  return { asOf, lessThanOneYear, figures, calendarYears: calendarYears(series, asOf, input.inceptionDate) };
}

/** Complete years only: 31 Dec of the year before must not precede inception; the current year is YTD. */
function calendarYears(series: NavSeries, asOf: IsoDate, inceptionDate: IsoDate): { year: number; value: number }[] {
  const years: { year: number; value: number }[] = [];
  for (let year = yearOf(asOf) - 1; years.length < MAX_CALENDAR_YEARS; year -= 1) {
    const previousEnd = endOfYear(year - 1);
    if (previousEnd < inceptionDate) break;
    const start = navOnOrBefore(series, toEpochDay(previousEnd));
    const end = navOnOrBefore(series, toEpochDay(endOfYear(year)));
    if (start === null || end === null) break;
    years.push({ year, value: end / start - 1 });
  }
  return years;
}

/**
 * The input that applies this engine to a benchmark (docs/methodology.md "Inputs"): the share's inception date, and as
 * inception value the benchmark's value on or before it. Null when the benchmark has no value by then, since
 * no figure could be anchored.
 */
export function benchmarkInput(
  shareInceptionDate: IsoDate,
  benchmarkPoints: NavPoint[],
  riskFreeRate: number,
): PerformanceInput | null {
  const base = benchmarkPoints[pointIndexOnOrBefore(benchmarkPoints, shareInceptionDate)];
  if (base === undefined) return null;
  return { inceptionDate: shareInceptionDate, inceptionNav: base.nav, navs: benchmarkPoints, riskFreeRate };
}
