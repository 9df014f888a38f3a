import type { Codification, Flag, TemplateField } from './templates';

/** Why a value does not fit its field: a code the back-office and the import preview translate. */
export type FieldProblem = 'missing' | 'not-in-list' | 'not-a-number' | 'below-minimum' | 'out-of-range' | 'not-a-date' | 'not-a-datetime' | 'not-a-currency' | 'not-a-language' | 'too-long' | 'not-a-url' | 'not-an-isin';

export type RowError = { code: string; problem: FieldProblem; value: string };

/** Values as the file writes them: text, empty when the field is not given. */
export type Row = Readonly<Record<string, string | undefined>>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
/** A decimal as the templates write it: a dot, no thousands separator, no exponent. */
const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;
const INTEGER = /^-?\d{1,9}$/;
const CURRENCY = /^[A-Z]{3}$/;
const LANGUAGE = /^[a-z]{3}$/;
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;
/** The EMT's holding period: a number of years, or one of its letters (very short to long). */
const HOLDING_LETTERS = new Set(['V', 'S', 'M', 'L', 'H']);
/** No field of the templates is longer; a longer value is refused before any pattern looks at it. */
const MAX_VALUE_LENGTH = 2_500;

export function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 1) - 1 && date.getUTCDate() === d;
}

/** The ISIN check digit (ISO 6166): letters to numbers, then Luhn. */
export function isValidIsin(value: string): boolean {
  if (!ISIN.test(value)) return false;
  const digits = [...value].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Whether `value` (not empty) fits the codification; the problem when it does not. */
export function checkValue(codification: Codification, value: string): FieldProblem | null {
  if (value.length > MAX_VALUE_LENGTH) return 'too-long';
  switch (codification.kind) {
    case 'text':
      return codification.max !== undefined && value.length > codification.max ? 'too-long' : null;
    case 'enum':
      return codification.values.includes(value) ? null : 'not-in-list';
    case 'number': {
      if (!DECIMAL.test(value)) return 'not-a-number';
      return codification.min !== undefined && Number(value) < codification.min ? 'below-minimum' : null;
    }
    case 'integer': {
      if (!INTEGER.test(value)) return 'not-a-number';
      const n = Number(value);
      return (codification.min !== undefined && n < codification.min) || (codification.max !== undefined && n > codification.max) ? 'out-of-range' : null;
    }
    case 'holding':
      return HOLDING_LETTERS.has(value) || (DECIMAL.test(value) && Number(value) >= 0) ? null : 'not-in-list';
    case 'date':
      return isValidDate(value) ? null : 'not-a-date';
    case 'datetime': {
      const match = DATETIME.exec(value);
      return match && isValidDate(match[1] ?? '') && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60 ? null : 'not-a-datetime';
    }
    case 'currency':
      return CURRENCY.test(value) ? null : 'not-a-currency';
    case 'language':
      return LANGUAGE.test(value) ? null : 'not-a-language';
    case 'identifier':
      return isValidIsin(value) ? null : 'not-an-isin';
    case 'url':
      return /^https:\/\/[^\s]+$/.test(value) && value.length <= 2_000 ? null : 'not-a-url';
  }
}

/**
 * Checks a row against a template: every field flagged mandatory for `use` is there, and every
 * value given fits its codification. Conditional fields are the caller's: their conditions are
 * rules between fields (docs/distribution-data.md), checked where the row is built.
 */
export function validateRow(fields: readonly TemplateField[], row: Row, flagOf: (field: TemplateField) => Flag | undefined = (f) => f.flag): RowError[] {
  const errors: RowError[] = [];
  for (const field of fields) {
    const value = row[field.code] ?? '';
    if (value === '') {
      if (flagOf(field) === 'M') errors.push({ code: field.code, problem: 'missing', value });
      continue;
    }
    const problem = checkValue(field, value);
    if (problem) errors.push({ code: field.code, problem, value: value.slice(0, 100) });
  }
  return errors;
}
