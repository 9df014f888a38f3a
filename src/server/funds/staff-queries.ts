import 'server-only';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/types';
import { benchmarks, countries, currencies, documentTypes, eligibilities, esgLabels, fundCategories, fundEligibilities, funds, navs, shares } from '@/server/db/schema';

/** What the back-office's fund screens read: every fund and share, archived ones included. */

export type FundListRow = {
  id: number;
  slug: string;
  title: Record<string, string | undefined>;
  categoryCode: string;
  riskLevel: number;
  sfdrArticle: number;
  active: boolean;
  position: number;
  shareCount: number;
};

export async function listFundsForStaff(db: Executor): Promise<FundListRow[]> {
  const counts = await db.select({ fundId: shares.fundId, n: count() }).from(shares).groupBy(shares.fundId);
  const byFund = new Map(counts.map((c) => [c.fundId, Number(c.n)]));
  const rows = await db
    .select({
      id: funds.id,
      slug: funds.slug,
      title: funds.title,
      categoryCode: funds.categoryCode,
      riskLevel: funds.riskLevel,
      sfdrArticle: funds.sfdrArticle,
      active: funds.active,
      position: funds.position,
    })
    .from(funds)
    .orderBy(asc(funds.position), asc(funds.id));
  return rows.map((r) => ({ ...r, shareCount: byFund.get(r.id) ?? 0 }));
}

export async function fundForStaff(db: Executor, id: number) {
  const [fund] = await db.select().from(funds).where(eq(funds.id, id));
  if (!fund) return null;
  const eligibilityCodes = (await db.select().from(fundEligibilities).where(eq(fundEligibilities.fundId, id))).map((e) => e.eligibilityCode);
  return { ...fund, eligibilityCodes };
}
export type StaffFund = NonNullable<Awaited<ReturnType<typeof fundForStaff>>>;

export async function sharesOfFund(db: Executor, fundId: number) {
  return db.select().from(shares).where(eq(shares.fundId, fundId)).orderBy(asc(shares.position), asc(shares.id));
}

export async function shareForStaff(db: Executor, id: number) {
  const [share] = await db.select().from(shares).where(eq(shares.id, id));
  return share ?? null;
}
export type StaffShare = NonNullable<Awaited<ReturnType<typeof shareForStaff>>>;

/** The NAV count and date range of a share (shown beside the hand correction form). */
export async function navRange(db: Executor, shareId: number) {
  const [first] = await db.select({ date: navs.date }).from(navs).where(eq(navs.shareId, shareId)).orderBy(asc(navs.date)).limit(1);
  const [last] = await db.select({ date: navs.date, nav: navs.nav }).from(navs).where(eq(navs.shareId, shareId)).orderBy(desc(navs.date)).limit(1);
  const n = await db.$count(navs, eq(navs.shareId, shareId));
  return { count: n, from: first?.date ?? null, to: last?.date ?? null, lastNav: last?.nav ?? null };
}

/** The choices of the fund and document forms (categories, currencies, benchmarks, labels, eligibilities, document types, countries). */
export async function referenceLists(db: Executor) {
  const [categories, currencyRows, benchmarkRows, labelRows, eligibilityRows, typeRows, countryRows] = await Promise.all([
    db.select({ code: fundCategories.code, title: fundCategories.title }).from(fundCategories).orderBy(asc(fundCategories.displayOrder)),
    db.select({ code: currencies.code }).from(currencies).orderBy(asc(currencies.code)),
    db.select({ code: benchmarks.code, title: benchmarks.title }).from(benchmarks).orderBy(asc(benchmarks.code)),
    db.select({ code: esgLabels.code, title: esgLabels.title }).from(esgLabels).orderBy(asc(esgLabels.code)),
    db.select({ code: eligibilities.code, title: eligibilities.title }).from(eligibilities).orderBy(asc(eligibilities.code)),
    db.select({ code: documentTypes.code, title: documentTypes.title }).from(documentTypes).orderBy(asc(documentTypes.position)),
    db.select({ code: countries.code, title: countries.title }).from(countries).orderBy(asc(countries.position), asc(countries.code)),
  ]);
  return {
    categories,
    currencies: currencyRows.map((c) => c.code),
    benchmarks: benchmarkRows,
    esgLabels: labelRows,
    eligibilities: eligibilityRows,
    documentTypes: typeRows,
    countries: countryRows,
  };
}
export type ReferenceLists = Awaited<ReturnType<typeof referenceLists>>;
