import 'server-only';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { env, type Locale } from '@/env';
import { composeDigest, type DigestContent } from '@/domain/alerts/digest';
import { ALERT_DOCUMENT_TYPES, DIGEST_BATCH, DIGEST_MAX_ITEMS, firstDigestOfMonth, subscriptionCursor, summaryMonth, utcDayStart, alertMailHeaders } from '@/domain/alerts/rules';
import { pick } from '@/domain/language/localize';
import { fundDocumentPath, shareDocumentPath } from '@/domain/routing/urls';
import { noticeDocumentPath, pickNoticeDocuments } from '@/domain/events/notices';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Tx } from '@/server/db/types';
import { registeredToday } from '@/server/funds/catalog';
import { sealLinkWithSecret } from '@/server/forms/sealed-link';
import { authSecret } from '@/server/auth/secret';
import { alertLink, alertsTranslator, manageTokenWithSecret } from './subscriptions';

/**
 * The daily digests of the fund alerts (docs/operations.md "Fund alerts"). Subscribers are taken in
 * batches by keyset (id order), each batch in one transaction whose rows are locked FOR UPDATE SKIP
 * LOCKED: two processes running at once share the work and never build one subscriber's digest twice;
 * the mails and the cursor (`last_digest_at`) are written together, so a crash leaves neither. Per
 * batch, a handful of queries read what was published since the oldest cursor of the batch for the
 * batch's funds, and the registration matrix of today for the batch's countries and profiles: only
 * the share classes registered for a subscriber's country and profile now count, whatever they were
 * when they subscribed. Memory is bounded by the batch, never by the number of subscribers.
 */

/** The most rows of each kind one batch reads: a runaway day cannot blow the memory. */
const BATCH_ITEM_LIMIT = 5_000;

export type DigestRun = { subscribers: number; mails: number; batches: number };

type BatchSubscriber = { id: string; email: string; locale: string; country: string; profile: string; createdAt: Date; lastDigestAt: Date | null };
type VisibleShare = { id: number; fundId: number; name: string; isin: string; currency: string; country: string; profile: string };

function localeOf(value: string): Locale {
  return (env().locales as readonly string[]).includes(value) ? (value as Locale) : (env().locales[0] as Locale);
}

async function batchOf(tx: Tx, after: string | null, dayStart: Date, size: number): Promise<BatchSubscriber[]> {
  return tx
    .select({
      id: t.alertSubscribers.id,
      email: t.alertSubscribers.email,
      locale: t.alertSubscribers.locale,
      country: t.alertSubscribers.countryCode,
      profile: t.alertSubscribers.investorProfile,
      createdAt: t.alertSubscribers.createdAt,
      lastDigestAt: t.alertSubscribers.lastDigestAt,
    })
    .from(t.alertSubscribers)
    .where(
      and(
        after ? gt(t.alertSubscribers.id, after) : undefined,
        isNull(t.alertSubscribers.unsubscribedAt),
        or(isNull(t.alertSubscribers.lastDigestAt), sql`${t.alertSubscribers.lastDigestAt} < ${dayStart}`),
        sql`exists (select 1 from ${t.alertSubscriptions} where ${t.alertSubscriptions.subscriberId} = ${t.alertSubscribers.id} and ${t.alertSubscriptions.confirmedAt} is not null)`,
      ),
    )
    .orderBy(asc(t.alertSubscribers.id))
    .limit(size)
    .for('update', { of: t.alertSubscribers, skipLocked: true });
}

/** The share classes of `fundIds` visible today to any of the batch's audiences (filtered per subscriber after). */
async function visibleShares(tx: Tx, fundIds: number[], countries: string[], profiles: string[]): Promise<VisibleShare[]> {
  return tx
    .select({
      id: t.shares.id,
      fundId: t.shares.fundId,
      name: t.shares.name,
      isin: t.shares.isinCode,
      currency: t.shares.currencyCode,
      country: t.shareRegistrations.countryCode,
      profile: t.shareRegistrations.investorProfile,
    })
    .from(t.shares)
    .innerJoin(t.funds, eq(t.funds.id, t.shares.fundId))
    .innerJoin(t.shareRegistrations, eq(t.shareRegistrations.shareId, t.shares.id))
    .where(
      and(
        inArray(t.shares.fundId, fundIds),
        eq(t.shares.active, true),
        eq(t.funds.active, true),
        inArray(t.shareRegistrations.countryCode, countries),
        inArray(t.shareRegistrations.investorProfile, profiles),
        sql`${t.shareRegistrations.investorProfile} = any(${t.shares.visibleTo})`,
        sql`${t.shareRegistrations.investorProfile} = any(${t.funds.visibleTo})`,
        registeredToday(),
      ),
    )
    .orderBy(asc(t.shares.fundId), asc(t.shares.position))
    .limit(BATCH_ITEM_LIMIT);
}

/** The last NAV of each share on or before `end` and after `after` (one row per share, the (share_id, date) key walked backwards). */
async function lastNavs(tx: Tx, shareIds: number[], after: string, end: string): Promise<Map<number, { date: string; nav: number }>> {
  if (shareIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([t.navs.shareId], { shareId: t.navs.shareId, date: t.navs.date, nav: t.navs.nav })
    .from(t.navs)
    .where(and(inArray(t.navs.shareId, shareIds), gt(t.navs.date, after), lte(t.navs.date, end)))
    .orderBy(t.navs.shareId, sql`${t.navs.date} desc`);
  return new Map(rows.map((r) => [r.shareId, { date: r.date, nav: r.nav }]));
}

/** One batch: digests built, mailed (through the outbox) and cursors moved, in the caller's transaction. */
async function runBatch(tx: Tx, subscribers: BatchSubscriber[], now: Date): Promise<number> {
  const ids = subscribers.map((s) => s.id);
  const subscriptions = await tx
    .select({ subscriberId: t.alertSubscriptions.subscriberId, fundId: t.alertSubscriptions.fundId, navSummary: t.alertSubscriptions.navSummary, confirmedAt: t.alertSubscriptions.confirmedAt })
    .from(t.alertSubscriptions)
    .where(and(inArray(t.alertSubscriptions.subscriberId, ids), isNotNull(t.alertSubscriptions.confirmedAt), lte(t.alertSubscriptions.confirmedAt, now)));
  const fundIds = [...new Set(subscriptions.map((s) => s.fundId))];
  const cursorOf = (s: BatchSubscriber, confirmedAt: Date) => subscriptionCursor(s.lastDigestAt, confirmedAt);
  const byId = new Map(subscribers.map((s) => [s.id, s]));
  const since = subscriptions.length === 0 ? now : new Date(Math.min(...subscriptions.map((s) => cursorOf(byId.get(s.subscriberId) as BatchSubscriber, s.confirmedAt as Date).getTime())));
  const countries = [...new Set(subscribers.map((s) => s.country))];
  const profiles = [...new Set(subscribers.map((s) => s.profile))];
  const locales = [...new Set(subscribers.map((s) => localeOf(s.locale)))];

  const [fundRows, shares, types] = await Promise.all([
    fundIds.length > 0 ? tx.select({ id: t.funds.id, slug: t.funds.slug, title: t.funds.title, position: t.funds.position }).from(t.funds).where(inArray(t.funds.id, fundIds)) : [],
    fundIds.length > 0 ? visibleShares(tx, fundIds, countries, profiles) : [],
    tx.select({ code: t.documentTypes.code, title: t.documentTypes.title }).from(t.documentTypes),
  ]);
  const funds = new Map(fundRows.map((f) => [f.id, f]));
  const shareIds = [...new Set(shares.map((s) => s.id))];
  const typeTitles = new Map(types.map((d) => [d.code, d.title]));

  // What was published since the batch's oldest cursor, for its funds (filtered per subscriber below).
  const published = sql`greatest(${t.fundEvents.createdAt}, ${t.fundEvents.announcedOn}::timestamptz)`;
  const events =
    fundIds.length > 0
      ? await tx
          .select({
            id: t.fundEvents.id,
            fundId: t.fundEvents.fundId,
            title: t.fundEvents.title,
            effectiveOn: t.fundEvents.effectiveOn,
            publishedAt: sql<Date>`${published}`.mapWith((v: string | Date) => new Date(v)),
            shareIds: sql<number[]>`array(select ${t.fundEventShares.shareId} from ${t.fundEventShares} where ${t.fundEventShares.eventId} = ${t.fundEvents.id})`,
          })
          .from(t.fundEvents)
          .where(and(inArray(t.fundEvents.fundId, fundIds), sql`${published} > ${since}`, sql`${published} <= ${now}`, sql`${t.fundEvents.announcedOn} <= ${now.toISOString().slice(0, 10)}::date`))
          .orderBy(asc(t.fundEvents.effectiveOn), asc(t.fundEvents.id))
          .limit(BATCH_ITEM_LIMIT)
      : [];
  const notices =
    events.length > 0
      ? await tx
          .select({ id: t.documents.id, eventId: t.documents.eventId, locale: t.documents.locale, title: t.documents.title, countries: t.documents.countries })
          .from(t.documents)
          .where(and(inArray(t.documents.eventId, events.map((e) => e.id)), eq(t.documents.documentTypeCode, 'FUND_NOTICE'), eq(t.documents.published, true), isNull(t.documents.supersededAt), inArray(t.documents.locale, [...new Set([...locales, 'fr'])])))
          .limit(BATCH_ITEM_LIMIT)
      : [];
  const documents =
    fundIds.length > 0
      ? await tx
          .select({
            fundId: t.documents.fundId,
            shareId: t.documents.shareId,
            type: t.documents.documentTypeCode,
            locale: t.documents.locale,
            title: t.documents.title,
            countries: t.documents.countries,
            createdAt: t.documents.createdAt,
          })
          .from(t.documents)
          .where(
            and(
              or(and(inArray(t.documents.fundId, fundIds), isNull(t.documents.shareId)), shareIds.length > 0 ? inArray(t.documents.shareId, shareIds) : undefined),
              inArray(t.documents.documentTypeCode, [...ALERT_DOCUMENT_TYPES]),
              eq(t.documents.published, true),
              isNull(t.documents.supersededAt),
              inArray(t.documents.locale, locales),
              gt(t.documents.createdAt, since),
              lte(t.documents.createdAt, now),
            ),
          )
          .orderBy(asc(t.documents.createdAt), asc(t.documents.id))
          .limit(BATCH_ITEM_LIMIT)
      : [];
  const dividends =
    shareIds.length > 0
      ? await tx
          .select({ shareId: t.dividends.shareId, exDate: t.dividends.exDate, paymentDate: t.dividends.paymentDate, amount: t.dividends.amount, currency: t.dividends.currencyCode, createdAt: t.dividends.createdAt })
          .from(t.dividends)
          .where(and(inArray(t.dividends.shareId, shareIds), gt(t.dividends.createdAt, since), lte(t.dividends.createdAt, now)))
          .orderBy(asc(t.dividends.exDate))
          .limit(BATCH_ITEM_LIMIT)
      : [];

  // The NAV summary of the previous month, for the shares of the funds whose summary someone due for it asked.
  const month = summaryMonth(now);
  const wantsNav = (s: BatchSubscriber) => firstDigestOfMonth(s.lastDigestAt, now);
  const navFunds = new Set(subscriptions.filter((s) => s.navSummary && wantsNav(byId.get(s.subscriberId) as BatchSubscriber)).map((s) => s.fundId));
  const navShareIds = [...new Set(shares.filter((s) => navFunds.has(s.fundId)).map((s) => s.id))];
  const monthBefore = new Date(`${month.previousEnd}T00:00:00Z`);
  monthBefore.setUTCDate(monthBefore.getUTCDate() - 40);
  const [navEnd, navPrevious] = await Promise.all([lastNavs(tx, navShareIds, month.previousEnd, month.end), lastNavs(tx, navShareIds, monthBefore.toISOString().slice(0, 10), month.previousEnd)]);

  const mails: (typeof t.mailOutbox.$inferInsert)[] = [];
  // Read once per batch: every mail's link is derived and sealed with it.
  const secret = await authSecret(tx as unknown as Db);
  for (const subscriber of subscribers) {
    const locale = localeOf(subscriber.locale);
    const mine = subscriptions.filter((s) => s.subscriberId === subscriber.id);
    const cursor = new Map(mine.map((s) => [s.fundId, cursorOf(subscriber, s.confirmedAt as Date)]));
    const visible = shares.filter((s) => s.country === subscriber.country && s.profile === subscriber.profile && cursor.has(s.fundId));
    const visibleIds = new Set(visible.map((s) => s.id));
    const visibleFunds = new Set(visible.map((s) => s.fundId));
    const offered = (countriesOf: string[]) => countriesOf.length === 0 || countriesOf.includes(subscriber.country);
    const newer = (fundId: number, at: Date) => at.getTime() > (cursor.get(fundId)?.getTime() ?? Number.POSITIVE_INFINITY);
    const fundOf = (id: number) => funds.get(id);
    const content: DigestContent = {
      funds: [...visibleFunds].map((id) => fundOf(id)).filter((f) => !!f).sort((a, b) => a.position - b.position).map((f) => ({ id: f.id, title: pick(f.title, locale) })),
      events: events
        .filter((e) => visibleFunds.has(e.fundId) && newer(e.fundId, e.publishedAt) && e.shareIds.some((id) => visibleIds.has(id)))
        .slice(0, DIGEST_MAX_ITEMS)
        .map((e) => ({
          fundId: e.fundId,
          title: pick(e.title, locale),
          effectiveOn: e.effectiveOn,
          // The PDF the pages offer this subscriber (src/domain/events/notices.ts), at the notices' own address.
          notices: pickNoticeDocuments(
            notices.filter((n) => n.eventId === e.id),
            locale,
            subscriber.country,
          ).map((n) => ({ title: n.title, url: noticeDocumentPath(locale, fundOf(e.fundId)?.slug ?? '', n.id) })),
        })),
      documents: documents
        .filter((d) => d.locale === locale && offered(d.countries))
        .flatMap((d) => {
          const share = d.shareId === null ? null : visible.find((s) => s.id === d.shareId);
          const fundId = share ? share.fundId : d.fundId;
          if (fundId === null || !visibleFunds.has(fundId) || (d.shareId !== null && !share) || !newer(fundId, d.createdAt)) return [];
          const slug = fundOf(fundId)?.slug ?? '';
          const typeTitle = pick(typeTitles.get(d.type) ?? { fr: d.type }, locale);
          return [{ fundId, shareName: share?.name ?? null, typeTitle, title: d.title, url: share ? shareDocumentPath(locale, slug, share.isin, d.type) : fundDocumentPath(locale, slug, d.type) }];
        })
        .slice(0, DIGEST_MAX_ITEMS),
      dividends: dividends
        .flatMap((d) => {
          const share = visible.find((s) => s.id === d.shareId);
          return share && newer(share.fundId, d.createdAt) ? [{ fundId: share.fundId, shareName: share.name, isin: share.isin, exDate: d.exDate, paymentDate: d.paymentDate, amount: String(d.amount), currency: d.currency }] : [];
        })
        .slice(0, DIGEST_MAX_ITEMS),
      navSummary: wantsNav(subscriber)
        ? {
            month: month.month,
            shares: visible
              .filter((s) => mine.some((m) => m.fundId === s.fundId && m.navSummary) && navEnd.has(s.id))
              .map((s) => {
                const last = navEnd.get(s.id) as { date: string; nav: number };
                const before = navPrevious.get(s.id);
                return { fundId: s.fundId, shareName: s.name, isin: s.isin, date: last.date, nav: last.nav, currency: s.currency, change: before && before.nav !== 0 ? last.nav / before.nav - 1 : null };
              }),
          }
        : null,
    };
    const mail = composeDigest(locale, content, alertsTranslator(locale), env().PUBLIC_BASE_URL);
    if (!mail) continue;
    const link = alertLink(manageTokenWithSecret(secret, subscriber));
    mails.push({ kind: 'fund-alerts', to: subscriber.email, ...mail, linkSealed: sealLinkWithSecret(secret, link, subscriber.email), headers: alertMailHeaders() });
  }
  if (mails.length > 0) await tx.insert(t.mailOutbox).values(mails);
  // The cursor moves for everyone of the batch, mailed or not: nothing to say today is said.
  await tx.update(t.alertSubscribers).set({ lastDigestAt: now }).where(inArray(t.alertSubscribers.id, ids));
  return mails.length;
}

/**
 * Builds every digest due at `now` (at most one per subscriber per UTC day), `batch` subscribers per
 * transaction. Safe to run in several processes at once (rows locked SKIP LOCKED, cursor and mails in
 * one transaction). The mails go through the outbox; the caller asks for a drain.
 */
export async function buildDigests(db: Db, options: { now?: Date; batch?: number } = {}): Promise<DigestRun> {
  // One run at a time in a process (its worker, the CLI, the test route): two runs side by side leave
  // the pages no time between their batches (the bench saw no page answered while two overlapped).
  const holder = globalThis as { __fundhouseDigestRun?: Promise<unknown> };
  const previous = holder.__fundhouseDigestRun ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => buildDigestsNow(db, options));
  holder.__fundhouseDigestRun = run;
  return run;
}

async function buildDigestsNow(db: Db, options: { now?: Date; batch?: number }): Promise<DigestRun> {
  const now = options.now ?? new Date();
  const size = options.batch ?? DIGEST_BATCH;
  const dayStart = utcDayStart(now);
  const run: DigestRun = { subscribers: 0, mails: 0, batches: 0 };
  let after: string | null = null;
  for (;;) {
    const started = performance.now();
    const last: string | null = await db.transaction(async (tx) => {
      const subscribers = await batchOf(tx, after, dayStart, size);
      if (subscribers.length === 0) return null;
      run.mails += await runBatch(tx, subscribers, now);
      run.subscribers += subscribers.length;
      run.batches += 1;
      return subscribers[subscribers.length - 1]?.id ?? null;
    });
    if (last === null) return run;
    after = last;
    // Then twice as long a pause as the batch took (at most 2 s): the digests take at most a third of
    // the database and of the event loop, and page answers queued meanwhile (one connection on PGlite) go first.
    await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 2 * (performance.now() - started))));
  }
}
