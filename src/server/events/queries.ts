import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Locale } from '@/env';
import type { Audience } from '@/domain/registrations/audience';
import type { IsoDate } from '@/domain/dates';
import { richTextToPlain } from '@/domain/content/rich-text';
import { fundTag, FUNDS_TAG, NOTICES_TAG, shareTag } from '@/domain/content/cache-tags';
import { pick } from '@/domain/language/localize';
import { restrictionsInForce, type EventTiming, type FundEventType } from '@/domain/events/model';
import {
  NOTICES_ICS_SIZE,
  NOTICES_ON_PAGE,
  NOTICES_PAGE_SIZE,
  NOTICES_RSS_SIZE,
  noticeDocumentPath,
  pickNoticeDocuments,
  restrictionOf,
  type NoticeView,
  type RestrictionView,
} from '@/domain/events/notices';
import type { FundView, ShareView } from '@/domain/model';
import type { LibraryDocument } from '@/domain/documents/library';
import { markTags } from '@/server/cache/tags';
import { databaseToday } from '@/server/clock/database-time';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';
import { offeredInCountry, STORED_DOCUMENT_COLUMNS, type StoredDocument } from '../documents/queries';
import { listFunds } from '../funds/queries';

/**
 * Where investors see fund events (issue 34): an event is shown to an audience when at least one of
 * its share classes is visible to it today (the registration matrix, as listFunds builds it) and it
 * has been announced (announced_on ≤ today). Its notice PDFs follow the document rules (the page's
 * language else French; a country's own PDF to that country's visitors only). Reads only.
 *
 * Every read declares its cache tags (decision 044): a fund event or dividend publishes
 * `{ funds: [{ slug, shares }], notices: true }`, which expires the fund's and share's tags, the fund
 * lists' and the notices' tag.
 */

/** Today as the site's pages see it: the database's UTC date, as the clock turns it (decision 064), unless a test passes its own. */
const todayUtc = (): IsoDate => databaseToday();

type Visible = {
  funds: Map<number, FundView>;
  shares: Map<number, { fund: FundView; share: ShareView }>;
};

async function visibleShares(locale: Locale, audience: Audience): Promise<Visible> {
  const list = await listFunds(locale, audience);
  const funds = new Map(list.map((f) => [f.id, f]));
  const shares = new Map(list.flatMap((fund) => fund.shares.map((share) => [share.id, { fund, share }] as const)));
  return { funds, shares };
}

export type NoticeFilter = {
  fundSlug?: string | null;
  /** Only the events concerning this share class (its id). */
  shareId?: number | null;
  type?: FundEventType | null;
  limit?: number;
  offset?: number;
  /** YYYY-MM-DD; defaults to today (UTC). */
  today?: IsoDate;
};

type EventRow = typeof t.fundEvents.$inferSelect;

/** The condition "concerns one of these share classes". */
function concernsShares(db: Db, shareIds: number[]): SQL {
  return inArray(t.fundEvents.id, db.select({ id: t.fundEventShares.eventId }).from(t.fundEventShares).where(inArray(t.fundEventShares.shareId, shareIds)));
}

function visibleWhere(db: Db, visible: Visible, filter: NoticeFilter, today: IsoDate): SQL | null {
  let shareIds = [...visible.shares.keys()];
  if (filter.shareId != null) shareIds = shareIds.filter((id) => id === filter.shareId);
  let fundId: number | undefined;
  if (filter.fundSlug) {
    fundId = [...visible.funds.values()].find((f) => f.slug === filter.fundSlug)?.id;
    if (fundId === undefined) return null;
  }
  if (shareIds.length === 0) return null;
  return and(
    concernsShares(db, shareIds),
    lte(t.fundEvents.announcedOn, today),
    fundId !== undefined ? eq(t.fundEvents.fundId, fundId) : undefined,
    filter.type ? eq(t.fundEvents.type, filter.type) : undefined,
  ) as SQL;
}

const timing = (row: EventRow): EventTiming => ({ id: row.id, fundId: row.fundId, type: row.type, tool: row.tool, effectiveOn: row.effectiveOn, endsOn: row.endsOn });

/** The "tool lifted" events of these funds effective by `today`, which end an activation (restrictionsInForce). */
async function liftedOf(db: Db, fundIds: number[], today: IsoDate): Promise<EventTiming[]> {
  if (fundIds.length === 0) return [];
  const rows = await db
    .select()
    .from(t.fundEvents)
    .where(and(inArray(t.fundEvents.fundId, fundIds), eq(t.fundEvents.type, 'lmt-lifted'), lte(t.fundEvents.effectiveOn, today)));
  return rows.map(timing);
}

/** The rows as the audience sees them, in the page's language, in the given order. */
async function toViews(db: Db, locale: Locale, audience: Audience, visible: Visible, rows: EventRow[], today: IsoDate): Promise<NoticeView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, docs, lifted] = await Promise.all([
    db.select().from(t.fundEventShares).where(inArray(t.fundEventShares.eventId, ids)),
    db
      .select({ id: t.documents.id, eventId: t.documents.eventId, locale: t.documents.locale, title: t.documents.title, size: t.documents.size, countries: t.documents.countries })
      .from(t.documents)
      .where(
        and(
          inArray(t.documents.eventId, ids),
          eq(t.documents.documentTypeCode, 'FUND_NOTICE'),
          eq(t.documents.published, true),
          isNull(t.documents.supersededAt),
          inArray(t.documents.locale, [locale, 'fr']),
        ),
      )
      .orderBy(asc(t.documents.id)),
    liftedOf(
      db,
      [...new Set(rows.filter((r) => r.type === 'lmt-activated').map((r) => r.fundId))],
      today,
    ),
  ]);
  const inForce = new Set(restrictionsInForce([...rows.map(timing), ...lifted], today).map((e) => e.id));
  return rows.flatMap((row): NoticeView[] => {
    const fund = visible.funds.get(row.fundId);
    if (!fund) return [];
    const shares = links
      .filter((l) => l.eventId === row.id)
      .map((l) => visible.shares.get(l.shareId))
      .filter((s): s is { fund: FundView; share: ShareView } => s !== undefined && s.fund.id === row.fundId)
      .map(({ share }) => ({ isinCode: share.isinCode, name: share.name, url: share.url }));
    if (shares.length === 0) return [];
    const documents = pickNoticeDocuments(
      docs.filter((d) => d.eventId === row.id),
      locale,
      audience.country,
    ).map((d) => ({ id: d.id, title: d.title, locale: d.locale, size: d.size, url: noticeDocumentPath(locale, fund.slug, d.id) }));
    return [
      {
        id: row.id,
        fundSlug: fund.slug,
        fundTitle: fund.title,
        fundUrl: fund.url,
        type: row.type,
        tool: row.tool,
        title: pick(row.title, locale),
        body: richTextToPlain(pick(row.body, locale)),
        announcedOn: row.announcedOn,
        effectiveOn: row.effectiveOn,
        endsOn: row.endsOn,
        shares,
        documents,
        inForce: inForce.has(row.id),
      },
    ];
  });
}

const newestFirst = [desc(t.fundEvents.announcedOn), desc(t.fundEvents.effectiveOn), desc(t.fundEvents.id)];

/** A bounded page of the notices the audience may see, newest announced first, and how many there are. */
async function noticePage(locale: Locale, audience: Audience, filter: NoticeFilter, maxLimit: number): Promise<{ items: NoticeView[]; total: number }> {
  const db = await getDb();
  const today = filter.today ?? todayUtc();
  const visible = await visibleShares(locale, audience);
  const where = visibleWhere(db, visible, filter, today);
  if (where === null) return { items: [], total: 0 };
  const limit = Math.min(maxLimit, Math.max(0, filter.limit ?? maxLimit));
  const offset = Math.max(0, filter.offset ?? 0);
  const [rows, [total]] = await Promise.all([
    db.select().from(t.fundEvents).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
    db.select({ n: count() }).from(t.fundEvents).where(where),
  ]);
  return { items: await toViews(db, locale, audience, visible, rows, today), total: total?.n ?? 0 };
}

/** One page of the site-wide notices list (/fr/avis-aux-porteurs), filtered by fund and type. */
export async function listNotices(locale: Locale, audience: Audience, filter: NoticeFilter = {}): Promise<{ items: NoticeView[]; total: number }> {
  const [page] = await Promise.all([noticePage(locale, audience, filter, NOTICES_PAGE_SIZE), markTags([NOTICES_TAG, FUNDS_TAG])]);
  return page;
}

/** A fund page's notices (the newest NOTICES_ON_PAGE); the page carries the fund's tag. */
export async function fundNotices(locale: Locale, audience: Audience, fundSlug: string, today?: IsoDate): Promise<{ items: NoticeView[]; total: number }> {
  const [page] = await Promise.all([noticePage(locale, audience, { fundSlug, limit: NOTICES_ON_PAGE, today }, NOTICES_ON_PAGE), markTags([fundTag(fundSlug)])]);
  return page;
}

/** A share page's notices: only the events concerning that share class. */
export async function shareNotices(
  locale: Locale,
  audience: Audience,
  fundSlug: string,
  share: { id: number; slug: string },
  today?: IsoDate,
): Promise<{ items: NoticeView[]; total: number }> {
  const [page] = await Promise.all([
    noticePage(locale, audience, { fundSlug, shareId: share.id, limit: NOTICES_ON_PAGE, today }, NOTICES_ON_PAGE),
    markTags([shareTag(fundSlug, share.slug)]),
  ]);
  return page;
}

/** The RSS feeds' items: the newest NOTICES_RSS_SIZE announced, site-wide or of one fund. */
export async function feedNotices(locale: Locale, audience: Audience, fundSlug: string | null, today?: IsoDate): Promise<NoticeView[]> {
  return (await noticePage(locale, audience, { fundSlug, limit: NOTICES_RSS_SIZE, today }, NOTICES_RSS_SIZE)).items;
}

/**
 * The suspensions and tools in force today that the audience may see, per fund slug (only funds with
 * one): the banners, the range's and the library's flags, GraphQL's `restrictions`. With `shareId`,
 * only those concerning that class.
 */
async function restrictions(locale: Locale, audience: Audience, filter: { fundSlug?: string; shareId?: number; today?: IsoDate }): Promise<Map<string, RestrictionView[]>> {
  const db = await getDb();
  const today = filter.today ?? todayUtc();
  const visible = await visibleShares(locale, audience);
  const where = visibleWhere(db, visible, { fundSlug: filter.fundSlug, shareId: filter.shareId }, today);
  const out = new Map<string, RestrictionView[]>();
  if (where === null) return out;
  const rows = await db
    .select()
    .from(t.fundEvents)
    .where(
      and(
        where,
        inArray(t.fundEvents.type, ['suspension', 'lmt-activated']),
        lte(t.fundEvents.effectiveOn, today),
        or(isNull(t.fundEvents.endsOn), gt(t.fundEvents.endsOn, today)),
      ),
    )
    .orderBy(desc(t.fundEvents.effectiveOn), desc(t.fundEvents.id))
    // A fund has a handful of tools: the bound only guards against bad data.
    .limit(200);
  for (const view of await toViews(db, locale, audience, visible, rows, today)) {
    const restriction = restrictionOf(view);
    if (restriction) out.set(view.fundSlug, [...(out.get(view.fundSlug) ?? []), restriction]);
  }
  return out;
}

/** The restrictions in force on a fund (its page's banner). */
export async function fundRestrictions(locale: Locale, audience: Audience, fundSlug: string, today?: IsoDate): Promise<RestrictionView[]> {
  const [found] = await Promise.all([restrictions(locale, audience, { fundSlug, today }), markTags([fundTag(fundSlug)])]);
  return found.get(fundSlug) ?? [];
}

/** The restrictions in force concerning one share class (its page's banner). */
export async function shareRestrictions(locale: Locale, audience: Audience, fundSlug: string, share: { id: number; slug: string }, today?: IsoDate): Promise<RestrictionView[]> {
  const [found] = await Promise.all([restrictions(locale, audience, { fundSlug, shareId: share.id, today }), markTags([shareTag(fundSlug, share.slug)])]);
  return found.get(fundSlug) ?? [];
}

/** Every fund's restrictions in force (the range, the library, GraphQL), keyed by fund slug. */
export async function restrictionsByFund(locale: Locale, audience: Audience, today?: IsoDate): Promise<Map<string, RestrictionView[]>> {
  const [found] = await Promise.all([restrictions(locale, audience, { today }), markTags([FUNDS_TAG, NOTICES_TAG])]);
  return found;
}

/** One entry of the iCalendar feed: an event's effective date or a dividend's ex-date. */
export type CalendarEntry =
  | { kind: 'event'; date: IsoDate; notice: NoticeView }
  | { kind: 'dividend'; date: IsoDate; fund: { slug: string; title: string; url: string }; share: { isinCode: string; name: string; url: string }; amount: string; currency: string; recordDate: IsoDate; paymentDate: IsoDate };

/**
 * The iCalendar feed's entries: the announced events' effective dates and the dividends' ex-dates of
 * the share classes the audience may see, the latest NOTICES_ICS_SIZE by date (upcoming ones first to
 * be kept), each source read with that bound.
 */
export async function calendarEntries(locale: Locale, audience: Audience, today?: IsoDate): Promise<CalendarEntry[]> {
  const db = await getDb();
  const day = today ?? todayUtc();
  const visible = await visibleShares(locale, audience);
  const where = visibleWhere(db, visible, {}, day);
  if (where === null) return [];
  const shareIds = [...visible.shares.keys()];
  const [eventRows, dividendRows] = await Promise.all([
    db.select().from(t.fundEvents).where(where).orderBy(desc(t.fundEvents.effectiveOn), desc(t.fundEvents.id)).limit(NOTICES_ICS_SIZE),
    db
      .select()
      .from(t.dividends)
      .where(inArray(t.dividends.shareId, shareIds))
      .orderBy(desc(t.dividends.exDate), asc(t.dividends.shareId))
      .limit(NOTICES_ICS_SIZE),
  ]);
  const notices = await toViews(db, locale, audience, visible, eventRows, day);
  const entries: CalendarEntry[] = [
    ...notices.map((notice): CalendarEntry => ({ kind: 'event', date: notice.effectiveOn, notice })),
    ...dividendRows.flatMap((d): CalendarEntry[] => {
      const owner = visible.shares.get(d.shareId);
      if (!owner) return [];
      return [
        {
          kind: 'dividend',
          date: d.exDate,
          fund: { slug: owner.fund.slug, title: owner.fund.title, url: owner.fund.url },
          share: { isinCode: owner.share.isinCode, name: owner.share.name, url: owner.share.url },
          amount: d.amount,
          currency: d.currencyCode,
          recordDate: d.recordDate,
          paymentDate: d.paymentDate,
        },
      ];
    }),
  ];
  return entries.sort((a, b) => b.date.localeCompare(a.date)).slice(0, NOTICES_ICS_SIZE);
}

/**
 * A notice PDF served at /e/{locale}/docs/funds/{fundSlug}/notices/{id}: a published, current
 * FUND_NOTICE of an event of that fund the audience may see (announced, a visible class), offered
 * in its country, in any language (a page links the French one when its language has none). Null
 * otherwise (a 404).
 */
export async function findNoticeDocument(locale: Locale, audience: Audience, fundSlug: string, documentId: number, today?: IsoDate): Promise<StoredDocument | null> {
  const db = await getDb();
  const day = today ?? todayUtc();
  const visible = await visibleShares(locale, audience);
  const where = visibleWhere(db, visible, { fundSlug }, day);
  if (where === null) return null;
  const [row] = await db
    .select(STORED_DOCUMENT_COLUMNS)
    .from(t.documents)
    .innerJoin(t.fundEvents, eq(t.fundEvents.id, t.documents.eventId))
    .where(
      and(
        eq(t.documents.id, documentId),
        eq(t.documents.documentTypeCode, 'FUND_NOTICE'),
        eq(t.documents.published, true),
        isNull(t.documents.supersededAt),
        offeredInCountry(audience.country),
        where,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The most notice PDFs the document library lists (the newest announced first); older ones stay on the notices list. */
export const LIBRARY_NOTICES_MAX = 500;

/**
 * The notice PDFs the document library lists for the audience (type FUND_NOTICE, with their fund):
 * of the events it may see, each PDF in its own language (the library lists every served language),
 * offered in its country, at its notice address. Bounded to the newest LIBRARY_NOTICES_MAX.
 */
export async function libraryNoticeDocuments(audience: Audience, locales: readonly Locale[], today?: IsoDate): Promise<LibraryDocument[]> {
  const db = await getDb();
  const day = today ?? todayUtc();
  const visible = await visibleShares(locales[0] ?? 'fr', audience);
  const where = visibleWhere(db, visible, {}, day);
  if (where === null) return [];
  const rows = await db
    .select({
      id: t.documents.id,
      eventId: t.fundEvents.id,
      fundId: t.fundEvents.fundId,
      locale: t.documents.locale,
      countries: t.documents.countries,
      publishedAt: t.documents.publishedAt,
      size: t.documents.size,
      tagged: t.documents.tagged,
    })
    .from(t.documents)
    .innerJoin(t.fundEvents, eq(t.fundEvents.id, t.documents.eventId))
    .where(
      and(
        where,
        eq(t.documents.documentTypeCode, 'FUND_NOTICE'),
        eq(t.documents.published, true),
        isNull(t.documents.supersededAt),
        offeredInCountry(audience.country),
        inArray(t.documents.locale, [...locales]),
      ),
    )
    .orderBy(desc(t.fundEvents.announcedOn), desc(t.documents.id))
    .limit(LIBRARY_NOTICES_MAX);
  // Per event and language, a country's own version replaces the general one (pickNoticeDocuments).
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.eventId}|${row.locale}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const kept = new Set([...groups.values()].flatMap((group) => pickNoticeDocuments(group, group[0]?.locale as Locale, audience.country).map((d) => d.id)));
  return rows.flatMap((row): LibraryDocument[] => {
    const fund = visible.funds.get(row.fundId);
    if (!fund || !kept.has(row.id)) return [];
    const locale = row.locale as Locale;
    return [
      {
        fundSlug: fund.slug,
        isinCode: null,
        code: 'FUND_NOTICE',
        locale,
        publishedAt: row.publishedAt,
        size: row.size,
        url: noticeDocumentPath(locale, fund.slug, row.id),
        supersededAt: null,
        tagged: row.tagged,
      },
    ];
  });
}
