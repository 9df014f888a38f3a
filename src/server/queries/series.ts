import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { IsoDate } from '@/domain/dates';
import { downsample, periodStart, rebaseSeries, type ChartPeriod, type ChartPoint, type NavPoint } from '@/domain/performance';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';

export async function navHistory(shareId: number, from?: IsoDate | null): Promise<NavPoint[]> {
  const db = await getDb();
  return db
    .select({ date: t.navs.date, nav: t.navs.nav })
    .from(t.navs)
    .where(from ? and(eq(t.navs.shareId, shareId), gte(t.navs.date, from)) : eq(t.navs.shareId, shareId))
    .orderBy(asc(t.navs.date));
}

export async function benchmarkHistory(code: string, from?: IsoDate | null): Promise<NavPoint[]> {
  const db = await getDb();
  return db
    .select({ date: t.benchmarkValues.date, nav: t.benchmarkValues.value })
    .from(t.benchmarkValues)
    .where(
      from
        ? and(eq(t.benchmarkValues.benchmarkCode, code), gte(t.benchmarkValues.date, from))
        : eq(t.benchmarkValues.benchmarkCode, code),
    )
    .orderBy(asc(t.benchmarkValues.date));
}

export type GrowthSeries = { period: ChartPeriod; from: IsoDate; share: ChartPoint[]; benchmark: ChartPoint[] };

/**
 * The growth chart of a share against its benchmark, both rebased to 100 at the period start
 * and thinned to at most maxPoints so the page stays light.
 */
export async function growthSeries(
  share: { id: number; inceptionDate: IsoDate },
  benchmarkCode: string | null,
  asOf: IsoDate,
  period: ChartPeriod,
  maxPoints = 260,
): Promise<GrowthSeries | null> {
  const from = periodStart(period, asOf, share.inceptionDate);
  if (!from) return null;
  // A week of margin finds the value on or before the start when the start is a holiday.
  const margin = new Date(Date.parse(from) - 7 * 86_400_000).toISOString().slice(0, 10);
  const [navs, bench] = await Promise.all([
    navHistory(share.id, margin),
    benchmarkCode ? benchmarkHistory(benchmarkCode, margin) : Promise.resolve([]),
  ]);
  return {
    period,
    from,
    share: downsample(rebaseSeries(navs.filter((p) => p.date <= asOf), from), maxPoints),
    benchmark: bench.length ? downsample(rebaseSeries(bench.filter((p) => p.date <= asOf), from), maxPoints) : [],
  };
}
