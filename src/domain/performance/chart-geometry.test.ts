// Expected figures worked by hand: scales are r0 + (v − d0) × (r1 − r0) / (d1 − d0); ticks follow the steps
// 1, 2, 2.5, 5 × 10^k tried in that order; dates are counted in days.
import { describe, expect, it } from 'vitest';
import { calendarBarLayout, growthGeometry, growthTableRows, linearScale, linePath, niceTicks, timeTicks } from './chart-geometry';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    expect(linearScale([0, 10], [0, 100])(2.5)).toBe(25);
    expect(linearScale([0, 10], [100, 0])(2.5)).toBe(75);
    expect(linearScale([90, 120], [190, 10])(100)).toBe(130);
  });

  it('puts everything in the middle for a degenerate domain', () => {
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });
});

describe('niceTicks', () => {
  it('takes the smallest nice step giving at most maxTicks ticks that cover the values', () => {
    // 35.4 / 5 = 7.08: steps 1, 2, 2.5, 5 give 37, 19, 16, 9 ticks; 10 gives 90…140, 6 ticks.
    expect(niceTicks(96.3, 131.7, 6)).toEqual([90, 100, 110, 120, 130, 140]);
    // 2.5 / 5 = 0.5: 0.1, 0.2, 0.25, 0.5 give 26, 14, 12, 7; 1 gives 99…102.
    expect(niceTicks(99.2, 101.7, 6)).toEqual([99, 100, 101, 102]);
  });

  it('prints decimal steps without floating-point noise', () => {
    // 0.1 + 2 × 0.1 is 0.30000000000000004 in floating point.
    expect(niceTicks(0.1, 0.3, 3)).toEqual([0.1, 0.2, 0.3]);
    // 0.3 / 3 = 0.1: step 0.1 gives 99.9…100.3, 5 ticks; 0.2 gives 99.8…100.4, 4 ticks.
    expect(niceTicks(99.95, 100.25, 4)).toEqual([99.8, 100, 100.2, 100.4]);
  });

  it('gives a flat line an axis around its value', () => {
    // ±1 % of 100: 99…101, 0.5 apart.
    expect(niceTicks(100, 100, 6)).toEqual([99, 99.5, 100, 100.5, 101]);
  });

  it('refuses bounds that are not numbers', () => {
    expect(() => niceTicks(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('linePath', () => {
  it('moves to the first point and draws to the others, one decimal', () => {
    expect(linePath([{ x: 0, y: 10.04 }, { x: 33.333, y: 5 }, { x: 66.66, y: 7.25 }])).toBe('M0 10L33.3 5L66.7 7.3');
    expect(linePath([])).toBe('');
  });
});

describe('growthGeometry', () => {
  const share = [
    { date: '2024-01-01', value: 100 },
    { date: '2024-01-11', value: 120 },
  ];
  const benchmark = [
    { date: '2024-01-01', value: 100 },
    { date: '2024-01-06', value: 90 },
  ];
  const geometry = growthGeometry(share, benchmark, { width: 1000, height: 200, padding: 10 });

  it('scales both lines on one time axis and one value axis', () => {
    // Values 90…120 → ticks 90, 100, 110, 120 → y from 190 (90) to 10 (120); days 0…10 → x 0…1000.
    expect(geometry.sharePath).toBe('M0 130L1000 10');
    expect(geometry.benchmarkPath).toBe('M0 130L500 190');
    expect(geometry.yTicks).toEqual([
      { value: 90, y: 190 },
      { value: 100, y: 130 },
      { value: 110, y: 70 },
      { value: 120, y: 10 },
    ]);
    expect(geometry.shareEnd).toEqual({ value: 120, y: 10 });
    expect(geometry.benchmarkEnd).toEqual({ value: 90, y: 190 });
  });

  it('spreads the date ticks evenly in time, first and last included', () => {
    // Days 0, 3.3, 6.7, 10 rounded: 1, 4, 8 and 11 January.
    expect(geometry.xTicks).toEqual([
      { date: '2024-01-01', fraction: 0 },
      { date: '2024-01-04', fraction: 0.3 },
      { date: '2024-01-08', fraction: 0.7 },
      { date: '2024-01-11', fraction: 1 },
    ]);
  });

  it('draws nothing for empty series, and a share alone without a benchmark', () => {
    expect(growthGeometry([], [], { width: 100, height: 100, padding: 0 }).sharePath).toBe('');
    const alone = growthGeometry(share, [], { width: 1000, height: 200, padding: 10 });
    expect(alone.benchmarkPath).toBe('');
    expect(alone.benchmarkEnd).toBeNull();
  });
});

describe('timeTicks', () => {
  it('gives one tick when the axis has no length', () => {
    expect(timeTicks(19_000, 19_000, 4)).toEqual([{ date: '2022-01-08', fraction: 0 }]);
  });
});

describe('calendarBarLayout', () => {
  it('places bars either side of a common zero, with room for the labels on each side that has bars', () => {
    // Values −5 %…+10 % onto 20…80 %: 400 % per unit, zero at 20 + 0.05 × 400 = 40.
    const layout = calendarBarLayout(
      [
        { year: 2024, value: 0.1, benchmark: 0.05 },
        { year: 2025, value: -0.05, benchmark: null },
      ],
      20,
    );
    expect(layout.zero).toBe(40);
    expect(layout.rows[0]).toEqual({
      year: 2024,
      share: { value: 0.1, x: 40, width: 40, labelX: 80, anchor: 'start' },
      benchmark: { value: 0.05, x: 40, width: 20, labelX: 60, anchor: 'start' },
    });
    expect(layout.rows[1]).toEqual({ year: 2025, share: { value: -0.05, x: 20, width: 20, labelX: 20, anchor: 'end' }, benchmark: null });
  });

  it('starts at the left edge when every value is positive', () => {
    const layout = calendarBarLayout([{ year: 2024, value: 0.1, benchmark: null }], 22);
    expect(layout.zero).toBe(0);
    expect(layout.rows[0]?.share).toEqual({ value: 0.1, x: 0, width: 78, labelX: 78, anchor: 'start' });
  });

  it('ends at the right edge when every value is negative', () => {
    const layout = calendarBarLayout([{ year: 2024, value: -0.2, benchmark: -0.1 }], 20);
    expect(layout.zero).toBe(100);
    expect(layout.rows[0]?.benchmark).toEqual({ value: -0.1, x: 60, width: 40, labelX: 60, anchor: 'end' });
  });
});

describe('growthTableRows', () => {
  const share = [
    { date: '2024-01-02', value: 100 },
    { date: '2024-01-03', value: 101 },
    { date: '2024-01-04', value: 102 },
    { date: '2024-01-05', value: 103 },
    { date: '2024-01-08', value: 104 },
  ];
  const benchmark = [
    { date: '2024-01-03', value: 99 },
    { date: '2024-01-06', value: 98 },
  ];

  it('keeps first, last and evenly spread dates, each with the benchmark on or before it', () => {
    // step 4 / 2 = 2: indices 0, 2, 4.
    expect(growthTableRows(share, benchmark, 3)).toEqual([
      { date: '2024-01-02', share: 100, benchmark: null },
      { date: '2024-01-04', share: 102, benchmark: 99 },
      { date: '2024-01-08', share: 104, benchmark: 98 },
    ]);
  });

  it('keeps every row of a short series', () => {
    expect(growthTableRows(share, [], 12)).toHaveLength(5);
    expect(growthTableRows([], benchmark, 12)).toEqual([]);
  });
});
