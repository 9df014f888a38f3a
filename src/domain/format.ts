import type { Locale } from '@/env';
import { parseIsoDate, type IsoDate } from './dates';

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
