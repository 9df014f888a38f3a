import { addMonths, yearOf, type IsoDate } from '../dates';

/**
 * docs/product.md §4 / docs/methodology.md "lessThanOneYear": true without a last price, or when the last price is dated before
 * inception + 12 months (calendar months, clamped: 2024-02-29 + 12 months = 2025-02-28). Such a share shows no
 * performance, because GIPS forbids presenting a track record shorter than a year as if it were one.
 */
export function isLessThanOneYear(inceptionDate: IsoDate, lastPriceDate: IsoDate | null | undefined): boolean {
  if (lastPriceDate === null || lastPriceDate === undefined) return true;
  // ISO dates compare correctly as strings.
  return lastPriceDate < performanceShownFrom(inceptionDate);
}

/**
 * The first last-price date at which a share's performance may be shown: inception + 12 months. The young
 * share's message tells the visitor this date.
 */
export function performanceShownFrom(inceptionDate: IsoDate): IsoDate {
  return addMonths(inceptionDate, 12);
}

export function inceptionYear(inceptionDate: IsoDate): number {
  return yearOf(inceptionDate);
}
