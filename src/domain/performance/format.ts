/** The site's languages (docs/product.md §2); the display rules below are the same in each. */
export type DisplayLocale = 'fr' | 'en' | 'es';

/** What every missing figure shows (docs/product.md §5). */
export const NO_VALUE = '-';

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/**
 * docs/product.md §5: a positive value gets "+ " (a plain space after the plus); zero and negatives stay as Intl writes
 * them. The sign follows the rounded figure ('exceptZero'), so 0.00001 and −0.00001 both show as zero rather
 * than "+ 0.00%" or "-0.00%".
 */
/** Building an Intl.NumberFormat costs far more than using one: keep one per set of options. */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: DisplayLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

function formatSigned(value: number, format: Intl.NumberFormat): string {
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'plusSign' ? '+ ' : part.value))
    .join('');
}

/** A fraction as a percentage: `formatPerformance(0.0123, 'en')` → "+ 1.23%". Calendar-year bars pass 1 decimal. */
export function formatPerformance(value: number | null | undefined, locale: DisplayLocale, decimals = 2): string {
  if (isMissing(value)) return NO_VALUE;
  const format = numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'exceptZero',
  });
  return formatSigned(value, format);
}

/** A ratio such as Sharpe: a plain number with two decimals and the same sign rules. */
export function formatRatio(value: number | null | undefined, locale: DisplayLocale): string {
  if (isMissing(value)) return NO_VALUE;
  const format = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  return formatSigned(value, format);
}

/**
 * A NAV in its currency (ISO 4217 code), e.g. "1 234,50 €" in fr. A price is not a gain, so it gets no "+ ".
 * Decimals default to the currency's own (2 for EUR); some funds publish NAVs with more.
 */
export function formatNav(
  value: number | null | undefined,
  currencyCode: string,
  locale: DisplayLocale,
  decimals?: number,
): string {
  if (isMissing(value)) return NO_VALUE;
  const digits = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return numberFormat(locale, { style: 'currency', currency: currencyCode, ...digits }).format(value);
}
