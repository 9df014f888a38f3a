import 'server-only';
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
// use-intl/core: createTranslator without React, so the `npm run alerts:digest` script (react-server condition) loads it too.
import { createTranslator } from 'use-intl/core';
import { env, type Locale } from '@/env';
import { composeConfirmation, type DigestTranslate } from '@/domain/alerts/digest';
import { alertMailHeaders, isAlertToken } from '@/domain/alerts/rules';
import { pick } from '@/domain/language/localize';
import type { Audience } from '@/domain/registrations/audience';
import { recordAudit } from '@/server/audit/record';
import { authSecret } from '@/server/auth/secret';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { registeredToday } from '@/server/funds/catalog';
import { sealLink } from '@/server/forms/sealed-link';
import en from '../../../messages/forms/en.json';
import es from '../../../messages/forms/es.json';
import fr from '../../../messages/forms/fr.json';

/**
 * The fund alerts' subscriptions (issue 34, docs/operations.md "Fund alerts"):
 *
 * - a visitor asks for one fund's alerts: the address becomes a subscriber (once per address, without
 *   language, country nor profile: whoever asks may not be the address's owner) and the fund a
 *   subscription waiting for its confirmation; a mail (kind `fund-alerts`, through the outbox) carries
 *   the link that confirms it;
 * - the confirmation click sets the subscriber's language, country and profile, from the confirming
 *   browser (the manage page's language, the country and profile cookies): only the address's owner
 *   decides which registrations its digests follow (issue 44);
 * - the manage token: one per subscriber, derived (HMAC-SHA-256 under a key from the auth secret) from
 *   its id and creation time, so that every mail can carry it while the database keeps only its
 *   SHA-256 (`manage_token_hash`), never the token (docs/decisions/026): the link waits in the outbox
 *   sealed and is cleared once sent;
 * - one link per mail serves the text and `List-Unsubscribe`: `{PUBLIC_BASE_URL}/api/alerts?token=…`
 *   (`&confirm=…` in a confirmation mail). A GET opens the manage page (it only reads); a POST of
 *   `List-Unsubscribe=One-Click` unsubscribes from everything (RFC 8058).
 */

export const VISITOR_ACTOR = { type: 'system', label: 'visitor (fund alerts link)' } as const;
const MESSAGES = { fr, en, es } as const;

/** The FundAlerts texts of a language, outside React rendering (mails, route handlers). */
const translators = new Map<Locale, DigestTranslate>();
export function alertsTranslator(locale: Locale): DigestTranslate {
  const known = translators.get(locale);
  if (known) return known;
  const translate = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'FundAlerts' });
  const t: DigestTranslate = (key, values) => (translate as unknown as DigestTranslate)(key, values);
  translators.set(locale, t);
  return t;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const keys = new Map<string, Buffer>();
function manageKeyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'fund-alerts', 'fundhouse alert manage token v1', 32));
    keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** The subscriber's manage token (43 characters): the same in every mail, never stored. */
export async function manageToken(db: Executor, subscriber: { id: string; createdAt: Date }): Promise<string> {
  return manageTokenWithSecret(await authSecret(db as Db), subscriber);
}

/** The same with the auth secret already read (a digest batch reads it once). */
export function manageTokenWithSecret(secret: string, subscriber: { id: string; createdAt: Date }): string {
  return createHmac('sha256', manageKeyOf(secret)).update(`${subscriber.id}.${subscriber.createdAt.toISOString()}`).digest('base64url');
}

/**
 * The one link of an alert mail (text and List-Unsubscribe). A confirmation mail's link names the
 * mail's language (`lang`), so that a subscriber who has confirmed nothing yet reads the manage page
 * in the language of the mail; it is a page's language only: the subscriber's own is set by the
 * confirming click (handleManagePost), never by the request that asked.
 */
export function alertLink(token: string, confirm?: string, locale?: Locale): string {
  const url = new URL('/api/alerts', env().PUBLIC_BASE_URL);
  url.searchParams.set('token', token);
  if (confirm) url.searchParams.set('confirm', confirm);
  if (locale) url.searchParams.set('lang', locale);
  return url.toString();
}

const address = sql`lower(btrim(${t.alertSubscribers.email}))`;

/**
 * SQL: the share `share` (a column reference) is visible to the audience today: the share and its
 * fund are active and visible to the profile, and the share is registered for the country and profile
 * (the registration matrix, docs/decisions/035).
 */
export function shareVisibleSql(shareId: unknown, country: unknown, profile: unknown) {
  return sql`exists (select 1 from ${t.shares} s join ${t.funds} f on f.id = s.fund_id join ${t.shareRegistrations} on ${t.shareRegistrations.shareId} = s.id
    where s.id = ${shareId} and s.active and f.active and ${profile}::text = any(s.visible_to) and ${profile}::text = any(f.visible_to)
      and ${t.shareRegistrations.countryCode} = ${country} and ${t.shareRegistrations.investorProfile} = ${profile} and ${registeredToday()})`;
}

/** Whether the fund has a share class visible to the audience today (then its alerts may be offered). */
export async function fundOpenTo(db: Executor, fundId: number, audience: Audience): Promise<boolean> {
  const [row] = await db
    .select({ id: t.shares.id })
    .from(t.shares)
    .where(and(eq(t.shares.fundId, fundId), shareVisibleSql(t.shares.id, audience.country, audience.profile)))
    .limit(1);
  return !!row;
}

export type SubscribeRequest = { email: string; fundSlug: string; navSummary: boolean; locale: Locale; audience: Audience; clientHash: string | null };

/**
 * One fund's subscription asked for: 'queued' (a mail is in the outbox) or 'unavailable' (no such
 * fund, or none of its classes is visible to the audience). The answer the visitor gets is the same
 * whether the address was known, subscribed or not (the caller says "a mail is on its way" either way):
 * - a new subscription, or one not confirmed yet: a new confirmation link (the previous one dies);
 * - a subscription already confirmed: nothing changes, the mail carries the manage link only.
 * A subscriber who had unsubscribed from everything stays so until a confirmation.
 */
export async function subscribe(db: Db, request: SubscribeRequest, now = new Date()): Promise<'queued' | 'unavailable'> {
  return db.transaction(async (tx) => {
    const [fund] = await tx.select({ id: t.funds.id, title: t.funds.title }).from(t.funds).where(eq(t.funds.slug, request.fundSlug)).limit(1);
    if (!fund || !(await fundOpenTo(tx, fund.id, request.audience))) return 'unavailable' as const;
    const email = request.email.trim().toLowerCase();
    // One subscriber per address: two requests at once wait for each other here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fund-alerts:${email}`}))`);
    let [subscriber] = await tx
      .select({ id: t.alertSubscribers.id, createdAt: t.alertSubscribers.createdAt, locale: t.alertSubscribers.locale })
      .from(t.alertSubscribers)
      .where(sql`${address} = ${email}`);
    if (!subscriber) {
      const id = crypto.randomUUID();
      const createdAt = new Date(now.getTime());
      const token = await manageToken(tx, { id, createdAt });
      [subscriber] = await tx
        .insert(t.alertSubscribers)
        .values({
          id,
          email,
          manageTokenHash: hashToken(token),
          clientHash: request.clientHash,
          createdAt,
        })
        .returning({ id: t.alertSubscribers.id, createdAt: t.alertSubscribers.createdAt, locale: t.alertSubscribers.locale });
    }
    if (!subscriber) throw new Error('fund alerts: subscriber not stored');
    const token = await manageToken(tx, subscriber);
    const [existing] = await tx
      .select({ confirmedAt: t.alertSubscriptions.confirmedAt })
      .from(t.alertSubscriptions)
      .where(and(eq(t.alertSubscriptions.subscriberId, subscriber.id), eq(t.alertSubscriptions.fundId, fund.id)));
    let link: string;
    if (existing?.confirmedAt) {
      link = alertLink(token);
    } else {
      const confirm = randomBytes(32).toString('base64url');
      await tx
        .insert(t.alertSubscriptions)
        .values({ subscriberId: subscriber.id, fundId: fund.id, navSummary: request.navSummary, confirmTokenHash: hashToken(confirm), createdAt: now })
        .onConflictDoUpdate({
          target: [t.alertSubscriptions.subscriberId, t.alertSubscriptions.fundId],
          set: { navSummary: request.navSummary, confirmTokenHash: hashToken(confirm), createdAt: now },
        });
      link = alertLink(token, confirm, request.locale);
    }
    // The mail in the language of this request: the visitor reads the page they asked from.
    const mail = composeConfirmation(pick(fund.title, request.locale), request.navSummary, alertsTranslator(request.locale));
    await tx.insert(t.mailOutbox).values({ kind: 'fund-alerts', to: email, ...mail, linkSealed: await sealLink(tx as unknown as Db, link, email), headers: alertMailHeaders() });
    return 'queued' as const;
  });
}

type Subscriber = { id: string; email: string; locale: string | null; unsubscribedAt: Date | null };

async function subscriberOf(db: Executor, token: unknown): Promise<Subscriber | null> {
  if (!isAlertToken(token)) return null;
  const [row] = await db
    .select({ id: t.alertSubscribers.id, email: t.alertSubscribers.email, locale: t.alertSubscribers.locale, unsubscribedAt: t.alertSubscribers.unsubscribedAt })
    .from(t.alertSubscribers)
    .where(eq(t.alertSubscribers.manageTokenHash, hashToken(token)));
  return row ?? null;
}

/** The locale of the token's subscriber (where its link leads), or null for an unknown token. Reads only. */
export async function localeOfToken(db: Db, token: unknown): Promise<string | null> {
  return (await subscriberOf(db, token))?.locale ?? null;
}

export type ManageView = {
  subscriptions: { fundId: number; fundSlug: string; fundTitle: string; navSummary: boolean; confirmed: boolean }[];
  /** The fund a `confirm` token would confirm, when it is valid and not confirmed yet. */
  pending: { fundId: number; fundTitle: string } | null;
};

/** What the manage page shows for a token (null: unknown token). Reads only: mail scanners open links. */
export async function manageView(db: Db, token: unknown, confirm: unknown, locale: Locale): Promise<ManageView | null> {
  const subscriber = await subscriberOf(db, token);
  if (!subscriber) return null;
  const rows = await db
    .select({
      fundId: t.alertSubscriptions.fundId,
      fundSlug: t.funds.slug,
      title: t.funds.title,
      navSummary: t.alertSubscriptions.navSummary,
      confirmedAt: t.alertSubscriptions.confirmedAt,
      confirmTokenHash: t.alertSubscriptions.confirmTokenHash,
    })
    .from(t.alertSubscriptions)
    .innerJoin(t.funds, eq(t.funds.id, t.alertSubscriptions.fundId))
    .where(eq(t.alertSubscriptions.subscriberId, subscriber.id))
    .orderBy(asc(t.funds.position))
    .limit(200);
  const pendingRow = isAlertToken(confirm) ? rows.find((r) => !r.confirmedAt && r.confirmTokenHash === hashToken(confirm)) : undefined;
  return {
    subscriptions: rows.map((r) => ({ fundId: r.fundId, fundSlug: r.fundSlug, fundTitle: pick(r.title, locale), navSummary: r.navSummary, confirmed: !!r.confirmedAt })),
    pending: pendingRow ? { fundId: pendingRow.fundId, fundTitle: pick(pendingRow.title, locale) } : null,
  };
}

export type ManageResult = 'confirmed' | 'removed' | 'updated' | 'unsubscribed' | 'invalid';

/** Who confirms: the language of the page the button was on and the audience of the browser that clicked. */
export type Confirmer = { locale: Locale; audience: Audience };

/**
 * Confirms the subscription the confirmation token was mailed for (once: the token is cleared), and
 * gives the subscriber the confirmer's language and audience: its digests follow the registrations
 * of the country and profile of the person who clicked, never those of whoever asked.
 */
export async function confirmSubscription(db: Db, token: unknown, confirm: unknown, by: Confirmer, now = new Date()): Promise<ManageResult> {
  if (!isAlertToken(confirm)) return 'invalid';
  return db.transaction(async (tx) => {
    const subscriber = await subscriberOf(tx, token);
    if (!subscriber) return 'invalid' as const;
    const [done] = await tx
      .update(t.alertSubscriptions)
      .set({ confirmedAt: now, confirmTokenHash: null })
      .where(and(eq(t.alertSubscriptions.subscriberId, subscriber.id), eq(t.alertSubscriptions.confirmTokenHash, hashToken(confirm)), isNull(t.alertSubscriptions.confirmedAt)))
      .returning({ fundId: t.alertSubscriptions.fundId });
    if (!done) return 'invalid' as const;
    // Confirming one fund is consenting again: an address that had left everything is back.
    await tx
      .update(t.alertSubscribers)
      .set({ unsubscribedAt: null, locale: by.locale, countryCode: by.audience.country, investorProfile: by.audience.profile })
      .where(eq(t.alertSubscribers.id, subscriber.id));
    await recordAudit(tx, { actor: VISITOR_ACTOR, entity: 'fund-alerts', entityId: subscriber.id, action: 'confirm', after: { fundId: done.fundId } });
    return 'confirmed' as const;
  });
}

export async function removeSubscription(db: Db, token: unknown, fundId: number): Promise<ManageResult> {
  const subscriber = await subscriberOf(db, token);
  if (!subscriber || !Number.isSafeInteger(fundId)) return 'invalid';
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(t.alertSubscriptions)
      .where(and(eq(t.alertSubscriptions.subscriberId, subscriber.id), eq(t.alertSubscriptions.fundId, fundId)))
      .returning({ fundId: t.alertSubscriptions.fundId });
    if (gone.length === 0) return 'invalid' as const;
    // The last fund removed is leaving everything: the retention of an unsubscribed address applies.
    const [left] = await tx.select({ n: count() }).from(t.alertSubscriptions).where(eq(t.alertSubscriptions.subscriberId, subscriber.id));
    if (Number(left?.n ?? 0) === 0 && !subscriber.unsubscribedAt) await tx.update(t.alertSubscribers).set({ unsubscribedAt: new Date() }).where(eq(t.alertSubscribers.id, subscriber.id));
    return 'removed' as const;
  });
}

export async function setNavSummary(db: Db, token: unknown, fundId: number, on: boolean): Promise<ManageResult> {
  const subscriber = await subscriberOf(db, token);
  if (!subscriber || !Number.isSafeInteger(fundId)) return 'invalid';
  const changed = await db
    .update(t.alertSubscriptions)
    .set({ navSummary: on })
    .where(and(eq(t.alertSubscriptions.subscriberId, subscriber.id), eq(t.alertSubscriptions.fundId, fundId)))
    .returning({ fundId: t.alertSubscriptions.fundId });
  return changed.length > 0 ? 'updated' : 'invalid';
}

/**
 * Unsubscribes the token's address from every fund: its subscriptions are deleted and the subscriber
 * marked (its retention counts from then). Idempotent: a second post answers 'unsubscribed' too, so a
 * mail client repeating its one-click post sees a success. Audited without the address.
 */
export async function unsubscribeAll(db: Db, token: unknown, now = new Date()): Promise<ManageResult> {
  return db.transaction(async (tx) => {
    const subscriber = await subscriberOf(tx, token);
    if (!subscriber) return 'invalid' as const;
    const gone = await tx.delete(t.alertSubscriptions).where(eq(t.alertSubscriptions.subscriberId, subscriber.id)).returning({ fundId: t.alertSubscriptions.fundId });
    if (!subscriber.unsubscribedAt) {
      await tx.update(t.alertSubscribers).set({ unsubscribedAt: now }).where(eq(t.alertSubscribers.id, subscriber.id));
      await recordAudit(tx, { actor: VISITOR_ACTOR, entity: 'fund-alerts', entityId: subscriber.id, action: 'unsubscribe', after: { subscriptions: gone.length } });
    }
    return 'unsubscribed' as const;
  });
}

/** Confirmed subscribers per fund (counts only, never addresses): the staff's view. */
export async function confirmedSubscriberCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ fundId: t.alertSubscriptions.fundId, n: count() })
    .from(t.alertSubscriptions)
    .innerJoin(t.alertSubscribers, eq(t.alertSubscribers.id, t.alertSubscriptions.subscriberId))
    .where(and(isNotNull(t.alertSubscriptions.confirmedAt), isNull(t.alertSubscribers.unsubscribedAt)))
    .groupBy(t.alertSubscriptions.fundId);
  return new Map(rows.map((r) => [r.fundId, Number(r.n)]));
}
