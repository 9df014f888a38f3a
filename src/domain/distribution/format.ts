import { INTL_LOCALE } from '../language/format';
import type { Locale } from '../language/locale';

/**
 * The costs as the share page writes them, in the visitor's language: a cost is not a gain, so
 * neither gets the "+ " of a performance (docs/product.md §5).
 */
const rateFormats = new Map<Locale, Intl.NumberFormat>();
const amountFormats = new Map<string, Intl.NumberFormat>();

/** A cost rate (a fraction) as a percentage with two decimals: "1,90 %" (fr), "1.90%" (en), "1,90 %" (es). */
export function formatCostRate(fraction: number, locale: Locale): string {
  let format = rateFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    rateFormats.set(locale, format);
  }
  return format.format(fraction);
}

/** A cost in the share's currency (ISO 4217), to the cent: "1 234,56 €" (fr), "€1,234.56" (en). */
export function formatCostAmount(value: number, currency: string, locale: Locale): string {
  const key = `${locale}|${currency}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(key, format);
  }
  return format.format(value);
}
