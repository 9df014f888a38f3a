// Expected values follow docs/product.md §4 by calendar: inception + 12 months, clamped at month end, is the first day the
// share is one year old.
import { describe, it, expect } from 'vitest';
import { inceptionYear, isLessThanOneYear, performanceShownFrom } from './share-age';

describe('isLessThanOneYear', () => {
  it('is true without a last price', () => {
    expect(isLessThanOneYear('2020-01-15', null)).toBe(true);
    expect(isLessThanOneYear('2020-01-15', undefined)).toBe(true);
  });

  it('is false for a share exactly 12 months old, true the day before', () => {
    expect(isLessThanOneYear('2023-06-15', '2024-06-15')).toBe(false);
    expect(isLessThanOneYear('2023-06-15', '2024-06-14')).toBe(true);
  });

  it('clamps a 29 February inception to 28 February the next year', () => {
    expect(isLessThanOneYear('2024-02-29', '2025-02-28')).toBe(false);
    expect(isLessThanOneYear('2024-02-29', '2025-02-27')).toBe(true);
  });

  it('is false for an old share', () => {
    expect(isLessThanOneYear('2013-03-15', '2026-10-30')).toBe(false);
  });
});

describe('the demo data young share (inception 2026-03-02, NAVs to 2026-11-20)', () => {
  it('is less than a year old at the end of the demo data, and until the day before 2027-03-02', () => {
    expect(isLessThanOneYear('2026-03-02', '2026-11-20')).toBe(true);
    expect(isLessThanOneYear('2026-03-02', '2027-03-01')).toBe(true);
    expect(isLessThanOneYear('2026-03-02', '2027-03-02')).toBe(false);
  });
});

describe('performanceShownFrom', () => {
  it('is inception + 12 calendar months, clamped at the end of February', () => {
    expect(performanceShownFrom('2026-03-02')).toBe('2027-03-02');
    expect(performanceShownFrom('2024-02-29')).toBe('2025-02-28');
    expect(performanceShownFrom('2023-12-31')).toBe('2024-12-31');
  });

  it('is the first date for which isLessThanOneYear is false', () => {
    for (const inception of ['2019-10-01', '2024-02-29', '2025-01-31']) {
      const from = performanceShownFrom(inception);
      expect(isLessThanOneYear(inception, from)).toBe(false);
      const dayBefore = new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10);
      expect(isLessThanOneYear(inception, dayBefore)).toBe(true);
    }
  });
});

describe('inceptionYear', () => {
  it('is the year of the inception date', () => {
    expect(inceptionYear('2013-03-15')).toBe(2013);
  });
});
