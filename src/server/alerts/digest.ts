import 'server-only';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { env, type Locale } from '@/env';
import { composeDigest, type DigestContent } from '@/domain/alerts/digest';
import { ALERT_DOCUMENT_TYPES, DIGEST_BATCH, DIGEST_MAX_ITEMS, firstDigestOfMonth, subscriptionCursor, summaryMonth, utcDayStart, alertMailHeaders } from '@/domain/alerts/rules';
import { pick, type LocalizedText } from '@/domain/language/localize';
import { fundDocumentPath, shareDocumentPath } from '@/domain/routing/urls';
import { noticeDocumentPath, pickNoticeDocuments } from '@/domain/events/notices';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Tx } from '@/server/db/types';
import { registeredToday } from '@/server/funds/catalog';
import { sealLinkWithSecret } from '@/server/forms/sealed-link';
import { authSecret } from '@/server/auth/secret';
import { loadOfferedLocales } from '@/server/site/languages-queries';
import { alertLink, alertsTranslator, manageTokenWithSecret } from './subscriptions';

/**
 * The daily digests of the fund alerts (docs/operations.md "Fund alerts"). Subscribers are taken in
 * batches by keyset (id order), each batch in one transaction whose rows are locked FOR UPDATE SKIP
 * LOCKED: two processes running at once share the work and never build one subscriber's digest twice;
 * the mails and the cursor (`last_digest_at`) are written together, so a crash leaves neither.
 *
 * What does not depend on the subscriber is read once per run, not once per batch (RunMemo): the funds,
 * the document types, what was published since the oldest cursor met so far, the NAV summary's prices,
 * and, per audience (country, profile), the share classes registered for it today, read again when a
 * minute old: only the share classes registered for a subscriber's country and profile when the mail is
 * built count, whatever they were when they subscribed. A batch then costs four statements (take the
 * batch, its subscriptions, its mails, its cursors) and the composition of its mails.
 *
 * A run shares its thread with the pages when the database is the embedded one (PGlite executes each
 * statement on the event loop): between two statements, and every few mails composed, the run yields,
 * so an answer waits for at most one short step (src/server/alerts/digest-runner.ts runs it in a
 * process of its own on PostgreSQL). Memory is bounded by the batch and the run's item limits, never by
 * the number of subscribers.
 */

/** The most rows of each kind a run reads (a runaway day cannot blow the memory); also the most funds. */
const RUN_ITEM_LIMIT = 20_000;
/** Audiences whose visible shares a run keeps; past it the memo starts again (bounded memory). */
const AUDIENCE_MEMO_LIMIT = 256;
/** An audience's visible shares are read again after this long: the registration matrix as of the mail. */
const AUDIENCE_FRESH_MS = 60_000;
/** Mails composed between two yields, and mails per INSERT (each statement a short step). */
const COMPOSE_SLICE = 10;
const INSERT_SLICE = 25;
/** Subscriber ids a batch looks at (on the primary key) to find its due subscribers. */
const BATCH_WINDOW = 500;

export type DigestRun = { subscribers: number; mails: number; batches: number };

type BatchSubscriber = { id: string; email: string; locale: string; country: string; profile: string; createdAt: Date; lastDigestAt: Date | null };
type VisibleShare = { id: number; fundId: number; name: string; isin: string; currency: string };
type FundRow = { id: number; slug: string; title: LocalizedText; position: number };
type EventRow = { id: number; fundId: number; title: LocalizedText; effectiveOn: string; publishedAt: Date; shareIds: number[] };
type NoticeRow = { id: number; eventId: number | null; locale: string; title: string; countries: string[] };
type DocumentRow = { id: number; fundId: number | null; shareId: number | null; type: string; locale: string; title: string; countries: string[]; createdAt: Date };
type DividendRow = { shareId: number; exDate: string; paymentDate: string; amount: string; currency: string; createdAt: Date };

/** What was published in (since, now]: loaded once per run, again only when a batch needs an earlier start. */
type Publications = {
  since: Date;
  eventsByFund: Map<number, EventRow[]>;
  noticesByEvent: Map<number, NoticeRow[]>;
  fundDocuments: Map<number, DocumentRow[]>;
  shareDocuments: Map<number, DocumentRow[]>;
  dividendsByShare: Map<number, DividendRow[]>;
};

type RunMemo = {
  now: Date;
  /** The languages the house offers, read once per run: a subscriber's language no longer offered gets the default one. */
  offered?: Locale[];
  secret: string;
  funds: Map<number, FundRow>;
  typeTitles: Map<string, LocalizedText>;
  publications: Publications | null;
  audiences: Map<string, { at: number; shares: VisibleShare[] }>;
  navs: { end: Map<number, { date: string; nav: number }>; previous: Map<number, { date: string; nav: number }> } | null;
};

/** Lets the event loop answer what waits (a page on the embedded database) before the next step. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function localeOf(value: string, offered: readonly Locale[]): Locale {
  return (offered as readonly string[]).includes(value) ? (value as Locale) : (offered[0] as Locale);
}

function groupBy<K, V>(rows: readonly V[], key: (row: V) => K | null): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * The next batch: the due subscribers among the next BATCH_WINDOW ids after `after`, locked. The ids
 * are walked on the primary key first, so a batch costs the same at the first id as at the last,
 * whatever the planner's statistics say (PGlite has no autovacuum to keep them: a bulk of new
 * subscribers once made it scan every due row for each batch). `next` is where the walk goes on, null
 * at the end of the table.
 */
async function batchOf(tx: Tx, after: string | null, dayStart: Date, size: number): Promise<{ subscribers: BatchSubscriber[]; next: string | null }> {
  const window = await tx
    .select({ id: t.alertSubscribers.id })
    .from(t.alertSubscribers)
    .where(after ? gt(t.alertSubscribers.id, after) : undefined)
    .orderBy(asc(t.alertSubscribers.id))
    .limit(Math.max(size, BATCH_WINDOW));
  const windowEnd = window.at(-1)?.id ?? null;
  if (windowEnd === null) return { subscribers: [], next: null };
  await yieldToLoop();
  const rows = await tx
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
        inArray(
          t.alertSubscribers.id,
          window.map((w) => w.id),
        ),
        isNull(t.alertSubscribers.unsubscribedAt),
        // Given by the confirmation click; a subscriber without them never confirmed anything.
        isNotNull(t.alertSubscribers.locale),
        isNotNull(t.alertSubscribers.countryCode),
        isNotNull(t.alertSubscribers.investorProfile),
        or(isNull(t.alertSubscribers.lastDigestAt), sql`${t.alertSubscribers.lastDigestAt} < ${dayStart}`),
        sql`exists (select 1 from ${t.alertSubscriptions} where ${t.alertSubscriptions.subscriberId} = ${t.alertSubscribers.id} and ${t.alertSubscriptions.confirmedAt} is not null)`,
      ),
    )
    .orderBy(asc(t.alertSubscribers.id))
    .limit(size)
    .for('update', { of: t.alertSubscribers, skipLocked: true });
  const subscribers = rows.flatMap(({ locale, country, profile, ...s }) => (locale && country && profile ? [{ ...s, locale, country, profile }] : []));
  // A full batch may have left due subscribers in the window: the walk goes on after its last one.
  return { subscribers, next: rows.length === size ? (rows.at(-1)?.id ?? windowEnd) : windowEnd };
}

/** The share classes visible today to one audience (country, profile), across the funds: the registration matrix. */
async function audienceShares(tx: Tx, memo: RunMemo, country: string, profile: string): Promise<VisibleShare[]> {
  const key = `${country}|${profile}`;
  const known = memo.audiences.get(key);
  if (known && Date.now() - known.at < AUDIENCE_FRESH_MS) return known.shares;
  const shares = await tx
    .select({ id: t.shares.id, fundId: t.shares.fundId, name: t.shares.name, isin: t.shares.isinCode, currency: t.shares.currencyCode })
    .from(t.shares)
    .innerJoin(t.funds, eq(t.funds.id, t.shares.fundId))
    .innerJoin(t.shareRegistrations, eq(t.shareRegistrations.shareId, t.shares.id))
    .where(
      and(
        eq(t.shares.active, true),
        eq(t.funds.active, true),
        eq(t.shareRegistrations.countryCode, country),
        eq(t.shareRegistrations.investorProfile, profile),
        sql`${profile}::text = any(${t.shares.visibleTo})`,
        sql`${profile}::text = any(${t.funds.visibleTo})`,
        registeredToday(),
      ),
    )
    .orderBy(asc(t.shares.fundId), asc(t.shares.position))
    .limit(RUN_ITEM_LIMIT);
  if (memo.audiences.size >= AUDIENCE_MEMO_LIMIT && !known) memo.audiences.clear();
  memo.audiences.set(key, { at: Date.now(), shares });
  return shares;
}

/** Everything published in (since, now] that a digest may list, grouped for the subscribers' look-ups. */
async function publicationsSince(tx: Tx, since: Date, now: Date): Promise<Publications> {
  const published = sql`greatest(${t.fundEvents.createdAt}, ${t.fundEvents.announcedOn}::timestamptz)`;
  const events: EventRow[] = await tx
    .select({
      id: t.fundEvents.id,
      fundId: t.fundEvents.fundId,
      title: t.fundEvents.title,
      effectiveOn: t.fundEvents.effectiveOn,
      publishedAt: sql<Date>`${published}`.mapWith((v: string | Date) => new Date(v)),
      shareIds: sql<number[]>`array(select ${t.fundEventShares.shareId} from ${t.fundEventShares} where ${t.fundEventShares.eventId} = ${t.fundEvents.id})`,
    })
    .from(t.fundEvents)
    .where(and(sql`${published} > ${since}`, sql`${published} <= ${now}`, sql`${t.fundEvents.announcedOn} <= ${now.toISOString().slice(0, 10)}::date`))
    .orderBy(asc(t.fundEvents.effectiveOn), asc(t.fundEvents.id))
    .limit(RUN_ITEM_LIMIT);
  await yieldToLoop();
  const notices: NoticeRow[] =
    events.length > 0
      ? await tx
          .select({ id: t.documents.id, eventId: t.documents.eventId, locale: t.documents.locale, title: t.documents.title, countries: t.documents.countries })
          .from(t.documents)
          .where(and(inArray(t.documents.eventId, events.map((e) => e.id)), eq(t.documents.documentTypeCode, 'FUND_NOTICE'), eq(t.documents.published, true), isNull(t.documents.supersededAt)))
          .limit(RUN_ITEM_LIMIT)
      : [];
  await yieldToLoop();
  const documents: DocumentRow[] = await tx
    .select({
      id: t.documents.id,
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
        inArray(t.documents.documentTypeCode, [...ALERT_DOCUMENT_TYPES]),
        eq(t.documents.published, true),
        isNull(t.documents.supersededAt),
        gt(t.documents.createdAt, since),
        lte(t.documents.createdAt, now),
      ),
    )
    .orderBy(asc(t.documents.createdAt), asc(t.documents.id))
    .limit(RUN_ITEM_LIMIT);
  await yieldToLoop();
  const dividends: DividendRow[] = (
    await tx
      .select({ shareId: t.dividends.shareId, exDate: t.dividends.exDate, paymentDate: t.dividends.paymentDate, amount: t.dividends.amount, currency: t.dividends.currencyCode, createdAt: t.dividends.createdAt })
      .from(t.dividends)
      .where(and(gt(t.dividends.createdAt, since), lte(t.dividends.createdAt, now)))
      .orderBy(asc(t.dividends.exDate))
      .limit(RUN_ITEM_LIMIT)
  ).map((d) => ({ ...d, amount: String(d.amount) }));
  return {
    since,
    eventsByFund: groupBy(events, (e) => e.fundId),
    noticesByEvent: groupBy(notices, (n) => n.eventId),
    fundDocuments: groupBy(documents, (d) => (d.shareId === null ? d.fundId : null)),
    shareDocuments: groupBy(documents, (d) => d.shareId),
    dividendsByShare: groupBy(dividends, (d) => d.shareId),
  };
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

/** The NAV summary's prices (the previous month's last, and the one before), for every active share: once per run. */
async function navsOf(tx: Tx, memo: RunMemo): Promise<NonNullable<RunMemo['navs']>> {
  if (memo.navs) return memo.navs;
  const month = summaryMonth(memo.now);
  const monthBefore = new Date(`${month.previousEnd}T00:00:00Z`);
  monthBefore.setUTCDate(monthBefore.getUTCDate() - 40);
  const shareIds = (await tx.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.active, true)).limit(RUN_ITEM_LIMIT)).map((s) => s.id);
  await yieldToLoop();
  const end = await lastNavs(tx, shareIds, month.previousEnd, month.end);
  await yieldToLoop();
  const previous = await lastNavs(tx, shareIds, monthBefore.toISOString().slice(0, 10), month.previousEnd);
  memo.navs = { end, previous };
  return memo.navs;
}

/** One batch: digests built, mailed (through the outbox) and cursors moved, in the caller's transaction. */
async function runBatch(tx: Tx, memo: RunMemo, subscribers: BatchSubscriber[]): Promise<number> {
  const now = memo.now;
  const ids = subscribers.map((s) => s.id);
  const subscriptions = await tx
    .select({ subscriberId: t.alertSubscriptions.subscriberId, fundId: t.alertSubscriptions.fundId, navSummary: t.alertSubscriptions.navSummary, confirmedAt: t.alertSubscriptions.confirmedAt })
    .from(t.alertSubscriptions)
    .where(and(inArray(t.alertSubscriptions.subscriberId, ids), isNotNull(t.alertSubscriptions.confirmedAt), lte(t.alertSubscriptions.confirmedAt, now)));
  await yieldToLoop();
  const bySubscriber = groupBy(subscriptions, (s) => s.subscriberId);
  const cursorOf = (s: BatchSubscriber, confirmedAt: Date) => subscriptionCursor(s.lastDigestAt, confirmedAt);

  // What was published since the oldest cursor of the batch: the run's read, unless it started later.
  let oldest = now.getTime();
  for (const s of subscribers) for (const m of bySubscriber.get(s.id) ?? []) oldest = Math.min(oldest, cursorOf(s, m.confirmedAt as Date).getTime());
  if (!memo.publications || memo.publications.since.getTime() > oldest) memo.publications = await publicationsSince(tx, new Date(oldest), now);
  const pubs = memo.publications;

  const month = summaryMonth(now);
  const wantsNav = (s: BatchSubscriber) => firstDigestOfMonth(s.lastDigestAt, now);
  const navs = subscribers.some((s) => wantsNav(s) && (bySubscriber.get(s.id) ?? []).some((m) => m.navSummary)) ? await navsOf(tx, memo) : null;

  const languages = (memo.offered ??= await loadOfferedLocales(tx));
  const mails: (typeof t.mailOutbox.$inferInsert)[] = [];
  for (const [index, subscriber] of subscribers.entries()) {
    if (index % COMPOSE_SLICE === 0) await yieldToLoop();
    const locale = localeOf(subscriber.locale, languages);
    const mine = bySubscriber.get(subscriber.id) ?? [];
    const cursor = new Map(mine.map((s) => [s.fundId, cursorOf(subscriber, s.confirmedAt as Date)]));
    const visible = (await audienceShares(tx, memo, subscriber.country, subscriber.profile)).filter((s) => cursor.has(s.fundId));
    const visibleShares = new Map(visible.map((s) => [s.id, s]));
    const visibleFunds = [...new Set(visible.map((s) => s.fundId))];
    const offered = (countriesOf: string[]) => countriesOf.length === 0 || countriesOf.includes(subscriber.country);
    const newer = (fundId: number, at: Date) => at.getTime() > (cursor.get(fundId)?.getTime() ?? Number.POSITIVE_INFINITY);
    const slugOf = (id: number) => memo.funds.get(id)?.slug ?? '';
    const fundDocuments = visibleFunds.flatMap((fundId) => (pubs.fundDocuments.get(fundId) ?? []).map((d) => ({ d, fundId, share: null as VisibleShare | null })));
    const shareDocuments = visible.flatMap((share) => (pubs.shareDocuments.get(share.id) ?? []).map((d) => ({ d, fundId: share.fundId, share })));
    const content: DigestContent = {
      funds: visibleFunds
        .map((id) => memo.funds.get(id))
        .filter((f) => !!f)
        .sort((a, b) => a.position - b.position)
        .map((f) => ({ id: f.id, title: pick(f.title, locale) })),
      events: visibleFunds
        .flatMap((fundId) => pubs.eventsByFund.get(fundId) ?? [])
        .filter((e) => newer(e.fundId, e.publishedAt) && e.shareIds.some((id) => visibleShares.has(id)))
        .sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn) || a.id - b.id)
        .slice(0, DIGEST_MAX_ITEMS)
        .map((e) => ({
          fundId: e.fundId,
          title: pick(e.title, locale),
          effectiveOn: e.effectiveOn,
          // The PDF the pages offer this subscriber (src/domain/events/notices.ts), at the notices' own address.
          notices: pickNoticeDocuments(pubs.noticesByEvent.get(e.id) ?? [], locale, subscriber.country).map((n) => ({ title: n.title, url: noticeDocumentPath(locale, slugOf(e.fundId), n.id) })),
        })),
      documents: [...fundDocuments, ...shareDocuments]
        .filter(({ d, fundId }) => d.locale === locale && offered(d.countries) && newer(fundId, d.createdAt))
        .sort((a, b) => a.d.createdAt.getTime() - b.d.createdAt.getTime() || a.d.id - b.d.id)
        .slice(0, DIGEST_MAX_ITEMS)
        .map(({ d, fundId, share }) => ({
          fundId,
          shareName: share?.name ?? null,
          typeTitle: pick(memo.typeTitles.get(d.type) ?? { fr: d.type }, locale),
          title: d.title,
          url: share ? shareDocumentPath(locale, slugOf(fundId), share.isin, d.type) : fundDocumentPath(locale, slugOf(fundId), d.type),
        })),
      dividends: visible
        .flatMap((share) => (pubs.dividendsByShare.get(share.id) ?? []).filter((d) => newer(share.fundId, d.createdAt)).map((d) => ({ d, share })))
        .sort((a, b) => a.d.exDate.localeCompare(b.d.exDate))
        .slice(0, DIGEST_MAX_ITEMS)
        .map(({ d, share }) => ({ fundId: share.fundId, shareName: share.name, isin: share.isin, exDate: d.exDate, paymentDate: d.paymentDate, amount: d.amount, currency: d.currency })),
      navSummary:
        navs && wantsNav(subscriber)
          ? {
              month: month.month,
              shares: visible
                .filter((s) => mine.some((m) => m.fundId === s.fundId && m.navSummary) && navs.end.has(s.id))
                .map((s) => {
                  const last = navs.end.get(s.id) as { date: string; nav: number };
                  const before = navs.previous.get(s.id);
                  return { fundId: s.fundId, shareName: s.name, isin: s.isin, date: last.date, nav: last.nav, currency: s.currency, change: before && before.nav !== 0 ? last.nav / before.nav - 1 : null };
                }),
            }
          : null,
    };
    const mail = composeDigest(locale, content, alertsTranslator(locale), env().PUBLIC_BASE_URL);
    if (!mail) continue;
    const link = alertLink(manageTokenWithSecret(memo.secret, subscriber));
    mails.push({ kind: 'fund-alerts', to: subscriber.email, ...mail, linkSealed: sealLinkWithSecret(memo.secret, link, subscriber.email), headers: alertMailHeaders() });
  }
  for (let from = 0; from < mails.length; from += INSERT_SLICE) {
    await yieldToLoop();
    await tx.insert(t.mailOutbox).values(mails.slice(from, from + INSERT_SLICE));
  }
  await yieldToLoop();
  // The cursor moves for everyone of the batch, mailed or not: nothing to say today is said.
  await tx.update(t.alertSubscribers).set({ lastDigestAt: now }).where(inArray(t.alertSubscribers.id, ids));
  return mails.length;
}

/**
 * Builds every digest due at `now` (at most one per subscriber per UTC day), `batch` subscribers per
 * transaction. Safe to run in several processes at once (rows locked SKIP LOCKED, cursor and mails in
 * one transaction). The mails go through the outbox; the caller asks for a drain. `pause` (the
 * embedded database's runs, in the serving process) waits twice as long as each batch took before the
 * next, at most 2 s: a run then takes at most a third of the thread it shares with the pages.
 */
export async function buildDigests(db: Db, options: { now?: Date; batch?: number; pause?: boolean } = {}): Promise<DigestRun> {
  // One run at a time in a process (its worker, the CLI, the test route): two runs side by side leave
  // the pages no time between their batches (the bench saw no page answered while two overlapped).
  const holder = globalThis as { __fundhouseDigestRun?: Promise<unknown> };
  const previous = holder.__fundhouseDigestRun ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => buildDigestsNow(db, options));
  holder.__fundhouseDigestRun = run;
  return run;
}

async function buildDigestsNow(db: Db, options: { now?: Date; batch?: number; pause?: boolean }): Promise<DigestRun> {
  const now = options.now ?? new Date();
  const size = options.batch ?? DIGEST_BATCH;
  const dayStart = utcDayStart(now);
  const run: DigestRun = { subscribers: 0, mails: 0, batches: 0 };
  const [funds, types, secret] = await Promise.all([
    db.select({ id: t.funds.id, slug: t.funds.slug, title: t.funds.title, position: t.funds.position }).from(t.funds).limit(RUN_ITEM_LIMIT),
    db.select({ code: t.documentTypes.code, title: t.documentTypes.title }).from(t.documentTypes),
    // Read once per run: every mail's link is derived and sealed with it.
    authSecret(db),
  ]);
  const memo: RunMemo = {
    now,
    secret,
    funds: new Map(funds.map((f) => [f.id, f])),
    typeTitles: new Map(types.map((d) => [d.code, d.title])),
    publications: null,
    audiences: new Map(),
    navs: null,
  };
  let after: string | null = null;
  for (;;) {
    await yieldToLoop();
    const started = performance.now();
    const next: string | null = await db.transaction(async (tx) => {
      const batch = await batchOf(tx, after, dayStart, size);
      if (batch.subscribers.length > 0) {
        await yieldToLoop();
        run.mails += await runBatch(tx, memo, batch.subscribers);
        run.subscribers += batch.subscribers.length;
        run.batches += 1;
      }
      return batch.next;
    });
    if (next === null) return run;
    after = next;
    if (options.pause) await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 2 * (performance.now() - started))));
  }
}
