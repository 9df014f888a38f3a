// The "+ " and "-" rules of docs/product.md §5 are asserted literally; fr and es numbers are matched with either no-break
// space ICU may put before % (see performance-format.test.ts).
import { describe, expect, it } from 'vitest';
import type { FetchedData } from '../model';
import type { PerformanceCode } from './compute';
import { formatPerformance } from './format';
import { calendarRows, CUMULATIVE_COLUMNS, figuresAsOf, performanceRows, roundedDifference } from './table';

function figure(code: PerformanceCode, value: number | null, benchmarkValue: number | null): FetchedData {
  return {
    code,
    value,
    displayValue: formatPerformance(value, 'en'),
    date: '2026-11-20',
    dateTo: '20 Nov 2026',
    benchmarkValue,
    benchmarkDisplayValue: formatPerformance(benchmarkValue, 'en'),
  };
}

describe('roundedDifference', () => {
  it('subtracts the figures as printed, so the rows add up', () => {
    // 1.2345 % prints 1.23 %, 1.0049 % prints 1.00 %: the difference shown is 0.23 %, not 0.2296 %.
    expect(roundedDifference(0.012345, 0.010049)).toBe(0.0023);
    expect(roundedDifference(-0.05, 0.0125)).toBe(-0.0625);
  });

  it('is not available when either figure is missing', () => {
    expect(roundedDifference(null, 0.01)).toBeNull();
    expect(roundedDifference(0.01, null)).toBeNull();
    expect(roundedDifference(Number.NaN, 0.01)).toBeNull();
  });
});

describe('performanceRows', () => {
  const figures = [figure('ytd', 0.012345, 0.010049), figure('1m', -0.0042, 0.0011), figure('10y', null, 0.5), figure('creation', 0, 0)];

  it('gives the share, the benchmark and the difference for each column, in column order', () => {
    const rows = performanceRows(figures, ['ytd', '1m', '10y', 'creation'], 'en', { benchmark: true, difference: true });
    expect(rows.map((r) => r.kind)).toEqual(['share', 'benchmark', 'difference']);
    expect(rows.map((r) => r.cells.map((c) => c.display))).toEqual([
      ['+ 1.23%', '-0.42%', '-', '0.00%'],
      ['+ 1.00%', '+ 0.11%', '+ 50.00%', '0.00%'],
      ['+ 0.23%', '-0.53%', '-', '0.00%'],
    ]);
  });

  it('shows "-" for a column without a figure at all', () => {
    const rows = performanceRows(figures, CUMULATIVE_COLUMNS, 'en', { benchmark: false, difference: false });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.cells.find((c) => c.code === '3y')?.display).toBe('-');
  });

  it('formats the difference in the language of the page', () => {
    const [, , difference] = performanceRows(figures, ['ytd'], 'fr', { benchmark: true, difference: true });
    expect(difference?.cells[0]?.display).toMatch(/^\+ 0,23[\u00a0\u202f]%$/u);
    const [, , spanish] = performanceRows(figures, ['1m'], 'es', { benchmark: true, difference: true });
    expect(spanish?.cells[0]?.display).toMatch(/^-0,53[\u00a0\u202f]%$/u);
  });
});

describe('figuresAsOf', () => {
  it('is the date of the figures, raw and formatted, or null without figures', () => {
    expect(figuresAsOf([figure('ytd', 0.01, null)])).toEqual({ date: '2026-11-20', label: '20 Nov 2026' });
    expect(figuresAsOf([{ ...figure('ytd', null, null), date: null, dateTo: null }])).toBeNull();
  });
});

describe('calendarRows', () => {
  const years = [
    { year: 2025, value: 0.12345, benchmark: -0.0049 },
    { year: 2024, value: 0.00049, benchmark: null },
  ];

  it('puts the oldest year first and labels each bar with one decimal', () => {
    expect(calendarRows(years, 'en')).toEqual([
      { year: 2024, value: 0.00049, benchmark: null, share: '0.0%', benchmarkLabel: '-' },
      { year: 2025, value: 0.12345, benchmark: -0.0049, share: '+ 12.3%', benchmarkLabel: '-0.5%' },
    ]);
  });

  it('writes the decimal comma in French and Spanish', () => {
    expect(calendarRows(years, 'fr')[1]?.share).toMatch(/^\+ 12,3[\u00a0\u202f]%$/u);
    expect(calendarRows(years, 'es')[1]?.benchmarkLabel).toMatch(/^-0,5[\u00a0\u202f]%$/u);
  });
});
