import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import type { Locale } from '@/env';
import type { AllocationDimension } from '@/domain/catalog';
import { formatDate } from '@/domain/language/format';
import { pick } from '@/domain/language/localize';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

export type PortfolioView = {
  date: string;
  formattedDate: string;
  holdings: { name: string; isinCode: string | null; weight: number; assetClass: string; sector: string; countryCode: string }[];
  allocations: { dimension: AllocationDimension; code: string; label: string; weight: number }[];
};

/** The latest published portfolio of a fund: top holdings and breakdowns, with their date (the page's read: getPortfolio). */
export async function readPortfolio(db: Executor, fundId: number, locale: Locale): Promise<PortfolioView | null> {
  const [latest] = await db
    .select({ asOf: t.holdings.asOf })
    .from(t.holdings)
    .where(eq(t.holdings.fundId, fundId))
    .orderBy(desc(t.holdings.asOf))
    .limit(1);
  if (!latest) return null;
  const [holdings, allocations] = await Promise.all([
    db.select().from(t.holdings).where(eq(t.holdings.fundId, fundId)).orderBy(asc(t.holdings.position)),
    db.select().from(t.allocations).where(eq(t.allocations.fundId, fundId)).orderBy(desc(t.allocations.weight)),
  ]);
  return {
    date: latest.asOf,
    formattedDate: formatDate(latest.asOf, locale),
    holdings: holdings
      .filter((h) => h.asOf === latest.asOf)
      .map((h) => ({
        name: h.name,
        isinCode: h.isinCode,
        weight: h.weight,
        assetClass: h.assetClass,
        sector: h.sector,
        countryCode: h.countryCode,
      })),
    allocations: allocations
      .filter((a) => a.asOf === latest.asOf)
      .map((a) => ({ dimension: a.dimension, code: a.code, label: pick(a.label, locale), weight: a.weight })),
  };
}

/** The public read of a fund's portfolio: its arguments only (a cache may key on them), the process's database. */
export async function getPortfolio(fundId: number, locale: Locale): Promise<PortfolioView | null> {
  return readPortfolio(await getDb(), fundId, locale);
}
