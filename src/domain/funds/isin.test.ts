// Valid ISINs are public ones whose check digits are known: Apple US0378331005, the Wikipedia example
// AU0000XVGZA3 (letters in the NSIN), BAE Systems GB0002634946, TotalEnergies FR0000120271.
import { describe, it, expect } from 'vitest';
import { isIsin, isinWithCheckDigit, luhnCheckDigitValid, parseIsin } from './isin';

describe('parseIsin', () => {
  it('trims and uppercases a 12-character ISIN', () => {
    expect(parseIsin('  fr0000120271 ')).toBe('FR0000120271');
  });

  it('accepts 11 characters (the twelfth is optional)', () => {
    expect(parseIsin('FR000012027')).toBe('FR000012027');
  });

  it('rejects other shapes', () => {
    expect(parseIsin('F10000120271')).toBeNull();
    expect(parseIsin('FR00001202')).toBeNull();
    expect(parseIsin('FR00001202711')).toBeNull();
    expect(parseIsin('FR 000012027')).toBeNull();
    expect(parseIsin('FR00001202-1')).toBeNull();
    expect(parseIsin('')).toBeNull();
    expect(parseIsin(null)).toBeNull();
  });

  it('isIsin agrees with parseIsin', () => {
    expect(isIsin('us0378331005')).toBe(true);
    expect(isIsin('Amundi')).toBe(false);
  });
});

describe('ISIN check digit', () => {
  it('accepts real ISINs', () => {
    for (const isin of ['US0378331005', 'AU0000XVGZA3', 'GB0002634946', 'FR0000120271']) {
      expect(luhnCheckDigitValid(isin)).toBe(true);
    }
  });

  it('rejects a wrong check digit, a missing one and a letter in its place', () => {
    expect(luhnCheckDigitValid('US0378331004')).toBe(false);
    expect(luhnCheckDigitValid('US037833100')).toBe(false);
    expect(luhnCheckDigitValid('US037833100X')).toBe(false);
  });

  it('computes the check digit of the first 11 characters', () => {
    expect(isinWithCheckDigit('US037833100')).toBe('US0378331005');
    expect(isinWithCheckDigit('AU0000XVGZA')).toBe('AU0000XVGZA3');
    expect(isinWithCheckDigit('gb000263494')).toBe('GB0002634946');
    expect(luhnCheckDigitValid(isinWithCheckDigit('FR00DEMO001'))).toBe(true);
  });

  it('refuses input that is not an ISIN body', () => {
    expect(() => isinWithCheckDigit('US03783310')).toThrow(RangeError);
  });
});
