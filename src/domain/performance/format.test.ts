// The number part of each expectation is what Intl.NumberFormat gives on the Node running it (CI: 20 and 24): it is
// computed from Intl where the text depends on the ICU version (Node 20.20 / ICU 78.2 and 24.22 / ICU 78.3 put a
// no-break space U+00A0 before % in fr and es, and a narrow no-break space U+202F between thousands in fr; older
// ICU used U+202F before % in fr), and written out literally for en. The "+ " and "-" rules of docs/product.md §5
// are always asserted literally.
import { describe, it, expect } from 'vitest';
import { formatNav, formatPerformance, formatRatio, type DisplayLocale } from './format';

const LOCALES: DisplayLocale[] = ['fr', 'en', 'es'];
const percent = (value: number, locale: DisplayLocale, decimals = 2) =>
  new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

describe('formatPerformance', () => {
  it('shows "-" without a value', () => {
    for (const locale of LOCALES) {
      expect(formatPerformance(null, locale)).toBe('-');
      expect(formatPerformance(undefined, locale)).toBe('-');
      expect(formatPerformance(Number.NaN, locale)).toBe('-');
      expect(formatPerformance(Number.POSITIVE_INFINITY, locale)).toBe('-');
    }
  });

  it('prefixes positives with "+ " and leaves negatives and zero as Intl writes them', () => {
    for (const locale of LOCALES) {
      expect(formatPerformance(0.0123, locale)).toBe(`+ ${percent(0.0123, locale)}`);
      expect(formatPerformance(-0.0123, locale)).toBe(percent(-0.0123, locale));
      expect(formatPerformance(-0.0123, locale).startsWith('-')).toBe(true);
      expect(formatPerformance(0, locale)).toBe(percent(0, locale));
    }
  });

  it('writes the literal strings of each locale', () => {
    expect(formatPerformance(0.0123, 'en')).toBe('+ 1.23%');
    expect(formatPerformance(-0.0123, 'en')).toBe('-1.23%');
    expect(formatPerformance(0, 'en')).toBe('0.00%');
    expect(formatPerformance(0.0123, 'fr')).toMatch(/^\+ 1,23[\u00a0\u202f]%$/u);
    expect(formatPerformance(-0.2195206, 'fr')).toMatch(/^-21,95[\u00a0\u202f]%$/u);
    expect(formatPerformance(0.0123, 'es')).toMatch(/^\+ 1,23[\u00a0\u202f]%$/u);
    expect(formatPerformance(12.3456, 'en')).toBe('+ 1,234.56%');
  });

  it('signs the rounded figure, so a value that rounds to zero shows as zero', () => {
    expect(formatPerformance(0.00001, 'en')).toBe('0.00%');
    expect(formatPerformance(-0.00001, 'en')).toBe('0.00%');
  });

  it('takes the number of decimals (one for calendar-year bars)', () => {
    expect(formatPerformance(0.534065, 'en', 1)).toBe('+ 53.4%');
    expect(formatPerformance(-0.1262858, 'fr', 1)).toMatch(/^-12,6[\u00a0\u202f]%$/u);
  });
});

describe('formatRatio', () => {
  it('writes a plain two-decimal number with the same sign rules', () => {
    expect(formatRatio(0.29448300544, 'en')).toBe('+ 0.29');
    expect(formatRatio(-1.5, 'fr')).toBe('-1,50');
    expect(formatRatio(0, 'es')).toBe('0,00');
    expect(formatRatio(null, 'en')).toBe('-');
  });
});

describe('formatNav', () => {
  it('writes the amount in its currency without a sign prefix', () => {
    expect(formatNav(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatNav(1234.5, 'EUR', 'fr')).toBe(new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(1234.5));
    expect(formatNav(1234.5, 'EUR', 'fr')).toMatch(/^1\s234,50\s€$/u);
    expect(formatNav(97.7425, 'USD', 'en', 4)).toBe('$97.7425');
    expect(formatNav(null, 'EUR', 'en')).toBe('-');
  });
});
