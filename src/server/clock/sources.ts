import 'server-only';
import { and, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { archiveLeavingDay, dayWindow } from '@/domain/clock/moments';
import type { ChangeScope } from '@/domain/content/publication';
import { ARCHIVE_DOCUMENT_TYPES, archiveStart } from '@/domain/documents/library';
import { startOfUtcDay, utcDay } from '@/domain/events/day-changes';
import { changedAudiences } from '@/domain/registrations/matrix';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

/**
 * The sources of the one clock (src/server/clock/schedule.ts, docs/decisions/064): each knows the
 * rows whose dates change what the public reads by themselves, and answers (a) the next moment
 * after the database's `now()` at which that happens and (b) what the moments of a window
 * (after, upTo] touch, as the ChangeScope a staff change of those rows would publish. Day-dated
 * rows change at the start of their UTC day, as the reads take them (registeredToday, the events'
 * and the archive's windows). Every read is bounded.
 */
export type ClockSource = {
  name: SourceName;
  /** The next moment after `now` (the database's, as the schedule read it). */
  next(db: Executor, now: Date): Promise<Date | null>;
  scope(db: Executor, after: Date, upTo: Date): Promise<ChangeScope | null>;
};

export type SourceName = 'registrations' | 'events' | 'news' | 'documents';

/** The most rows one window's scope reads per source (a real day names far fewer; past it the scope is "all"). */
export const MAX_ROWS_PER_WINDOW = 10_000;

const utcToday = sql`(now() at time zone 'UTC')::date`;
const dayStart = (day: string | null) => (day === null ? null : startOfUtcDay(day));
const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/** The fund (with the shares) of each row, merged: what a staff change of those shares publishes. */
function fundsOf(rows: readonly { fund: string; share?: string | null }[]): NonNullable<ChangeScope['funds']> {
  const byFund = new Map<string, Set<string>>();
  for (const row of rows) {
    const shares = byFund.get(row.fund) ?? new Set<string>();
    if (row.share) shares.add(row.share);
    byFund.set(row.fund, shares);
  }
  return [...byFund].map(([slug, shares]) => (shares.size > 0 ? { slug, shares: [...shares].sort() } : { slug }));
}

// ------------------------------------------------------------------ registrations

/**
 * A cell of the registration matrix is shown from `registered_on` until the day before
 * `withdrawn_on` (registeredToday, src/server/funds/catalog.ts): it changes at the start of either
 * day. The scope is the one of a staff change of the cell (src/server/registrations/commands.ts):
 * the audience's pages (its tag also keys the documents and archived versions it was served) and
 * the share's and fund's pages.
 */
export const registrationsSource: ClockSource = {
  name: 'registrations',
  async next(db) {
    const r = t.shareRegistrations;
    const [row] = await db
      .select({
        next: sql<string | null>`to_char(least(
          min(${r.registeredOn}) filter (where ${r.registeredOn} > ${utcToday}),
          min(${r.withdrawnOn}) filter (where ${r.withdrawnOn} > ${utcToday})
        ), 'YYYY-MM-DD')`,
      })
      .from(r);
    return dayStart(row?.next ?? null);
  },
  async scope(db, after, upTo) {
    const { afterDay, upToDay } = dayWindow(after, upTo);
    if (upToDay <= afterDay) return null;
    const r = t.shareRegistrations;
    const inWindow = (column: AnyPgColumn) => and(gt(column, afterDay), lte(column, upToDay));
    const rows = await db
      .select({ country: r.countryCode, profile: r.investorProfile, share: t.shares.slug, fund: t.funds.slug })
      .from(r)
      .innerJoin(t.shares, eq(t.shares.id, r.shareId))
      .innerJoin(t.funds, eq(t.funds.id, t.shares.fundId))
      .where(or(inWindow(r.registeredOn), inWindow(r.withdrawnOn)))
      .limit(MAX_ROWS_PER_WINDOW + 1);
    if (rows.length === 0) return null;
    if (rows.length > MAX_ROWS_PER_WINDOW) return { all: true };
    return { registrations: changedAudiences(rows), funds: fundsOf(rows) };
  },
};

// ------------------------------------------------------------------ fund events

/** The database's UTC day, and the next day after it on which an event's visibility changes (issue 34). */
export async function nextEventDay(db: Executor): Promise<{ today: string; next: string | null }> {
  const e = t.fundEvents;
  const [row] = await db
    .select({
      today: sql<string>`to_char(${utcToday}, 'YYYY-MM-DD')`,
      next: sql<string | null>`to_char(least(
        min(${e.announcedOn}) filter (where ${e.announcedOn} > ${utcToday}),
        min(${e.effectiveOn}) filter (where ${e.effectiveOn} > ${utcToday}),
        min(${e.endsOn}) filter (where ${e.endsOn} > ${utcToday})
      ), 'YYYY-MM-DD')`,
    })
    .from(e);
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
    .limit(MAX_ROWS_PER_WINDOW + 1);
  if (events.length === 0) return null;
  if (events.length > MAX_ROWS_PER_WINDOW) return { all: true };
  const shares = await db
    .select({ eventId: t.fundEventShares.eventId, slug: t.shares.slug })
    .from(t.fundEventShares)
    .innerJoin(t.shares, eq(t.shares.id, t.fundEventShares.shareId))
    .where(inArray(t.fundEventShares.eventId, events.map((e) => e.id)))
    .limit(MAX_ROWS_PER_WINDOW);
  const fundOf = new Map(events.map((e) => [e.id, e.slug]));
  return { notices: true, funds: fundsOf([...events.map((e) => ({ fund: e.slug })), ...shares.map((s) => ({ fund: fundOf.get(s.eventId) ?? '', share: s.slug }))]) };
}

/** A fund event appears on its announcement day, its banner on its effective day and goes on its end day (src/domain/events/day-changes.ts). */
export const eventsSource: ClockSource = {
  name: 'events',
  async next(db) {
    return dayStart((await nextEventDay(db)).next);
  },
  async scope(db, after, upTo) {
    const { afterDay, upToDay } = dayWindow(after, upTo);
    return eventDayScope(db, afterDay, upToDay);
  },
};

// ------------------------------------------------------------------ scheduled news

/** A published article scheduled for later goes online at its `publish_at` (decision 022): the news pages, and its funds' pages. */
export const newsSource: ClockSource = {
  name: 'news',
  async next(db) {
    const [row] = await db
      .select({ due: sql<string | null>`min(${t.news.publishAt})`.mapWith(toDate) })
      .from(t.news)
      .where(and(eq(t.news.status, 'published'), sql`${t.news.publishAt} > now()`));
    return row?.due ?? null;
  },
  async scope(db, after, upTo) {
    const due = await db
      .select({ id: t.news.id, fundId: t.news.fundId })
      .from(t.news)
      .where(and(eq(t.news.status, 'published'), gt(t.news.publishAt, after), lte(t.news.publishAt, upTo)))
      .limit(MAX_ROWS_PER_WINDOW + 1);
    if (due.length === 0) return null;
    if (due.length > MAX_ROWS_PER_WINDOW) return { all: true };
    const links = await db
      .select({ fundId: t.newsFunds.fundId })
      .from(t.newsFunds)
      .where(inArray(t.newsFunds.newsId, due.map((d) => d.id)))
      .limit(MAX_ROWS_PER_WINDOW);
    const fundIds = [...new Set([...due.flatMap((d) => (d.fundId === null ? [] : [d.fundId])), ...links.map((l) => l.fundId)])];
    const funds = fundIds.length === 0 ? [] : await db.select({ slug: t.funds.slug }).from(t.funds).where(inArray(t.funds.id, fundIds));
    return { news: true, ...(funds.length > 0 ? { funds: funds.map((f) => ({ slug: f.slug })) } : {}) };
  },
};

// ------------------------------------------------------------------ archived documents

/**
 * An archived version (a replaced KID or prospectus, served at …/v/{id} and listed in the library's
 * archive) is shown while it was replaced on or after archiveStart(today): it leaves on the first
 * day past that window (archiveLeavingDay). Its fund's tag is on its address, whatever the audience.
 */
export function documentsSource(years: number): ClockSource {
  const d = t.documents;
  const shareFund = alias(t.funds, 'share_fund');
  const archivable = and(eq(d.published, true), isNotNull(d.supersededAt), inArray(d.documentTypeCode, [...ARCHIVE_DOCUMENT_TYPES]));
  return {
    name: 'documents',
    async next(db, now) {
      const windowStart = startOfUtcDay(archiveStart(utcDay(now), years));
      const [row] = await db
        .select({ oldest: sql<string | null>`min(${d.supersededAt})`.mapWith(toDate) })
        .from(d)
        .where(and(archivable, gte(d.supersededAt, windowStart)));
      const oldest = row?.oldest ?? null;
      return oldest === null ? null : startOfUtcDay(archiveLeavingDay(utcDay(oldest), years));
    },
    async scope(db, after, upTo) {
      const { afterDay, upToDay } = dayWindow(after, upTo);
      if (upToDay <= afterDay) return null;
      // In the window on the first day, out of it on the last one: replaced in [start(afterDay), start(upToDay)).
      const rows = await db
        .select({ fund: t.funds.slug, shareFund: shareFund.slug, share: t.shares.slug })
        .from(d)
        .leftJoin(t.funds, eq(t.funds.id, d.fundId))
        .leftJoin(t.shares, eq(t.shares.id, d.shareId))
        .leftJoin(shareFund, eq(shareFund.id, t.shares.fundId))
        .where(and(archivable, gte(d.supersededAt, startOfUtcDay(archiveStart(afterDay, years))), lt(d.supersededAt, startOfUtcDay(archiveStart(upToDay, years)))))
        .limit(MAX_ROWS_PER_WINDOW + 1);
      if (rows.length === 0) return null;
      if (rows.length > MAX_ROWS_PER_WINDOW) return { all: true };
      const owned = rows.flatMap((row) => {
        const fund = row.shareFund ?? row.fund;
        return fund === null ? [] : [{ fund, share: row.shareFund === null ? null : row.share }];
      });
      return owned.length === 0 ? null : { funds: fundsOf(owned) };
    },
  };
}
