import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { NavPoint } from '@/domain/performance/compute';
import { benchmarkValues, funds, navs, sharePerformances, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { buildPerformanceRow, type PerformanceRow } from './performance-row';

/** Replaces the stored figures of these shares; the caller's transaction makes it all or nothing. */
export async function savePerformanceRows(db: Executor, rows: PerformanceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.delete(sharePerformances).where(
    inArray(
      sharePerformances.shareId,
      rows.map((r) => r.shareId),
    ),
  );
  await db.insert(sharePerformances).values(rows);
}

/** Recomputes the performance of the given shares from the NAVs and benchmark values in the database. */
export async function recomputeShares(db: Executor, shareIds: number[], riskFreeRate: number): Promise<number> {
  if (shareIds.length === 0) return 0;
  const targets = await db
    .select({
      id: shares.id,
      inceptionDate: shares.inceptionDate,
      inceptionNav: shares.inceptionNav,
      benchmarkCode: funds.benchmarkCode,
    })
    .from(shares)
    .innerJoin(funds, eq(funds.id, shares.fundId))
    .where(inArray(shares.id, shareIds));

  const benchmarkCache = new Map<string, NavPoint[]>();
  const rows: PerformanceRow[] = [];
  for (const share of targets) {
    const series = await db
      .select({ date: navs.date, nav: navs.nav })
      .from(navs)
      .where(eq(navs.shareId, share.id))
      .orderBy(asc(navs.date));
    let benchmark: NavPoint[] | null = null;
    if (share.benchmarkCode) {
      benchmark = benchmarkCache.get(share.benchmarkCode) ?? null;
      if (!benchmark) {
        benchmark = await db
          .select({ date: benchmarkValues.date, nav: benchmarkValues.value })
          .from(benchmarkValues)
          .where(eq(benchmarkValues.benchmarkCode, share.benchmarkCode))
          .orderBy(asc(benchmarkValues.date));
        benchmarkCache.set(share.benchmarkCode, benchmark);
      }
    }
    rows.push(buildPerformanceRow(share, series, benchmark, riskFreeRate));
  }
  await savePerformanceRows(db, rows);
  return rows.length;
}
