// Expected figures are worked by hand from docs/methodology.md: observations every 7 days back from T, then the start.
import { describe, it, expect } from 'vitest';
import { toEpochDay } from '../dates';
import { toNavSeries } from './nav-series';
import { annualisedVolatility, maxDrawdown, weeklyReturns } from './risk';

const day = toEpochDay;

describe('weeklyReturns', () => {
  // T = Wed 2024-01-31, s = 2024-01-14: observations 14, 17, 24, 31 Jan (17 = 31 − 14 > 14; 10 ≤ 14 stops).
  const series = toNavSeries([
    { date: '2024-01-12', nav: 100 },
    { date: '2024-01-17', nav: 110 },
    { date: '2024-01-23', nav: 99 },
    { date: '2024-01-31', nav: 99 },
  ]);

  it('takes the NAV on or before each observation', () => {
    // 14 Jan → 12 Jan (100); 17 → 110; 24 → 23 Jan (99); 31 → 99
    const returns = weeklyReturns(series, day('2024-01-31'), day('2024-01-14'));
    expect(returns).toHaveLength(3);
    expect(returns[0]).toBeCloseTo(0.1, 15);
    expect(returns[1]).toBeCloseTo(-0.1, 15);
    expect(returns[2]).toBe(0);
  });
});

describe('annualisedVolatility', () => {
  it('is the sample standard deviation times √52', () => {
    // returns 0.01 and −0.01: mean 0, variance (0.0001 + 0.0001) / 1 = 0.0002
    expect(annualisedVolatility([0.01, -0.01])).toBeCloseTo(Math.sqrt(0.0002 * 52), 15);
  });

  it('is null with fewer than two returns', () => {
    expect(annualisedVolatility([0.01])).toBeNull();
  });
});

describe('maxDrawdown', () => {
  const series = toNavSeries([
    { date: '2024-01-02', nav: 120 },
    { date: '2024-01-03', nav: 100 },
    { date: '2024-01-04', nav: 110 },
    { date: '2024-01-05', nav: 88 },
    { date: '2024-01-08', nav: 130 },
  ]);

  it('starts from the NAV on or before the start date', () => {
    // From Sat 6 Jan → Fri 5 Jan (88): it only rises afterwards
    expect(maxDrawdown(series, day('2024-01-06'))).toBe(0);
    // From 3 Jan: peak 110, trough 88: 88 / 110 − 1 = −0.2 (the earlier 120 is outside the window)
    expect(maxDrawdown(series, day('2024-01-03'))).toBeCloseTo(-0.2, 15);
    // From 2 Jan: peak 120, trough 88: 88 / 120 − 1
    expect(maxDrawdown(series, day('2024-01-02'))).toBeCloseTo(88 / 120 - 1, 15);
  });

  it('is null when the series starts after the start date', () => {
    expect(maxDrawdown(series, day('2023-12-29'))).toBeNull();
  });
});
