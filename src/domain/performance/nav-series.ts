import { toEpochDay, type IsoDate } from '../dates';

export type NavPoint = { date: IsoDate; nav: number };

/**
 * A NAV series as parallel arrays of epoch days and values: every "NAV on or before d" lookup is then a
 * binary search over numbers, which keeps a full recomputation of thousands of NAVs cheap.
 */
export type NavSeries = { readonly days: readonly number[]; readonly navs: readonly number[] };

/** Checks the order and values once, here, so the maths downstream can trust them. */
export function toNavSeries(points: readonly NavPoint[]): NavSeries {
  const days: number[] = [];
  const navs: number[] = [];
  for (const { date, nav } of points) {
    const day = toEpochDay(date);
    const previous = days[days.length - 1];
    if (previous !== undefined && day <= previous) throw new RangeError(`NAV dates must be strictly ascending (at ${date})`);
    if (!Number.isFinite(nav) || nav <= 0) throw new RangeError(`NAV must be a positive number (at ${date}: ${nav})`);
    days.push(day);
    navs.push(nav);
  }
  return { days, navs };
}

/** Index of the latest key ≤ target in ascending `keys`, or −1 when every key is later. */
export function indexOnOrBefore<K extends number | string>(keys: readonly K[], target: K): number {
  let low = 0;
  let high = keys.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const key = keys[middle];
    if (key !== undefined && key <= target) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The NAV of the latest date ≤ `day` (docs/methodology.md "NAV on or before d"), or null when the series starts later. */
export function navOnOrBefore(series: NavSeries, day: number): number | null {
  return series.navs[indexOnOrBefore(series.days, day)] ?? null;
}

/** Same lookup on plain points; ISO dates sort as strings, so no conversion is needed. */
export function pointIndexOnOrBefore(points: readonly { date: IsoDate }[], date: IsoDate): number {
  let low = 0;
  let high = points.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const point = points[middle];
    if (point !== undefined && point.date <= date) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
