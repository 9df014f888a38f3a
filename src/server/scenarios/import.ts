import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { csvError, type CsvError } from '@/domain/csv/import';
import type { ChangeScope } from '@/domain/content/publication';
import { scenarioMonthKey, type ScenarioRow } from '@/domain/csv/scenarios';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { funds, performanceScenarios, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/** One month of one share as the file would leave it. */
export type ScenarioMonthPreview = {
  isin: string;
  month: string;
  rows: number;
  /** Figures stored today for that share and month. */
  stored: number;
  status: 'new' | 'replaced' | 'unchanged';
};
export type ScenarioPreview = { ok: true; rows: number; months: ScenarioMonthPreview[] };
export type ScenarioImportFailure = { ok: false; errors: CsvError[] };
export type ScenarioCommit = ScenarioPreview & { written: number };

type ShareRef = { id: number; isin: string; slug: string; fundSlug: string };
type Figure = { scenario: string; holdingPeriodYears: number; amount: number; annualReturn: number };
type Group = { share: ShareRef; month: string; next: ScenarioRow[]; stored: Figure[] };

const figureKey = (f: Figure) => `${f.scenario}|${f.holdingPeriodYears}|${f.amount}|${f.annualReturn}`;

function sameFigures(a: readonly Figure[], b: readonly Figure[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(figureKey));
  return b.every((f) => keys.has(figureKey(f)));
}

type Plan = { ok: true; preview: ScenarioPreview; groups: Group[] } | ScenarioImportFailure;

async function plan(db: Executor, rows: ScenarioRow[]): Promise<Plan> {
  const isins = [...new Set(rows.map((r) => r.isin))];
  const found = await db
    .select({ id: shares.id, isin: shares.isinCode, slug: shares.slug, fundSlug: funds.slug })
    .from(shares)
    .innerJoin(funds, eq(funds.id, shares.fundId))
    .where(inArray(shares.isinCode, isins));
  const byIsin = new Map(found.map((s) => [s.isin, s]));
  const errors = rows.filter((r) => !byIsin.has(r.isin)).map((r) => csvError(r.line, 'unknown-isin', { isin: r.isin }));
  if (errors.length > 0) return { ok: false, errors };
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = scenarioMonthKey(row.isin, row.month);
    const group = groups.get(key) ?? { share: byIsin.get(row.isin) as ShareRef, month: row.month, next: [], stored: [] };
    group.next.push(row);
    groups.set(key, group);
  }
  // The stored months of the file's shares, one read per share (a file holds a few months of each).
  for (const share of new Set([...groups.values()].map((g) => g.share))) {
    const months = [...groups.values()].filter((g) => g.share === share).map((g) => g.month);
    const stored = await db
      .select({
        month: performanceScenarios.month,
        scenario: performanceScenarios.scenario,
        holdingPeriodYears: performanceScenarios.holdingPeriodYears,
        amount: performanceScenarios.amount,
        annualReturn: performanceScenarios.annualReturn,
      })
      .from(performanceScenarios)
      .where(and(eq(performanceScenarios.shareId, share.id), inArray(performanceScenarios.month, months)));
    for (const figure of stored) groups.get(scenarioMonthKey(share.isin, figure.month))?.stored.push(figure);
  }
  const list = [...groups.values()].sort((a, b) => (a.share.isin === b.share.isin ? (a.month < b.month ? 1 : -1) : a.share.isin < b.share.isin ? -1 : 1));
  const preview: ScenarioPreview = {
    ok: true,
    rows: rows.length,
    months: list.map((g) => ({
      isin: g.share.isin,
      month: g.month,
      rows: g.next.length,
      stored: g.stored.length,
      status: g.stored.length === 0 ? 'new' : sameFigures(g.next, g.stored) ? 'unchanged' : 'replaced',
    })),
  };
  return { ok: true, preview, groups: list };
}

/** The preview of a parsed scenario file: nothing is written. A row naming an unknown ISIN fails the file. */
export async function previewScenarioImport(db: Executor, rows: ScenarioRow[]): Promise<ScenarioPreview | ScenarioImportFailure> {
  const result = await plan(db, rows);
  return result.ok ? result.preview : result;
}

/**
 * Writes a parsed scenario file in one transaction: each month of a share the file names replaces the stored figures
 * of that month (the other months, the archive, stay); a month identical to the stored one is left alone, so the same
 * file twice writes nothing and records nothing the second time. One audit entry, then the share pages are published.
 */
export async function commitScenarioImport(db: Db, rows: ScenarioRow[], actor: Actor, options: { source?: string } = {}): Promise<ScenarioCommit | ScenarioImportFailure> {
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (!result.ok) return result;
    const changed = result.groups.filter((g) => g.stored.length === 0 || !sameFigures(g.next, g.stored));
    let written = 0;
    for (const group of changed) {
      await tx.delete(performanceScenarios).where(and(eq(performanceScenarios.shareId, group.share.id), eq(performanceScenarios.month, group.month)));
      await tx.insert(performanceScenarios).values(
        group.next.map((r) => ({
          shareId: group.share.id,
          month: r.month,
          scenario: r.scenario,
          holdingPeriodYears: r.holdingPeriodYears,
          amount: r.amount,
          annualReturn: r.annualReturn,
        })),
      );
      written += group.next.length;
    }
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        entity: 'performance_scenario',
        action: 'import',
        before: { months: changed.filter((g) => g.stored.length > 0).map((g) => ({ isin: g.share.isin, month: g.month, figures: g.stored })) },
        after: {
          source: options.source ?? null,
          rows: result.preview.rows,
          months: changed.map((g) => ({
            isin: g.share.isin,
            month: g.month,
            figures: g.next.map(({ scenario, holdingPeriodYears, amount, annualReturn }) => ({ scenario, holdingPeriodYears, amount, annualReturn })),
          })),
        },
      });
    }
    const byFund = new Map<string, Set<string>>();
    for (const g of changed) byFund.set(g.share.fundSlug, (byFund.get(g.share.fundSlug) ?? new Set()).add(g.share.slug));
    const scope: ChangeScope = { funds: [...byFund].map(([slug, set]) => ({ slug, shares: [...set] })) };
    return { ...result.preview, written, scope };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope.funds && scope.funds.length > 0) await publishChange(db, scope);
  return result;
}
