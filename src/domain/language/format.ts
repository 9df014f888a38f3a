import type { Locale } from '@/domain/language/locale';
import { parseIsoDate, type IsoDate } from '../dates';

/** BCP 47 tags for Intl: British English suits an EU fund house's English pages (day-month-year). */
export const INTL_LOCALE: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A date as a visitor reads it: "20 nov. 2026", "20 Nov 2026", "20 nov 2026". */
export function formatDate(iso: IsoDate, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  const { year, month, day } = parseIsoDate(iso);
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

/** Assets under management in short form: "1,2 Md €", "€1.2B", "1200 M€". */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatCompactMoney(value: number, currency: string, locale: Locale): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    moneyFormats.set(key, format);
  }
  return format.format(value);
}

const axisFormats = new Map<string, Intl.DateTimeFormat>();

/** A chart's date label: "Nov 2026" for long periods, "20 Nov" for periods of a few months. */
export function formatAxisDate(iso: IsoDate, locale: Locale, withDay: boolean): string {
  const key = `${locale}|${withDay}`;
  let format = axisFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = withDay ? { day: 'numeric', month: 'short' } : { month: 'short', year: 'numeric' };
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: 'UTC' });
    axisFormats.set(key, format);
  }
  const { year, month, day } = parseIsoDate(iso);
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/** A plain number in the visitor's language, e.g. a growth-of-100 value: "132.4" (en), "132,4" (fr). */
export function formatDecimal(value: number, locale: Locale, maxDecimals = 1, minDecimals = maxDecimals): string {
  const key = `${locale}|${minDecimals}|${maxDecimals}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * The formats a GraphQL client may ask of a date field with `@date(format: …)` (docs/product.md §7): a closed
 * set, each a fixed set of Intl options, never a pattern of the client's. ISO keeps the raw value.
 */
export const DATE_FORMATS = ['ISO', 'SHORT', 'MEDIUM', 'LONG', 'FULL', 'MONTH_YEAR', 'YEAR'] as const;
export type DateFormatName = (typeof DATE_FORMATS)[number];

const DATE_FORMAT_OPTIONS: Record<Exclude<DateFormatName, 'ISO'>, Intl.DateTimeFormatOptions> = {
  SHORT: { dateStyle: 'short' },
  MEDIUM: { dateStyle: 'medium' },
  LONG: { dateStyle: 'long' },
  FULL: { dateStyle: 'full' },
  MONTH_YEAR: { month: 'long', year: 'numeric' },
  YEAR: { year: 'numeric' },
};
/** At most languages × formats entries. */
const namedDateFormats = new Map<string, Intl.DateTimeFormat>();

export const isDateFormatName = (value: unknown): value is DateFormatName => (DATE_FORMATS as readonly unknown[]).includes(value);

/** `formatDateAs('2026-11-20', 'LONG', 'fr')` → "20 novembre 2026"; 'en' → "20 November 2026". */
export function formatDateAs(iso: IsoDate, format: DateFormatName, locale: Locale): string {
  const { year, month, day } = parseIsoDate(iso);
  if (format === 'ISO') return iso;
  const key = `${locale} ${format}`;
  let formatter = namedDateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...DATE_FORMAT_OPTIONS[format], timeZone: 'UTC' });
    namedDateFormats.set(key, formatter);
  }
  return formatter.format(new Date(Date.UTC(year, month - 1, day)));
}
