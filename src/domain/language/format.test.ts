// Literal strings for en (en-GB); fr and es are checked for their order and decimal comma, since the exact month
// abbreviations and spaces depend on the ICU version.
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatAxisDate, formatDateAs, formatDecimal, isDateFormatName } from './format';

describe('formatAxisDate', () => {
  it('gives month and year for long periods, day and month for short ones', () => {
    expect(formatAxisDate('2026-11-20', 'en', false)).toBe('Nov 2026');
    expect(formatAxisDate('2026-11-20', 'en', true)).toBe('20 Nov');
    expect(formatAxisDate('2026-11-20', 'fr', false)).toMatch(/^nov\.? 2026$/u);
    expect(formatAxisDate('2026-11-20', 'es', true)).toMatch(/^20 nov\.?$/u);
  });

  it('reads the date as a calendar day, whatever the time zone', () => {
    expect(formatAxisDate('2026-01-01', 'en', true)).toBe('1 Jan');
  });
});

describe('formatDecimal', () => {
  it('writes one decimal by default with the decimal mark of the language', () => {
    expect(formatDecimal(132.44, 'en')).toBe('132.4');
    expect(formatDecimal(132.45, 'fr')).toBe('132,5');
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.5');
  });

  it('drops needless decimals for axis ticks', () => {
    expect(formatDecimal(100, 'en', 2, 0)).toBe('100');
    expect(formatDecimal(99.5, 'es', 2, 0)).toBe('99,5');
  });
});

describe('formatDateAs (GraphQL @date)', () => {
  it('formats a date in each named format for the language', () => {
    expect(formatDateAs('2026-11-20', 'ISO', 'fr')).toBe('2026-11-20');
    expect(formatDateAs('2026-11-20', 'SHORT', 'fr')).toBe('20/11/2026');
    expect(formatDateAs('2026-11-20', 'LONG', 'fr')).toBe('20 novembre 2026');
    expect(formatDateAs('2026-11-20', 'LONG', 'en')).toBe('20 November 2026');
    expect(formatDateAs('2026-11-20', 'LONG', 'es')).toBe('20 de noviembre de 2026');
    expect(formatDateAs('2026-11-20', 'MONTH_YEAR', 'es')).toBe('noviembre de 2026');
    expect(formatDateAs('2026-01-01', 'YEAR', 'en')).toBe('2026');
    expect(formatDateAs('2026-11-20', 'FULL', 'fr')).toBe('vendredi 20 novembre 2026');
  });

  it('knows only its closed set of formats and refuses a malformed date', () => {
    expect(DATE_FORMATS.every(isDateFormatName)).toBe(true);
    expect(isDateFormatName('dd/MM/yyyy')).toBe(false);
    expect(() => formatDateAs('20/11/2026', 'LONG', 'fr')).toThrow(RangeError);
  });
});
