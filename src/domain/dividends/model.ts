import type { IsoDate } from '../dates';
import { INTL_LOCALE } from '../language/format';
import type { Locale } from '../language/locale';
import { pick, type LocalizedText } from '../language/localize';

/**
 * Distributions (dividends) of distributing share classes (issue 34). An amount is kept as exact
 * decimal text from the file to the database (numeric(18,6)) to the page and the CSV: never a float.
 */
export type Dividend = {
  exDate: IsoDate;
  recordDate: IsoDate;
  paymentDate: IsoDate;
  /** Amount per share, canonical decimal text (canonicalAmount): "0.85", "1.234567". */
  amount: string;
  currency: string;
};

/**
 * Whether a share class distributes its income: its `resultAllocation` characteristic says
 * "distribution" (in English, French as fallback: "Annual distribution…", "Distribution annuelle…").
 * The one rule of the site: the FinDatEx EMT's "distributes cash" (src/server/distribution/findatex.ts),
 * the share page's Distributions section, its CSV and the dividends import all ask it.
 */
export function distributesDividends(resultAllocation: LocalizedText | null | undefined): boolean {
  return resultAllocation ? /distribut/i.test(pick(resultAllocation, 'en')) : false;
}

/** A dividend amount as a file gives it: a positive decimal with a dot, at most 12 digits before it and 6 after (numeric(18,6)). */
const AMOUNT = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,6})?$/;

/** Whether `text` is a valid amount per share: a positive plain decimal, at most 6 decimals. */
export function isDividendAmount(text: string): boolean {
  return AMOUNT.test(text) && /[1-9]/.test(text);
}

/**
 * An amount's one written form, on the page and in the CSV: a plain decimal with a dot, trailing
 * zeros dropped down to two decimals ("0.850000" → "0.85", "2" → "2.00", "0.123400" → "0.1234").
 * The database gives numeric(18,6) back as "0.850000"; a file may say "0.85": both read the same.
 */
export function canonicalAmount(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole.replace(/^0+(?=[0-9])/, '')}.${trimmed}`;
}

const CURRENCY = /^[A-Z]{3}$/;

/** An ISO 4217 code as files write it (upper case, three letters). */
export function isCurrencyCode(text: string): boolean {
  return CURRENCY.test(text);
}

/** Newest first: the order of the share page's table and of its CSV. */
export function newestFirst<T extends { exDate: IsoDate }>(dividends: readonly T[]): T[] {
  return [...dividends].sort((a, b) => (a.exDate < b.exDate ? 1 : a.exDate > b.exDate ? -1 : 0));
}

/**
 * An amount as the share page prints it in a language, digit for digit the canonical text (no float
 * rounding): "1234.5" → "1 234,50" (fr), "1,234.50" (en). The whole part is grouped by Intl from a
 * bigint, the decimal separator is the language's.
 */
export function formatDividendAmount(amount: string, locale: Locale): string {
  const canonical = canonicalAmount(amount);
  const [whole = '0', fraction = ''] = canonical.split('.');
  const intl = new Intl.NumberFormat(INTL_LOCALE[locale]);
  const separator = intl.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${intl.format(BigInt(whole))}${separator}${fraction}`;
}
