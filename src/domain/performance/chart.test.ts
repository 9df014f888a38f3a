// Expected dates follow docs/methodology.md month arithmetic by calendar; rebased values are 100 × NAV / base NAV done
// by hand; downsampled indices are round(k × (n − 1) / (max − 1)).
import { describe, it, expect } from 'vitest';
import { CHART_PERIODS, downsample, growthFromHistory, periodStart, rebaseSeries } from './chart';

describe('periodStart', () => {
  const asOf = '2024-03-31';
  const inception = '2014-03-31';

  it('uses clamped month arithmetic and 31 December for YTD', () => {
    expect(periodStart('1m', asOf, inception)).toBe('2024-02-29');
    expect(periodStart('3m', asOf, inception)).toBe('2023-12-31');
    expect(periodStart('6m', asOf, inception)).toBe('2023-09-30');
    expect(periodStart('ytd', asOf, inception)).toBe('2023-12-31');
    expect(periodStart('1y', asOf, inception)).toBe('2023-03-31');
    expect(periodStart('3y', asOf, inception)).toBe('2021-03-31');
    expect(periodStart('5y', asOf, inception)).toBe('2019-03-31');
    expect(periodStart('10y', asOf, inception)).toBe('2014-03-31'); // exactly at inception: allowed
    expect(periodStart('inception', asOf, inception)).toBe(inception);
  });

  it('is null for periods starting before inception, except since inception', () => {
    const young = '2023-06-01';
    const available = CHART_PERIODS.filter((period) => periodStart(period, asOf, young) !== null);
    expect(available).toEqual(['1m', '3m', '6m', 'ytd', 'inception']);
  });
});

describe('rebaseSeries', () => {
  const navs = [
    { date: '2024-01-05', nav: 50 },
    { date: '2024-01-12', nav: 55 },
    { date: '2024-01-19', nav: 44 },
  ];

  it('rebases to 100 at the point on or before the start date', () => {
    // Sun 14 Jan → Fri 12 Jan (55): 100, 44 / 55 × 100 = 80
    expect(rebaseSeries(navs, '2024-01-14')).toEqual([
      { date: '2024-01-12', value: 100 },
      { date: '2024-01-19', value: 80 },
    ]);
  });

  it('starts at the first point when the series starts later', () => {
    expect(rebaseSeries(navs, '2023-12-29').map((p) => p.value)).toEqual([100, 110, 88]);
  });

  it('is empty for an empty series', () => {
    expect(rebaseSeries([], '2024-01-01')).toEqual([]);
  });
});

describe('downsample', () => {
  const series = Array.from({ length: 10 }, (_, index) => index);

  it('keeps first and last and spaces the rest evenly', () => {
    // step 9 / 3 = 3: indices 0, 3, 6, 9
    expect(downsample(series, 4)).toEqual([0, 3, 6, 9]);
    // step 9 / 4 = 2.25: round(0, 2.25, 4.5, 6.75, 9) = 0, 2, 5, 7, 9
    expect(downsample(series, 5)).toEqual([0, 2, 5, 7, 9]);
  });

  it('returns a copy when already small enough', () => {
    expect(downsample(series, 10)).toEqual(series);
    expect(downsample(series, 10)).not.toBe(series);
  });

  it('refuses fewer than two points', () => {
    expect(() => downsample(series, 1)).toThrow(RangeError);
  });
});

describe('growthFromHistory', () => {
  const navs = [
    { date: '2023-12-29', nav: 50 },
    { date: '2024-01-05', nav: 55 },
    { date: '2024-01-12', nav: 60 },
    { date: '2024-02-01', nav: 66 },
  ];
  const benchmark = [
    { date: '2023-12-29', nav: 200 },
    { date: '2024-01-05', nav: 210 },
    { date: '2024-02-01', nav: 220 },
  ];

  it('rebases share and benchmark to 100 at the period start and stops at the as-of date', () => {
    // YTD at 31 Jan 2024 starts on 31 Dec 2023 → Fri 29 Dec: 55 / 50 = 110, 60 / 50 = 120; 210 / 200 = 105.
    expect(growthFromHistory(navs, benchmark, '2024-01-31', '2023-12-01', 'ytd', 10)).toEqual({
      period: 'ytd',
      from: '2023-12-31',
      share: [
        { date: '2023-12-29', value: 100 },
        { date: '2024-01-05', value: 110 },
        { date: '2024-01-12', value: 120 },
      ],
      benchmark: [
        { date: '2023-12-29', value: 100 },
        { date: '2024-01-05', value: 105 },
      ],
    });
  });

  it('has no chart for a period starting before inception, and no benchmark line without a benchmark', () => {
    expect(growthFromHistory(navs, benchmark, '2024-01-31', '2023-12-01', '1y', 10)).toBeNull();
    expect(growthFromHistory(navs, [], '2024-02-01', '2023-12-01', 'inception', 2)?.benchmark).toEqual([]);
    // Thinned to 2 points: the first and the last.
    expect(growthFromHistory(navs, [], '2024-02-01', '2023-12-01', 'inception', 2)?.share).toEqual([
      { date: '2023-12-29', value: 100 },
      { date: '2024-02-01', value: 132 },
    ]);
  });
});
