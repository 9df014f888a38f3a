import 'server-only';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { env } from '@/env';
import type { BenchmarkRow } from '@/domain/csv/benchmarks';
import { csvError, type CsvError } from '@/domain/csv/import';
import type { ChangeScope } from '@/domain/content/publication';
import { diffSeries, LISTED_CHANGES, seriesKey, type SeriesChange, type SeriesSummary } from '@/domain/csv/series-diff';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { benchmarks, benchmarkValues, funds, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { recomputeShares } from '@/server/navs/recompute';
import { publishChange } from '@/server/publish/publish';

export type BenchmarkPreview = {
  ok: true;
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Per benchmark code: its rows, date range and counts. */
  benchmarks: SeriesSummary[];
  /** Values that would change, old → new (the first LISTED_CHANGES). */
  changes: SeriesChange[];
};
export type BenchmarkImportFailure = { ok: false; errors: CsvError[] };
export type BenchmarkCommit = BenchmarkPreview & { written: number; recomputed: number };

const CHUNK = 5000;

type Plan = { ok: true; preview: BenchmarkPreview; toWrite: BenchmarkRow[] } | BenchmarkImportFailure;

async function plan(db: Executor, rows: BenchmarkRow[]): Promise<Plan> {
  const codes = [...new Set(rows.map((r) => r.benchmark))];
  const known = new Set((await db.select({ code: benchmarks.code }).from(benchmarks).where(inArray(benchmarks.code, codes))).map((b) => b.code));
  const errors = rows.filter((r) => !known.has(r.benchmark)).map((r) => csvError(r.line, 'unknown-benchmark', { code: r.benchmark }));
  if (errors.length > 0) return { ok: false, errors };
  const stored = new Map<string, number>();
  for (const code of codes) {
    const dates = rows.filter((r) => r.benchmark === code).map((r) => r.date);
    const from = dates.reduce((a, b) => (a < b ? a : b));
    const to = dates.reduce((a, b) => (a > b ? a : b));
    const existing = await db
      .select({ date: benchmarkValues.date, value: benchmarkValues.value })
      .from(benchmarkValues)
      .where(and(eq(benchmarkValues.benchmarkCode, code), between(benchmarkValues.date, from, to)));
    for (const e of existing) stored.set(seriesKey(code, e.date), e.value);
  }
  const diff = diffSeries(
    rows.map((r) => ({ ...r, series: r.benchmark })),
    stored,
  );
  const preview: BenchmarkPreview = {
    ok: true,
    rows: rows.length,
    added: diff.added.length,
    changed: diff.changed.length,
    unchanged: diff.unchanged,
    benchmarks: diff.summaries,
    changes: diff.changed.slice(0, LISTED_CHANGES).map((c) => ({ line: c.line, series: c.series, date: c.date, old: c.old, new: c.value })),
  };
  return { ok: true, preview, toWrite: [...diff.added, ...diff.changed] };
}

/** The preview of a parsed benchmark file: nothing is written. An unknown benchmark code fails the file. */
export async function previewBenchmarkImport(db: Executor, rows: BenchmarkRow[]): Promise<BenchmarkPreview | BenchmarkImportFailure> {
  const result = await plan(db, rows);
  return result.ok ? result.preview : result;
}

/**
 * Writes a parsed benchmark file in one transaction with the recomputed performance of every share
 * whose fund follows a touched benchmark, and one audit entry; then publishes the change. The same
 * file twice writes nothing the second time.
 */
export async function commitBenchmarkImport(
  db: Db,
  rows: BenchmarkRow[],
  actor: Actor,
  options: { riskFreeRate?: number; source?: string } = {},
): Promise<BenchmarkCommit | BenchmarkImportFailure> {
  const riskFreeRate = options.riskFreeRate ?? env().RISK_FREE_RATE;
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (!result.ok) return result;
    const { preview, toWrite } = result;
    if (toWrite.length === 0) return { ...preview, written: 0, recomputed: 0, scope: null };
    for (let i = 0; i < toWrite.length; i += CHUNK) {
      await tx
        .insert(benchmarkValues)
        .values(toWrite.slice(i, i + CHUNK).map((r) => ({ benchmarkCode: r.benchmark, date: r.date, value: r.value })))
        .onConflictDoUpdate({ target: [benchmarkValues.benchmarkCode, benchmarkValues.date], set: { value: sql`excluded.value` } });
    }
    const touchedCodes = [...new Set(toWrite.map((r) => r.benchmark))];
    const affected = await tx
      .select({ id: shares.id, slug: shares.slug, fundSlug: funds.slug })
      .from(shares)
      .innerJoin(funds, eq(funds.id, shares.fundId))
      .where(inArray(funds.benchmarkCode, touchedCodes));
    const recomputed = await recomputeShares(
      tx,
      affected.map((s) => s.id),
      riskFreeRate,
    );
    await recordAudit(tx, {
      actor,
      entity: 'benchmark_value',
      action: 'import',
      before: { values: preview.changes.map((c) => ({ benchmark: c.series, date: c.date, value: c.old })) },
      after: {
        source: options.source ?? null,
        rows: preview.rows,
        added: preview.added,
        changed: preview.changed,
        unchanged: preview.unchanged,
        benchmarks: preview.benchmarks.map(({ series, from, to, added, changed }) => ({ benchmark: series, from, to, added, changed })),
        values: preview.changes.map((c) => ({ benchmark: c.series, date: c.date, value: c.new })),
      },
    });
    const byFund = new Map<string, string[]>();
    for (const s of affected) byFund.set(s.fundSlug, [...(byFund.get(s.fundSlug) ?? []), s.slug]);
    const scope: ChangeScope = { funds: [...byFund].map(([slug, list]) => ({ slug, shares: list })) };
    return { ...preview, written: toWrite.length, recomputed, scope };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope && scope.funds && scope.funds.length > 0) await publishChange(db, scope);
  return result;
}
