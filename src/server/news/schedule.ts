import 'server-only';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ChangeScope } from '@/domain/content/publication';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import { areaLogger } from '@/server/log/logger';
import { applyChangeLocally } from '@/server/publish/publish';

const log = areaLogger('news-schedule');

/**
 * Scheduled news go online at their time without anyone acting (docs/decisions/022). Reads already
 * filter on the database's `now()`, but pages, the sitemap and GraphQL answers are cached
 * (decisions 001, 016): each serving process sleeps until the next scheduled time, then expires
 * what the items that came due touch, as a publication would, and sleeps again. It re-reads the
 * next time after every news change (rearmNewsSchedule), after another process's news change
 * (start.ts) and at least every MAX_SLEEP_MS, so a time set behind its back is missed by at most that.
 */
export const MAX_SLEEP_MS = 5 * 60_000;
/** How long after the expiry at the time pages are expired again (renders under way then are over). */
const SETTLE_MS = 3_000;
/** Wake a little after the time, so that the database's `now()` has passed it when pages render again. */
const MARGIN_MS = 50;

type Holder = {
  started: boolean;
  timer?: ReturnType<typeof setTimeout>;
  /** The database time up to which due items were published. */
  checkedUpTo?: Date;
  /** Bumped on each arming: an older arming's answer is dropped. */
  generation: number;
  /** The next scheduled time, as last read. */
  due?: Date | null;
};
const holder = ((globalThis as { __fundhouseNewsSchedule?: Holder }).__fundhouseNewsSchedule ??= { started: false, generation: 0 });

/** The database's time and the next scheduled time after it, if any. */
async function nextDue(): Promise<{ now: Date; due: Date | null }> {
  const db = await getDb();
  const [row] = await db
    .select({
      now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)),
      due: sql<string | null>`min(${t.news.publishAt}) filter (where ${t.news.publishAt} > now())`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
    })
    .from(t.news)
    .where(eq(t.news.status, 'published'));
  return { now: row?.now ?? new Date(), due: row?.due ?? null };
}

/** What the items that came due since the last check touch: the news pages, and the pages of their funds. */
async function publishDue(): Promise<void> {
  const db = await getDb();
  const since = holder.checkedUpTo ?? new Date(0);
  const due = await db
    .select({ id: t.news.id, fundId: t.news.fundId, now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)) })
    .from(t.news)
    .where(and(eq(t.news.status, 'published'), gt(t.news.publishAt, since), sql`${t.news.publishAt} <= now()`));
  const [first] = due;
  if (!first) return;
  holder.checkedUpTo = first.now;
  const ids = due.map((d) => d.id);
  const links = await db.select({ fundId: t.newsFunds.fundId }).from(t.newsFunds).where(inArray(t.newsFunds.newsId, ids));
  const fundIds = [...new Set([...due.flatMap((d) => (d.fundId === null ? [] : [d.fundId])), ...links.map((l) => l.fundId)])];
  const funds = fundIds.length === 0 ? [] : await db.select({ slug: t.funds.slug }).from(t.funds).where(inArray(t.funds.id, fundIds));
  const scope: ChangeScope = { news: true, ...(funds.length > 0 ? { funds: funds.map((f) => ({ slug: f.slug })) } : {}) };
  log.info({ items: ids.length }, 'scheduled news went online');
  // Every serving process runs this timer itself: its own caches only, no NOTIFY to the others.
  applyChangeLocally(scope);
  // A page whose render read the database just before the time but was stored just after the
  // expiry would keep showing the item missing: expire once more when such a render is over.
  setTimeout(() => applyChangeLocally(scope), SETTLE_MS).unref?.();
}

async function arm(): Promise<void> {
  const generation = ++holder.generation;
  clearTimeout(holder.timer);
  const { now, due } = await nextDue();
  if (!holder.started || generation !== holder.generation) return;
  holder.checkedUpTo ??= now;
  holder.due = due;
  const delay = due === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, due.getTime() - now.getTime() + MARGIN_MS));
  holder.timer = setTimeout(() => void wake(), delay);
  holder.timer.unref?.();
}

async function wake(): Promise<void> {
  try {
    await publishDue();
  } catch (error) {
    log.error({ err: error }, 'scheduled news could not be published; trying again');
  }
  await arm().catch((error: unknown) => {
    log.error({ err: error }, 'the news schedule could not be read; trying again');
    holder.timer = setTimeout(() => void wake(), 30_000);
    holder.timer.unref?.();
  });
}

/**
 * The next time a scheduled item goes online, as this process last read it (null: none known, or the
 * schedule is not running). Shared caches must not keep an answer past it (the RSS feed's max-age).
 */
export function nextScheduledNewsAt(): Date | null {
  return holder.started ? (holder.due ?? null) : null;
}

/** Started once per serving process (src/instrumentation.ts). */
export function startNewsSchedule(): void {
  if (holder.started) return;
  holder.started = true;
  // What came due before the start is on the pages already: every page expires when a process starts (016).
  holder.checkedUpTo = new Date();
  void arm().catch(() => rearmNewsSchedule());
}

/** After a news change (this process's or another's): the next time may have moved. A no-op where the timer does not run. */
export function rearmNewsSchedule(): void {
  if (!holder.started) return;
  void wake();
}

export function stopNewsSchedule(): void {
  holder.started = false;
  holder.generation++;
  clearTimeout(holder.timer);
  holder.timer = undefined;
}
