import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { MAX_SLEEP_MS, earliest, mergeScopes, sleepMs, windowToPublish } from '@/domain/clock/moments';
import { changeTags } from '@/domain/content/cache-tags';
import type { ChangeScope } from '@/domain/content/publication';
import { env } from '@/env';
import { purgeSharedCache } from '@/server/cache/purge';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';
import { areaLogger } from '@/server/log/logger';
import { applyChangeLocally } from '@/server/publish/publish';
import { observeDatabaseTime } from './database-time';
import { documentsSource, eventsSource, newsSource, registrationsSource, type ClockSource, type SourceName } from './sources';

const log = areaLogger('clock');

/**
 * The one clock of dated content (issue 44, docs/decisions/064, docs/operations.md "The clock").
 * Every serving process runs it: it sleeps until the earliest moment at which what the public reads
 * changes by itself (the sources, ./sources.ts, and the effective dates of approved changes),
 * re-reading at least every MAX_SLEEP_MS and after every publication; then it publishes the
 * window (after, now] by the database's `now()`: this process's caches (applyChangeLocally, again
 * RENDER_SETTLE_MS later) and the shared cache's purge by the same tags. Each process does it for itself,
 * so none depends on another's NOTIFY; the purge is idempotent, and every process sends it.
 *
 * The moment the clock last published is kept in the database (app_setting MARK_KEY): a process
 * starting after every process was down across a moment publishes (mark, now] at once, shared
 * cache included. Other dated work joins the clock as a duty (addClockDuty): its next moment arms
 * the timer and it runs at every turn. Approved changes at their effective date are one
 * (src/server/approval/clock-duty.ts): publishDueProposals is a normal publication (NOTIFY and purge
 * included) that claims each row, so that two processes waking together publish a change once.
 */
export type ClockDuty = { name: string; next(db: Db): Promise<Date | null>; run(db: Db): Promise<void> };

export const MARK_KEY = 'clock.published_up_to';
/** After a publication or a notification, the clock re-reads this much later (a burst is read once). */
const REARM_DEBOUNCE_MS = 200;
const RETRY_MS = 30_000;

type Holder = {
  started: boolean;
  timer?: ReturnType<typeof setTimeout>;
  rearm?: ReturnType<typeof setTimeout>;
  /** Bumped on each arming: an older arming's answer is dropped. */
  generation: number;
  /** The database time up to which this process's caches were expired. */
  localUpTo?: Date;
  /** The next moment of each source and duty, as last read. */
  next?: Partial<Record<string, Date | null>>;
  duties?: ClockDuty[];
  /** The wake under way: wakes never overlap. */
  running?: Promise<void>;
  again?: boolean;
};
const holder = ((globalThis as { __fundhouseClock?: Holder }).__fundhouseClock ??= { started: false, generation: 0 });

export function clockSources(): ClockSource[] {
  return [registrationsSource, eventsSource, newsSource, documentsSource(env().DOCUMENT_ARCHIVE_YEARS)];
}

const isoNow = sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The database's time, and the moment the clock last published (created as now the first time: nothing to catch up). */
export async function readClockMark(db: Db): Promise<{ now: Date; mark: Date }> {
  await db.insert(t.appSettings).values({ key: MARK_KEY, value: isoNow }).onConflictDoNothing({ target: t.appSettings.key });
  const [row] = await db
    .select({ now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)), mark: t.appSettings.value })
    .from(t.appSettings)
    .where(eq(t.appSettings.key, MARK_KEY));
  if (!row) throw new Error(`app_setting ${MARK_KEY} vanished right after it was written`);
  const mark = new Date(row.mark);
  return { now: row.now, mark: Number.isNaN(mark.getTime()) ? row.now : mark };
}

/** Records that the clock published up to `upTo` (never moves back: another process may be ahead). */
export async function advanceClockMark(db: Db, upTo: Date): Promise<void> {
  await db
    .insert(t.appSettings)
    .values({ key: MARK_KEY, value: upTo.toISOString() })
    .onConflictDoUpdate({ target: t.appSettings.key, set: { value: sql`greatest(${t.appSettings.value}, excluded.value)` } });
}

/** What the moments of (after, upTo] touch, every source together. */
export async function clockScope(db: Db, after: Date, upTo: Date): Promise<ChangeScope | null> {
  const scopes: (ChangeScope | null)[] = [];
  for (const source of clockSources()) scopes.push(await source.scope(db, after, upTo));
  return mergeScopes(scopes);
}

/** Publishes a window's scope as a staff change would reach the caches: this process's (again once renders under way are over: applyChangeLocally), and the shared cache. */
function publishMoment(scope: ChangeScope): void {
  applyChangeLocally(scope);
  purgeSharedCache(changeTags(scope));
}

/** One turn of the clock: publishes what came due since this process's and the shared mark, then the approved changes due. */
export async function publishDueMoments(db: Db): Promise<ChangeScope | null> {
  const { now, mark } = await readClockMark(db);
  observeDatabaseTime(now);
  const window = windowToPublish(holder.localUpTo ?? now, mark, now);
  let scope: ChangeScope | null = null;
  if (window) {
    scope = await clockScope(db, window.after, window.upTo);
    if (scope) {
      log.info({ after: window.after.toISOString(), upTo: window.upTo.toISOString(), tags: changeTags(scope).length }, 'dated content changed: published');
      publishMoment(scope);
    }
  }
  holder.localUpTo = now;
  await advanceClockMark(db, now);
  for (const duty of holder.duties ?? []) await duty.run(db);
  return scope;
}

async function arm(): Promise<void> {
  const generation = ++holder.generation;
  clearTimeout(holder.timer);
  const db = await getDb();
  const [row] = await db.select({ now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)) }).from(t.appSettings).where(eq(t.appSettings.key, MARK_KEY));
  const now = row?.now ?? new Date();
  if (row) observeDatabaseTime(now);
  const next: NonNullable<Holder['next']> = {};
  for (const source of clockSources()) next[source.name] = await source.next(db, now);
  for (const duty of holder.duties ?? []) next[duty.name] = await duty.next(db);
  if (!holder.started || generation !== holder.generation) return;
  holder.next = next;
  holder.timer = setTimeout(() => void wake(), sleepMs(now, earliest(Object.values(next))));
  holder.timer.unref?.();
}

async function turn(): Promise<void> {
  try {
    await publishDueMoments(await getDb());
  } catch (error) {
    log.error({ err: error }, 'the dated changes could not be published; trying again');
  }
  await arm().catch((error: unknown) => {
    log.error({ err: error }, 'the clock could not read the next moments; trying again');
    clearTimeout(holder.timer);
    holder.timer = setTimeout(() => void wake(), RETRY_MS);
    holder.timer.unref?.();
  });
}

function wake(): Promise<void> {
  if (!holder.started) return Promise.resolve();
  if (holder.running) {
    holder.again = true;
    return holder.running;
  }
  holder.running = turn().finally(() => {
    holder.running = undefined;
    if (holder.again) {
      holder.again = false;
      void wake();
    }
  });
  return holder.running;
}

/**
 * The next moment, among the sources named, at which what they govern changes, as this process
 * last read it: null when none is known; undefined when the clock does not run here (a shared
 * cache must then keep an answer no longer than its ordinary lifetime).
 */
export function nextMomentOf(names: readonly SourceName[]): Date | null | undefined {
  if (!holder.started || !holder.next) return undefined;
  return earliest(names.map((name) => holder.next?.[name] ?? null));
}

/** Adds dated work to the clock (once per name: a second call replaces it), before or after the start. */
export function addClockDuty(duty: ClockDuty): void {
  holder.duties = [...(holder.duties ?? []).filter((d) => d.name !== duty.name), duty];
  rearmClock();
}

/** Started once per serving process (src/instrumentation.ts): catches up with what came due while every process was down, then follows the moments. */
export function startClock(): Promise<void> {
  if (holder.started) return holder.running ?? Promise.resolve();
  holder.started = true;
  // What came due before the start is on no page of this process: its pages and memory caches are new (decision 016).
  holder.localUpTo = undefined;
  return wake();
}

/** After a change (this process's or another's): a moment may have been added or moved. A no-op where the clock does not run. */
export function rearmClock(): void {
  if (!holder.started) return;
  clearTimeout(holder.rearm);
  holder.rearm = setTimeout(() => void wake(), REARM_DEBOUNCE_MS);
  holder.rearm.unref?.();
}

export async function stopClock(): Promise<void> {
  holder.started = false;
  holder.generation++;
  clearTimeout(holder.timer);
  clearTimeout(holder.rearm);
  holder.timer = undefined;
  holder.next = undefined;
  holder.localUpTo = undefined;
  await holder.running;
}

export { MAX_SLEEP_MS };
