import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { IsoDate } from '@/domain/dates';
import { CHART_PERIODS, growthFromHistory, periodStart, type ChartPeriod, type Growth, type NavPoint } from '@/domain/performance/compute';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

export async function navHistory(db: Executor, shareId: number, from?: IsoDate | null): Promise<NavPoint[]> {
  return db
    .select({ date: t.navs.date, nav: t.navs.nav })
    .from(t.navs)
    .where(from ? and(eq(t.navs.shareId, shareId), gte(t.navs.date, from)) : eq(t.navs.shareId, shareId))
    .orderBy(asc(t.navs.date));
}

export async function benchmarkHistory(db: Executor, code: string, from?: IsoDate | null): Promise<NavPoint[]> {
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

export type GrowthSeries = Growth;

/** A week before `date`: enough margin to find the value on or before a period start that is a holiday. */
const weekBefore = (date: IsoDate) => new Date(Date.parse(date) - 7 * 86_400_000).toISOString().slice(0, 10);

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
  const margin = weekBefore(from);
  const db = await getDb();
  const [navs, bench] = await Promise.all([
    navHistory(db, share.id, margin),
    benchmarkCode ? benchmarkHistory(db, benchmarkCode, margin) : Promise.resolve([]),
  ]);
  return growthFromHistory(navs, bench, asOf, share.inceptionDate, period, maxPoints);
}

/**
 * Every chart period a share has (those starting on or after inception), from one read of each history:
 * the share page renders them all and switches between them without a request.
 */
export async function growthSeriesByPeriod(
  share: { id: number; inceptionDate: IsoDate },
  benchmarkCode: string | null,
  asOf: IsoDate,
  maxPoints: number,
): Promise<Growth[]> {
  const margin = weekBefore(share.inceptionDate);
  const db = await getDb();
  const [navs, bench] = await Promise.all([
    navHistory(db, share.id, margin),
    benchmarkCode ? benchmarkHistory(db, benchmarkCode, margin) : Promise.resolve([]),
  ]);
  return CHART_PERIODS.flatMap((period) => growthFromHistory(navs, bench, asOf, share.inceptionDate, period, maxPoints) ?? []);
}
