// Expected values follow SPEC §4 by calendar: inception + 12 months, clamped at month end, is the first day the
// share is one year old.
import { describe, it, expect } from 'vitest';
import { inceptionYear, isLessThanOneYear } from './share-age';

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

describe('inceptionYear', () => {
  it('is the year of the inception date', () => {
    expect(inceptionYear('2013-03-15')).toBe(2013);
  });
});
