import { indexOnOrBefore, navOnOrBefore, type NavSeries } from './nav-series';

const WEEKS_PER_YEAR = 52;

/**
 * docs/methodology.md "Weekly returns": observations at T, T − 7, T − 14, … while later than the window start,
 * then the start itself; each takes the NAV on or before its date. Days are epoch days.
 */
export function weeklyReturns(series: NavSeries, asOfDay: number, startDay: number): number[] {
  const observations: number[] = [];
  for (let day = asOfDay; day > startDay; day -= 7) observations.push(day);
  observations.push(startDay);
  observations.reverse();

  const returns: number[] = [];
  let previous = navOnOrBefore(series, startDay);
  for (const day of observations.slice(1)) {
    const current = navOnOrBefore(series, day);
    if (previous !== null && current !== null) returns.push(current / previous - 1);
    previous = current;
  }
  return returns;
}

/** Sample standard deviation (n − 1) × √52; null with fewer than two returns, where it is undefined. */
export function annualisedVolatility(returns: readonly number[]): number | null {
  const count = returns.length;
  if (count < 2) return null;
  const mean = returns.reduce((sum, value) => sum + value, 0) / count;
  const squares = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  return Math.sqrt(squares / (count - 1)) * Math.sqrt(WEEKS_PER_YEAR);
}

/**
 * docs/methodology.md "Maximum drawdown": lowest NAV / running peak − 1 over the NAV on or before the start and every
 * later NAV. Never positive; null when the series starts after `startDay`.
 */
export function maxDrawdown(series: NavSeries, startDay: number): number | null {
  const first = indexOnOrBefore(series.days, startDay);
  if (first < 0) return null;
  let peak = 0;
  let lowest = 0;
  for (let index = first; index < series.navs.length; index += 1) {
    const nav = series.navs[index] ?? peak;
    if (nav > peak) peak = nav;
    const drawdown = nav / peak - 1;
    if (drawdown < lowest) lowest = drawdown;
  }
  return lowest;
}
