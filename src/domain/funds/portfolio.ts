import type { Locale } from '@/domain/language/locale';
import { ALLOCATION_DIMENSIONS, type AllocationDimension } from '../catalog';
import { INTL_LOCALE } from '../language/format';

export type Allocation = { dimension: AllocationDimension; code: string; label: string; weight: number };
export type AllocationGroup = { dimension: AllocationDimension; rows: Allocation[] };

/**
 * A fund's breakdowns, one group per dimension in the order of ALLOCATION_DIMENSIONS (asset class,
 * sector, country, currency), each largest weight first; equal weights by label in the page's language.
 * Dimensions the fund does not publish are left out.
 */
export function allocationGroups(allocations: readonly Allocation[], locale: Locale): AllocationGroup[] {
  const collator = new Intl.Collator(INTL_LOCALE[locale]);
  return ALLOCATION_DIMENSIONS.map((dimension) => ({
    dimension,
    rows: allocations
      .filter((a) => a.dimension === dimension)
      .sort((a, b) => b.weight - a.weight || collator.compare(a.label, b.label)),
  })).filter((g) => g.rows.length > 0);
}

/** The label of a code in one dimension of the breakdowns ("industrials" → "Industrie"), else the code itself. */
export function allocationLabel(allocations: readonly Allocation[], dimension: AllocationDimension, code: string): string {
  return allocations.find((a) => a.dimension === dimension && a.code === code)?.label ?? code;
}

const weightFormats = new Map<Locale, Intl.NumberFormat>();

/** A weight in the portfolio (a fraction of net assets) as a percentage with one decimal: "4,1 %", "4.1%". No sign: a weight is not a gain. */
export function formatWeight(weight: number, locale: Locale): string {
  let format = weightFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    weightFormats.set(locale, format);
  }
  return format.format(weight);
}

/**
 * The length of a weight's bar, as a CSS percentage of the bar track: the largest weight of its table
 * fills the track, so small weights stay visible; the figure beside each bar gives the true weight.
 */
export function barLength(weight: number, largest: number): string {
  if (!(largest > 0) || !(weight > 0)) return '0%';
  return `${Math.round(Math.min(1, weight / largest) * 1000) / 10}%`;
}
