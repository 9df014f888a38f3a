import 'server-only';
import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ChangeScope } from '@/domain/content/publication';
import { startOfUtcDay, utcDay } from '@/domain/events/day-changes';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { areaLogger } from '@/server/log/logger';
import { MAX_SLEEP_MS } from '@/server/news/schedule';
import { applyChangeLocally } from '@/server/publish/publish';

const log = areaLogger('events-schedule');

/**
 * Fund events change what the public sees on their days without anyone acting (issue 34,
 * src/domain/events/day-changes.ts): a notice appears on its announcement day, a suspension's banner
 * on its effective day and goes on its end day. Pages, feeds and GraphQL answers are cached, so each
 * serving process sleeps until the next such day begins (UTC), then expires what the events of the
 * days that began touch, as a publication would, and sleeps again; it re-reads at least every
 * MAX_SLEEP_MS, so an event recorded meanwhile (by this process or another) is never missed for
 * longer. The timer of scheduled news (src/server/news/schedule.ts, decision 022) works the same way.
 */
const SETTLE_MS = 3_000;
const MARGIN_MS = 50;

type Holder = { started: boolean; timer?: ReturnType<typeof setTimeout>; generation: number; checkedDay?: string };
const holder = ((globalThis as { __fundhouseEventsSchedule?: Holder }).__fundhouseEventsSchedule ??= { started: false, generation: 0 });

const utcToday = sql<string>`to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD')`;

/** The database's UTC day, and the next day after it on which an event's visibility changes. */
export async function nextEventDay(db: Executor): Promise<{ today: string; next: string | null }> {
  const [row] = await db
    .select({
      today: utcToday,
      next: sql<string | null>`to_char(least(
        min(${t.fundEvents.announcedOn}) filter (where ${t.fundEvents.announcedOn} > (now() at time zone 'UTC')::date),
        min(${t.fundEvents.effectiveOn}) filter (where ${t.fundEvents.effectiveOn} > (now() at time zone 'UTC')::date),
        min(${t.fundEvents.endsOn}) filter (where ${t.fundEvents.endsOn} > (now() at time zone 'UTC')::date)
      ), 'YYYY-MM-DD')`,
    })
    .from(t.fundEvents);
  return { today: row?.today ?? utcDay(new Date()), next: row?.next ?? null };
}

/** What the events whose days are in (after, upTo] touch: their funds' and shares' pages and the notices. Null: nothing. */
export async function eventDayScope(db: Executor, after: string, upTo: string): Promise<ChangeScope | null> {
  if (upTo <= after) return null;
  const inWindow = (column: AnyPgColumn) => and(gt(column, after), lte(column, upTo));
  const events = await db
    .select({ id: t.fundEvents.id, slug: t.funds.slug })
    .from(t.fundEvents)
    .innerJoin(t.funds, eq(t.funds.id, t.fundEvents.fundId))
    .where(or(inWindow(t.fundEvents.announcedOn), inWindow(t.fundEvents.effectiveOn), inWindow(t.fundEvents.endsOn)))
    .limit(10_000);
  if (events.length === 0) return null;
  const shares = await db
    .select({ eventId: t.fundEventShares.eventId, slug: t.shares.slug })
    .from(t.fundEventShares)
    .innerJoin(t.shares, eq(t.shares.id, t.fundEventShares.shareId))
    .where(inArray(t.fundEventShares.eventId, events.map((e) => e.id)));
  const byFund = new Map<string, Set<string>>();
  const fundOf = new Map(events.map((e) => [e.id, e.slug]));
  for (const e of events) if (!byFund.has(e.slug)) byFund.set(e.slug, new Set());
  for (const s of shares) byFund.get(fundOf.get(s.eventId) ?? '')?.add(s.slug);
  return { notices: true, funds: [...byFund].map(([slug, set]) => ({ slug, shares: [...set] })) };
}

async function publishDue(): Promise<string> {
  const db = await getDb();
  const { today } = await nextEventDay(db);
  const after = holder.checkedDay ?? today;
  const scope = await eventDayScope(db, after, today);
  holder.checkedDay = today;
  if (scope) {
    log.info({ day: today, funds: scope.funds?.length ?? 0 }, 'fund events came into view or into force');
    applyChangeLocally(scope);
    setTimeout(() => applyChangeLocally(scope), SETTLE_MS).unref?.();
  }
  return today;
}

async function arm(): Promise<void> {
  const generation = ++holder.generation;
  clearTimeout(holder.timer);
  const { next } = await nextEventDay(await getDb());
  if (!holder.started || generation !== holder.generation) return;
  const delay = next === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, startOfUtcDay(next).getTime() - Date.now() + MARGIN_MS));
  holder.timer = setTimeout(() => void wake(), delay);
  holder.timer.unref?.();
}

async function wake(): Promise<void> {
  try {
    await publishDue();
  } catch (error) {
    log.error({ err: error }, 'the fund events of the day could not be published; trying again');
  }
  await arm().catch((error: unknown) => {
    log.error({ err: error }, 'the fund events schedule could not be read; trying again');
    holder.timer = setTimeout(() => void wake(), 30_000);
    holder.timer.unref?.();
  });
}

/** Started once per serving process (src/instrumentation.ts). What began before the start is on the pages already: every page expires at start. */
export function startEventsSchedule(): void {
  if (holder.started) return;
  holder.started = true;
  holder.checkedDay = utcDay(new Date());
  void arm().catch(() => void wake());
}

export function stopEventsSchedule(): void {
  holder.started = false;
  holder.generation++;
  clearTimeout(holder.timer);
  holder.timer = undefined;
}
