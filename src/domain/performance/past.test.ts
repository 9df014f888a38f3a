import { describe, expect, it } from 'vitest';
import { oneDecimalPercent, pastPerformanceBars, pastPerformanceCsv, pastPerformanceYears } from './past';
import { formatPerformance } from './format';

const share = (over: Partial<Parameters<typeof pastPerformanceYears>[0]> = {}) => ({
  calendarYears: [
    { year: 2025, value: 0.1234, benchmark: 0.0567 },
    { year: 2024, value: -0.0449, benchmark: -0.01 },
    { year: 2023, value: 0.0005, benchmark: null },
  ],
  lessThanOneYear: false,
  inceptionDate: '2022-06-01',
  asOf: '2026-11-20',
  ...over,
});

describe('pastPerformanceYears', () => {
  it('runs from the launch year to the last complete year, the launch year empty, not zero', () => {
    expect(pastPerformanceYears(share(), true)).toEqual([
      { year: 2022, share: null, benchmark: null },
      { year: 2023, share: 0.0005, benchmark: null },
      { year: 2024, share: -0.0449, benchmark: -0.01 },
      { year: 2025, share: 0.1234, benchmark: 0.0567 },
    ]);
  });

  it('keeps the last ten years of an older share, and leaves a year without a figure empty', () => {
    const years = pastPerformanceYears(share({ inceptionDate: '2005-01-03', calendarYears: [{ year: 2020, value: 0.02, benchmark: 0.01 }] }), true);
    expect(years.map((y) => y.year)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    expect(years.filter((y) => y.share !== null)).toEqual([{ year: 2020, share: 0.02, benchmark: 0.01 }]);
  });

  it('drops the benchmark of a fund without one', () => {
    expect(pastPerformanceYears(share(), false).every((y) => y.benchmark === null)).toBe(true);
  });

  it('has no year at all for a share younger than a year or without one complete calendar year', () => {
    expect(pastPerformanceYears(share({ lessThanOneYear: true }), true)).toEqual([]);
    expect(pastPerformanceYears(share({ calendarYears: [] }), true)).toEqual([]);
    expect(pastPerformanceYears(share({ asOf: null }), true)).toEqual([]);
  });
});

describe('the figures', () => {
  it('round as the bars do, one decimal, and never write -0.0', () => {
    expect(oneDecimalPercent(0.1234)).toBe('12.3');
    expect(oneDecimalPercent(-0.0449)).toBe('-4.5');
    expect(oneDecimalPercent(-0.00001)).toBe('0.0');
    expect(oneDecimalPercent(null)).toBeNull();
    for (const value of [0.12345, -0.04449, 0.00049, 1.5, -0.3333]) {
      const label = formatPerformance(value, 'en', 1).replace('+ ', '').replace('%', '');
      expect(oneDecimalPercent(value)).toBe(label);
    }
  });

  it('as CSV: year,share,benchmark, oldest first, empty cells where there is no figure', () => {
    expect(pastPerformanceCsv(pastPerformanceYears(share(), true))).toBe('\uFEFFyear,share,benchmark\r\n2022,,\r\n2023,0.1,\r\n2024,-4.5,-1.0\r\n2025,12.3,5.7\r\n');
    expect(pastPerformanceCsv([])).toBe('\uFEFFyear,share,benchmark\r\n');
  });

  it('as bars: a year without a figure keeps its row and has no bar, the others are labelled in the page’s language', () => {
    const { rows } = pastPerformanceBars(pastPerformanceYears(share(), true), 'fr');
    expect(rows[0]).toEqual({ year: 2022, share: null, benchmark: null, shareLabel: null, benchmarkLabel: null });
    expect(rows[3]?.shareLabel).toBe(formatPerformance(0.1234, 'fr', 1));
    expect(rows[3]?.share?.width).toBeGreaterThan(0);
    expect(rows[2]?.share?.anchor).toBe('end');
  });
});
