import 'server-only';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { env } from '@/env';
import { isIsoDate } from '@/domain/dates';
import { csvError } from '@/domain/csv/import';
import type { NavCsvError, NavRow } from '@/domain/csv/navs';
import type { ChangeScope } from '@/domain/content/publication';
import { diffSeries, LISTED_CHANGES, seriesKey, type SeriesChange, type SeriesSummary } from '@/domain/csv/series-diff';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { funds, navs, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { factsheetsAfterImport } from '@/server/factsheets/generate';
import { areaLogger } from '@/server/log/logger';
import { publishChange } from '@/server/publish/publish';
import { recomputeShares } from './recompute';

const log = areaLogger('navs');

type ShareRef = { id: number; isin: string; slug: string; fundSlug: string };

/** What a NAV file would do, computed without writing anything (the screen's and the API's preview). */
export type NavPreview = {
  ok: true;
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Per ISIN: its rows, date range, and how many are new, corrected or already stored. */
  isins: (SeriesSummary & { fundSlug: string; shareSlug: string })[];
  /** NAVs that would change, old → new (the first LISTED_CHANGES; `changed` counts them all). */
  changes: SeriesChange[];
};
export type NavImportFailure = { ok: false; errors: NavCsvError[] };
export type NavCommit = NavPreview & { written: number; recomputed: number };

const CHUNK = 5000;

async function resolveShares(db: Executor, isins: string[]): Promise<Map<string, ShareRef>> {
  if (isins.length === 0) return new Map();
  const rows = await db
    .select({ id: shares.id, isin: shares.isinCode, slug: shares.slug, fundSlug: funds.slug })
    .from(shares)
    .innerJoin(funds, eq(funds.id, shares.fundId))
    .where(inArray(shares.isinCode, isins));
  return new Map(rows.map((r) => [r.isin, r]));
}

type Plan = { ok: true; preview: NavPreview; toWrite: NavRow[]; byIsin: Map<string, ShareRef> } | NavImportFailure;

async function plan(db: Executor, rows: NavRow[]): Promise<Plan> {
  const byIsin = await resolveShares(db, [...new Set(rows.map((r) => r.isin))]);
  const errors = rows.filter((r) => !byIsin.has(r.isin)).map((r) => csvError(r.line, 'unknown-isin', { isin: r.isin }));
  if (errors.length > 0) return { ok: false, errors };
  const series = rows.map((r) => ({ ...r, series: r.isin, value: r.nav }));
  // The stored NAVs over each share's dates in the file: one range read per share.
  const stored = new Map<string, number>();
  const ranges = new Map<string, { from: string; to: string }>();
  for (const r of rows) {
    const range = ranges.get(r.isin);
    if (!range) ranges.set(r.isin, { from: r.date, to: r.date });
    else {
      if (r.date < range.from) range.from = r.date;
      if (r.date > range.to) range.to = r.date;
    }
  }
  for (const [isin, range] of ranges) {
    const share = byIsin.get(isin) as ShareRef;
    const existing = await db
      .select({ date: navs.date, nav: navs.nav })
      .from(navs)
      .where(and(eq(navs.shareId, share.id), between(navs.date, range.from, range.to)));
    for (const e of existing) stored.set(seriesKey(isin, e.date), e.nav);
  }
  const diff = diffSeries(series, stored);
  const preview: NavPreview = {
    ok: true,
    rows: rows.length,
    added: diff.added.length,
    changed: diff.changed.length,
    unchanged: diff.unchanged,
    isins: diff.summaries.map((s) => {
      const share = byIsin.get(s.series) as ShareRef;
      return { ...s, fundSlug: share.fundSlug, shareSlug: share.slug };
    }),
    changes: diff.changed.slice(0, LISTED_CHANGES).map((c) => ({ line: c.line, series: c.series, date: c.date, old: c.old, new: c.value })),
  };
  const toWrite = [...diff.added, ...diff.changed].map((r) => ({ line: r.line, isin: r.isin, date: r.date, nav: r.nav }));
  return { ok: true, preview, toWrite, byIsin };
}

/** The preview of a parsed NAV file: nothing is written. A row naming an unknown ISIN fails the file. */
export async function previewNavImport(db: Executor, rows: NavRow[]): Promise<NavPreview | NavImportFailure> {
  const result = await plan(db, rows);
  return result.ok === false ? result : result.preview;
}

/** The pages a change of these shares' NAVs or figures makes stale. */
function sharesScope(refs: Iterable<ShareRef>): ChangeScope {
  const byFund = new Map<string, Set<string>>();
  for (const ref of refs) byFund.set(ref.fundSlug, (byFund.get(ref.fundSlug) ?? new Set()).add(ref.slug));
  return { funds: [...byFund].map(([slug, set]) => ({ slug, shares: [...set] })) };
}

/**
 * Writes a parsed NAV file in one transaction: the new and corrected NAVs, the recomputed
 * performance of every share they touch, and one audit entry; then publishes the change. The same
 * file twice writes nothing the second time: no NAV, no recomputation, no audit entry.
 */
export async function commitNavImport(
  db: Db,
  rows: NavRow[],
  actor: Actor,
  options: {
    riskFreeRate?: number;
    source?: string;
    factsheets?: boolean;
    /** Schedules the factsheets (src/server/http/after-answer.ts); without it they are awaited. */
    later?: (task: () => Promise<void>) => Promise<void>;
  } = {},
): Promise<NavCommit | NavImportFailure> {
  const riskFreeRate = options.riskFreeRate ?? env().RISK_FREE_RATE;
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (result.ok === false) return result;
    const { preview, toWrite, byIsin } = result;
    if (toWrite.length === 0) return { ...preview, written: 0, recomputed: 0, touched: [] as ShareRef[] };
    for (let i = 0; i < toWrite.length; i += CHUNK) {
      await tx
        .insert(navs)
        .values(toWrite.slice(i, i + CHUNK).map((r) => ({ shareId: (byIsin.get(r.isin) as ShareRef).id, date: r.date, nav: r.nav })))
        .onConflictDoUpdate({ target: [navs.shareId, navs.date], set: { nav: sql`excluded.nav` } });
    }
    const touched = [...new Set(toWrite.map((r) => r.isin))].map((isin) => byIsin.get(isin) as ShareRef);
    const recomputed = await recomputeShares(
      tx,
      touched.map((s) => s.id),
      riskFreeRate,
    );
    await recordAudit(tx, {
      actor,
      entity: 'nav',
      action: 'import',
      before: { navs: preview.changes.map((c) => ({ isin: c.series, date: c.date, nav: c.old })) },
      after: {
        source: options.source ?? null,
        rows: preview.rows,
        added: preview.added,
        changed: preview.changed,
        unchanged: preview.unchanged,
        isins: preview.isins.map(({ series, from, to, added, changed }) => ({ isin: series, from, to, added, changed })),
        navs: preview.changes.map((c) => ({ isin: c.series, date: c.date, nav: c.new })),
      },
    });
    return { ...preview, written: toWrite.length, recomputed, touched };
  });
  if (outcome.ok === false) return outcome;
  const { touched, ...result } = outcome;
  if (touched.length > 0) await publishChange(db, sharesScope(touched));
  // After the commit: the factsheets of a month whose last NAV this import brought (bounded; never fails the import).
  if (touched.length > 0 && options.factsheets !== false) {
    const ids = new Map(touched.map((s) => [s.isin, s.id]));
    const written = rows.filter((r) => ids.has(r.isin)).map((r) => ({ shareId: ids.get(r.isin) as number, date: r.date }));
    const task = () => factsheetsAfterImport(db, written).catch((error: unknown) => log.error({ err: error }, 'factsheets after import failed'));
    await (options.later ? options.later(task) : task());
  }
  return result;
}

export type NavCorrection = { isin: string; date: string; nav: number };
export type NavCorrectionResult =
  | { ok: true; changed: boolean; old: number | null; nav: number }
  | { ok: false; error: 'unknown-isin' | 'bad-date' | 'bad-nav' };

/** One NAV typed in by hand (a new date or a correction): audited, and the share is recomputed. */
export async function correctNav(db: Db, input: NavCorrection, actor: Actor, options: { riskFreeRate?: number } = {}): Promise<NavCorrectionResult> {
  if (!isIsoDate(input.date)) return { ok: false, error: 'bad-date' };
  if (!Number.isFinite(input.nav) || input.nav <= 0) return { ok: false, error: 'bad-nav' };
  const riskFreeRate = options.riskFreeRate ?? env().RISK_FREE_RATE;
  const isin = input.isin.trim().toUpperCase();
  const outcome = await db.transaction(async (tx) => {
    const share = (await resolveShares(tx, [isin])).get(isin);
    if (!share) return { ok: false as const, error: 'unknown-isin' as const };
    const [existing] = await tx
      .select({ nav: navs.nav })
      .from(navs)
      .where(and(eq(navs.shareId, share.id), eq(navs.date, input.date)));
    const old = existing?.nav ?? null;
    if (old === input.nav) return { ok: true as const, changed: false, old, nav: input.nav, share };
    await tx
      .insert(navs)
      .values({ shareId: share.id, date: input.date, nav: input.nav })
      .onConflictDoUpdate({ target: [navs.shareId, navs.date], set: { nav: input.nav } });
    await recomputeShares(tx, [share.id], riskFreeRate);
    await recordAudit(tx, {
      actor,
      entity: 'nav',
      entityId: `${isin}@${input.date}`,
      action: old === null ? 'create' : 'update',
      before: old === null ? null : { isin, date: input.date, nav: old },
      after: { isin, date: input.date, nav: input.nav },
    });
    return { ok: true as const, changed: true, old, nav: input.nav, share };
  });
  if (!outcome.ok) return outcome;
  const { share, ...result } = outcome;
  if (result.changed) await publishChange(db, sharesScope([share]));
  return result;
}
