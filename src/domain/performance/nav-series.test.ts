// Expected indices are read off the small arrays by hand.
import { describe, it, expect } from 'vitest';
import { toEpochDay } from '../dates';
import { indexOnOrBefore, navOnOrBefore, pointIndexOnOrBefore, toNavSeries } from './nav-series';

describe('indexOnOrBefore', () => {
  const keys = [10, 20, 30];

  it('finds the latest key on or before the target', () => {
    expect(indexOnOrBefore(keys, 10)).toBe(0);
    expect(indexOnOrBefore(keys, 25)).toBe(1);
    expect(indexOnOrBefore(keys, 30)).toBe(2);
    expect(indexOnOrBefore(keys, 99)).toBe(2);
  });

  it('is −1 before the first key or on an empty list', () => {
    expect(indexOnOrBefore(keys, 9)).toBe(-1);
    expect(indexOnOrBefore([], 9)).toBe(-1);
  });
});

describe('navOnOrBefore', () => {
  // Fri 2024-03-29 (Good Friday, no NAV) and the weekend fall back to Thu 2024-03-28.
  const series = toNavSeries([
    { date: '2024-03-27', nav: 101 },
    { date: '2024-03-28', nav: 102 },
    { date: '2024-04-02', nav: 103 },
  ]);

  it('falls back over holidays and weekends', () => {
    expect(navOnOrBefore(series, toEpochDay('2024-03-31'))).toBe(102);
    expect(navOnOrBefore(series, toEpochDay('2024-04-02'))).toBe(103);
    expect(navOnOrBefore(series, toEpochDay('2024-03-26'))).toBeNull();
  });

  it('works on plain points by ISO date', () => {
    const points = [{ date: '2024-03-27' }, { date: '2024-03-28' }];
    expect(pointIndexOnOrBefore(points, '2024-03-30')).toBe(1);
    expect(pointIndexOnOrBefore(points, '2024-03-01')).toBe(-1);
  });
});

describe('toNavSeries', () => {
  it('refuses duplicate dates, bad dates and non-positive NAVs', () => {
    expect(() => toNavSeries([{ date: '2024-01-02', nav: 1 }, { date: '2024-01-02', nav: 1 }])).toThrow(RangeError);
    expect(() => toNavSeries([{ date: '2024-02-30', nav: 1 }])).toThrow(RangeError);
    expect(() => toNavSeries([{ date: '2024-01-02', nav: Number.NaN }])).toThrow(RangeError);
  });
});
