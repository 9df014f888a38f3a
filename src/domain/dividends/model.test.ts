import { describe, expect, it } from 'vitest';
import { canonicalAmount, distributesDividends, formatDividendAmount, isDividendAmount, newestFirst } from './model';

describe('distributesDividends', () => {
  it('reads the share class\'s result allocation, in English or else French', () => {
    expect(distributesDividends({ fr: 'Distribution annuelle, avec faculté d’acompte', en: 'Annual distribution, with the option of interim dividends' })).toBe(true);
    expect(distributesDividends({ fr: 'Distribution annuelle' })).toBe(true);
    expect(distributesDividends({ fr: 'Capitalisation totale des revenus', en: 'Accumulation (income reinvested)' })).toBe(false);
    expect(distributesDividends(undefined)).toBe(false);
    expect(distributesDividends(null)).toBe(false);
  });
});

describe('amounts', () => {
  it('are positive decimals of at most 6 decimals, written one way', () => {
    expect(isDividendAmount('0.85')).toBe(true);
    expect(isDividendAmount('0.000001')).toBe(true);
    expect(isDividendAmount('0.00')).toBe(false);
    expect(isDividendAmount('1.0000001')).toBe(false);
    expect(canonicalAmount('0.850000')).toBe('0.85');
    expect(canonicalAmount('2')).toBe('2.00');
    expect(canonicalAmount('12.123400')).toBe('12.1234');
    expect(canonicalAmount('999999999999.999999')).toBe('999999999999.999999');
  });

  it('print in the visitor\'s language digit for digit, without float rounding', () => {
    expect(formatDividendAmount('1234.50', 'en')).toBe('1,234.50');
    expect(formatDividendAmount('0.850000', 'fr')).toBe('0,85');
    expect(formatDividendAmount('999999999999.999999', 'en')).toBe('999,999,999,999.999999');
    expect(formatDividendAmount('1234.5', 'fr').replace(/\s/g, ' ')).toBe('1 234,50');
  });
});

describe('newestFirst', () => {
  it('orders by ex-date, latest first', () => {
    expect(newestFirst([{ exDate: '2024-01-02' }, { exDate: '2026-01-02' }, { exDate: '2025-01-02' }]).map((d) => d.exDate)).toEqual(['2026-01-02', '2025-01-02', '2024-01-02']);
  });
});
