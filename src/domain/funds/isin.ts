/** docs/product.md §5: two letters, nine alphanumerics and an optional twelfth alphanumeric (the check digit). */
const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[A-Z0-9]?$/;
const ISIN_BODY_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}$/;

/** The ISIN in `input` (trimmed, uppercased) or null; this is how a search box recognises an ISIN. */
export function parseIsin(input: string | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const candidate = input.trim().toUpperCase();
  return ISIN_PATTERN.test(candidate) ? candidate : null;
}

export function isIsin(input: string | null | undefined): boolean {
  return parseIsin(input) !== null;
}

/** ISO 6166: letters become two digits (A = 10 … Z = 35), digits stay. */
function toDigits(code: string): string {
  let digits = '';
  for (const char of code) digits += String(Number.parseInt(char, 36));
  return digits;
}

/** Luhn sum of a digit string, doubling every second digit starting from the rightmost one. */
function luhnSum(digits: string, doubleRightmost: boolean): number {
  let sum = 0;
  let double = doubleRightmost;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum;
}

/**
 * The full ISIN for the first 11 characters (country code + NSIN), with its check digit. Used to generate
 * valid-looking demo ISINs, so the demo data passes the same check real data would.
 */
export function isinWithCheckDigit(first11: string): string {
  const body = first11.trim().toUpperCase();
  if (!ISIN_BODY_PATTERN.test(body)) throw new RangeError(`Not the first 11 characters of an ISIN: "${first11}"`);
  // The check digit is the rightmost digit once appended, so the body's rightmost digit is doubled.
  const checkDigit = (10 - (luhnSum(toDigits(body), true) % 10)) % 10;
  return `${body}${checkDigit}`;
}

/** True for a 12-character ISIN whose last character is its correct check digit. */
export function luhnCheckDigitValid(isin: string): boolean {
  const candidate = parseIsin(isin);
  if (candidate === null || candidate.length !== 12 || !/[0-9]$/.test(candidate)) return false;
  return luhnSum(toDigits(candidate), false) % 10 === 0;
}
