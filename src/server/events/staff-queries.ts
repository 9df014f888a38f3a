import 'server-only';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FundEventType, LiquidityTool } from '@/domain/events/model';
import type { Db } from '@/server/db/client';
import { documents, fundEventShares, fundEvents, funds, shares, type Localized } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

/**
 * What the back-office reads of a fund's events (issue 34, docs/back-office.md "Fund events"): the
 * list of a fund's events with their share classes and notice PDFs, one event for its form, and
 * the share classes an event may concern. Every list is bounded.
 */
export const NOTICE_TYPE = 'FUND_NOTICE';

/** A fund has far fewer events; the screen shows the latest this many. */
export const MAX_LISTED_EVENTS = 500;

export type StaffNotice = { id: number; locale: string; countries: string[]; fileName: string; size: number; sha256: string; title: string; tagged: boolean | null };
export type StaffEvent = {
  id: number;
  fundId: number;
  type: FundEventType;
  tool: LiquidityTool | null;
  title: Localized;
  body: Localized;
  announcedOn: string;
  effectiveOn: string;
  endsOn: string | null;
  shares: { id: number; isin: string; name: string; slug: string }[];
  notices: StaffNotice[];
};

const eventColumns = {
  id: fundEvents.id,
  fundId: fundEvents.fundId,
  type: fundEvents.type,
  tool: fundEvents.tool,
  title: fundEvents.title,
  body: fundEvents.body,
  announcedOn: fundEvents.announcedOn,
  effectiveOn: fundEvents.effectiveOn,
  endsOn: fundEvents.endsOn,
};

const noticeColumns = {
  id: documents.id,
  eventId: documents.eventId,
  locale: documents.locale,
  countries: documents.countries,
  fileName: documents.fileName,
  size: documents.size,
  sha256: documents.sha256,
  title: documents.title,
  tagged: documents.tagged,
};

/** The current notice PDFs of these events (a replaced version is history, not listed). */
async function noticesOf(db: Executor, eventIds: number[]): Promise<Map<number, StaffNotice[]>> {
  const out = new Map<number, StaffNotice[]>();
  if (eventIds.length === 0) return out;
  const rows = await db
    .select(noticeColumns)
    .from(documents)
    .where(and(inArray(documents.eventId, eventIds), eq(documents.documentTypeCode, NOTICE_TYPE), isNull(documents.supersededAt)))
    .orderBy(asc(documents.locale), asc(documents.id));
  for (const { eventId, ...row } of rows) {
    if (eventId === null) continue;
    const list = out.get(eventId) ?? [];
    list.push({ ...row, countries: [...row.countries].sort() });
    out.set(eventId, list);
  }
  return out;
}

async function sharesOf(db: Executor, eventIds: number[]): Promise<Map<number, StaffEvent['shares']>> {
  const out = new Map<number, StaffEvent['shares']>();
  if (eventIds.length === 0) return out;
  const rows = await db
    .select({ eventId: fundEventShares.eventId, id: shares.id, isin: shares.isinCode, name: shares.name, slug: shares.slug })
    .from(fundEventShares)
    .innerJoin(shares, eq(shares.id, fundEventShares.shareId))
    .where(inArray(fundEventShares.eventId, eventIds))
    .orderBy(asc(shares.isinCode));
  for (const { eventId, ...share } of rows) out.set(eventId, [...(out.get(eventId) ?? []), share]);
  return out;
}

/** A fund's events, latest effective first, with their share classes and current notices. */
export async function eventsOfFund(db: Executor, fundId: number): Promise<StaffEvent[]> {
  const rows = await db.select(eventColumns).from(fundEvents).where(eq(fundEvents.fundId, fundId)).orderBy(desc(fundEvents.effectiveOn), desc(fundEvents.id)).limit(MAX_LISTED_EVENTS);
  const ids = rows.map((r) => r.id);
  const [shareMap, noticeMap] = await Promise.all([sharesOf(db, ids), noticesOf(db, ids)]);
  return rows.map((r) => ({ ...r, shares: shareMap.get(r.id) ?? [], notices: noticeMap.get(r.id) ?? [] }));
}

/** One event, or null. */
export async function eventForStaff(db: Executor, id: number): Promise<StaffEvent | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select(eventColumns).from(fundEvents).where(eq(fundEvents.id, id));
  if (!row) return null;
  const [shareMap, noticeMap] = await Promise.all([sharesOf(db, [id]), noticesOf(db, [id])]);
  return { ...row, shares: shareMap.get(id) ?? [], notices: noticeMap.get(id) ?? [] };
}

/** The fund an event may be recorded for, and its share classes (archived ones flagged: an event may not name them). */
export async function eventFund(db: Executor | Db, fundId: number) {
  if (!Number.isSafeInteger(fundId) || fundId <= 0) return null;
  const [fund] = await db.select({ id: funds.id, slug: funds.slug, title: funds.title }).from(funds).where(eq(funds.id, fundId));
  if (!fund) return null;
  const shareRows = await db
    .select({ id: shares.id, isin: shares.isinCode, name: shares.name, slug: shares.slug, active: shares.active })
    .from(shares)
    .where(eq(shares.fundId, fundId))
    .orderBy(asc(shares.isinCode));
  return { ...fund, shares: shareRows };
}
