import 'server-only';
import { benchmarkInput, computePerformance, type NavPoint } from '@/domain/performance/compute';
import type { StoredCalendarYear, StoredFigures } from '@/server/db/schema';

export type PerformanceRow = {
  shareId: number;
  asOf: string | null;
  lastNav: number | null;
  lessThanOneYear: boolean;
  figures: StoredFigures;
  benchmarkFigures: StoredFigures | null;
  calendarYears: StoredCalendarYear[];
  riskFreeRate: number;
};

/** The stored figures of one share and of its benchmark over the same dates (docs/methodology.md). */
export function buildPerformanceRow(
  share: { id: number; inceptionDate: string; inceptionNav: number },
  navs: NavPoint[],
  benchmark: NavPoint[] | null,
  riskFreeRate: number,
): PerformanceRow {
  const result = computePerformance({
    inceptionDate: share.inceptionDate,
    inceptionNav: share.inceptionNav,
    navs,
    riskFreeRate,
  });
  // The benchmark is measured over the share's own window: from its inception to its as-of date.
  const benchmarkUntilAsOf = benchmark && result.asOf ? benchmark.filter((p) => p.date <= (result.asOf as string)) : null;
  const input = benchmarkUntilAsOf ? benchmarkInput(share.inceptionDate, benchmarkUntilAsOf, riskFreeRate) : null;
  const bench = input ? computePerformance(input) : null;
  const benchmarkYears = new Map(bench?.calendarYears.map((y) => [y.year, y.value]) ?? []);
  return {
    shareId: share.id,
    asOf: result.asOf,
    lastNav: navs.at(-1)?.nav ?? null,
    lessThanOneYear: result.lessThanOneYear,
    figures: result.figures,
    benchmarkFigures: bench ? bench.figures : null,
    calendarYears: result.calendarYears.map((y) => ({ ...y, benchmark: benchmarkYears.get(y.year) ?? null })),
    riskFreeRate,
  };
}
