import 'server-only';
import { toEpochDay, type IsoDate } from '@/domain/dates';
import type { Dividend } from '@/domain/dividends/model';
import type { NavPoint } from '@/domain/performance/compute';
import { prng } from './nav-model';

/** FNV-1a of a text: the seed of a share's own dividend draws (the same ISIN, the same dividends). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A distributing demo share's annual dividends over its life (issue 34), deterministic: one a year
 * in spring (a month and day of its own from March to May), from its first spring at least six
 * months after inception to the last one before the end of its NAV series. The ex-date is a NAV
 * date, the record date the next business day, the payment date three business days after the
 * ex-date; the amount is 1.5 % to 3.5 % of the NAV of the day before the ex-date, in cents, in the
 * share's currency, as exact decimal text.
 */
export function demoDividends(isin: string, currency: string, series: readonly NavPoint[]): Dividend[] {
  if (series.length < 5) return [];
  const random = prng(hash(isin));
  const month = 3 + Math.floor(random() * 3);
  const day = 10 + Math.floor(random() * 10);
  const first = series[0] as NavPoint;
  const startYear = Number(first.date.slice(0, 4));
  const endYear = Number((series[series.length - 1] as NavPoint).date.slice(0, 4));
  const dividends: Dividend[] = [];
  let index = 0;
  for (let year = startYear; year <= endYear; year += 1) {
    const target: IsoDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const yieldRate = 0.015 + random() * 0.02;
    if (toEpochDay(target) - toEpochDay(first.date) < 183) continue;
    while (index < series.length && (series[index] as NavPoint).date < target) index += 1;
    if (index + 3 >= series.length) break;
    const nav = (series[index - 1] as NavPoint).nav;
    const cents = Math.max(1, Math.round(nav * yieldRate * 100));
    dividends.push({
      exDate: (series[index] as NavPoint).date,
      recordDate: (series[index + 1] as NavPoint).date,
      paymentDate: (series[index + 3] as NavPoint).date,
      amount: (cents / 100).toFixed(2),
      currency,
    });
  }
  return dividends;
}
