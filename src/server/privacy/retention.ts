import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { UNCONFIRMED_RETENTION_DAYS } from '@/domain/alerts/rules';
import { env } from '@/env';
import { FORMS } from '@/domain/forms/definitions';
import type { FormKind } from '@/domain/forms/fields';
import { RETENTION_FROM, retentionCutoff } from '@/domain/privacy/gdpr';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Tx } from '@/server/db/types';

/**
 * The retention purge (docs/decisions/024): per form, the submissions older than its period
 * (RETENTION_DAYS_{FORM}; the newsletter's counts from the unsubscription) are deleted with their
 * files (ON DELETE CASCADE) and their mails, in batches, at most `maxPerForm` a run. One run is one
 * transaction under a PostgreSQL advisory lock: two processes never purge at once (the second one
 * skips), and deletes are idempotent anyway. Each run that deletes something writes one audit
 * entry with the counts per form, the periods and the cut-off dates. The run also deletes the rate
 * counters whose window has ended (purgeRateLimits).
 */

const LOCK = 'retention-purge';
/** Rows deleted per statement. */
export const PURGE_BATCH = 500;
/** Rows deleted per form and run: a backlog is worked off run after run, never in one huge transaction. */
export const PURGE_MAX_PER_FORM = 5_000;

export type RetentionPeriods = Record<FormKind, number>;

export function retentionPeriods(): RetentionPeriods {
  const config = env();
  return { contact: config.RETENTION_DAYS_CONTACT, newsletter: config.RETENTION_DAYS_NEWSLETTER, career: config.RETENTION_DAYS_CAREER, subscribe: config.RETENTION_DAYS_SUBSCRIBE };
}

/** Expired rate counters deleted per run (rate-limit.ts deletes a few more with each counted request). */
export const PURGE_MAX_RATE_LIMITS = 50_000;

export type PurgeResult =
  | { status: 'skipped' }
  | { status: 'done'; deleted: Record<FormKind, number>; files: number; mails: number; remaining: boolean; alerts: AlertsPurged; rateLimits: number };

/** The fund alerts' part of a run: unconfirmed subscriptions, and subscribers gone (with their mails, counted in `mails`). */
export type AlertsPurged = { unconfirmed: number; subscribers: number };

type Options = { now?: Date; periods?: RetentionPeriods; batch?: number; maxPerForm?: number };

/**
 * The fund alerts (docs/operations.md "Fund alerts"): a subscription never confirmed is deleted
 * UNCONFIRMED_RETENTION_DAYS after it was asked for (its link dies with it); a subscriber is deleted,
 * with its mails, the newsletter's period after it unsubscribed from everything, or once it has no
 * subscription left UNCONFIRMED_RETENTION_DAYS after it was created without having unsubscribed (it
 * never confirmed anything). At most `max` of each a run.
 */
async function purgeAlerts(tx: Tx, now: Date, newsletterDays: number, max: number) {
  const unconfirmedCutoff = retentionCutoff(now, UNCONFIRMED_RETENTION_DAYS);
  const unconfirmed = (
    await tx
      .delete(t.alertSubscriptions)
      .where(
        sql`(${t.alertSubscriptions.subscriberId}, ${t.alertSubscriptions.fundId}) in (select subscriber_id, fund_id from ${t.alertSubscriptions} where confirmed_at is null and created_at < ${unconfirmedCutoff} limit ${max})`,
      )
      .returning({ fundId: t.alertSubscriptions.fundId })
  ).length;
  const expired = or(
    and(isNotNull(t.alertSubscribers.unsubscribedAt), lt(t.alertSubscribers.unsubscribedAt, retentionCutoff(now, newsletterDays))),
    and(
      isNull(t.alertSubscribers.unsubscribedAt),
      lt(t.alertSubscribers.createdAt, unconfirmedCutoff),
      sql`not exists (select 1 from ${t.alertSubscriptions} where ${t.alertSubscriptions.subscriberId} = ${t.alertSubscribers.id})`,
    ),
  );
  const gone = await tx
    .delete(t.alertSubscribers)
    .where(inArray(t.alertSubscribers.id, tx.select({ id: t.alertSubscribers.id }).from(t.alertSubscribers).where(expired).limit(max)))
    .returning({ email: t.alertSubscribers.email });
  const addresses = gone.map((g) => g.email.trim().toLowerCase());
  const mails = addresses.length > 0
    ? (await tx.delete(t.mailOutbox).where(and(eq(t.mailOutbox.kind, 'fund-alerts'), inArray(sql`lower(btrim(${t.mailOutbox.to}))`, addresses))).returning({ id: t.mailOutbox.id })).length
    : 0;
  const more = gone.length >= max && !!(await tx.select({ id: t.alertSubscribers.id }).from(t.alertSubscribers).where(expired).limit(1))[0];
  return { unconfirmed, subscribers: gone.length, mails, more };
}

/**
 * The public posts' rate counters whose window has ended (src/server/http/rate-limit.ts): keyed hashes
 * of addresses and client networks, kept no longer than their window. At most `max` a run, in batches.
 */
async function purgeRateLimits(tx: Tx, now: Date, batch: number, max: number) {
  let deleted = 0;
  while (deleted < max) {
    const gone = (
      await tx
        .delete(t.rateLimits)
        .where(sql`(${t.rateLimits.bucket}, ${t.rateLimits.key}) in (select bucket, key from ${t.rateLimits} where expires_at <= ${now.toISOString()}::timestamptz limit ${Math.min(batch, max - deleted)})`)
        .returning({ key: t.rateLimits.key })
    ).length;
    deleted += gone;
    if (gone === 0) break;
  }
  const more = deleted >= max && !!(await tx.select({ key: t.rateLimits.key }).from(t.rateLimits).where(lte(t.rateLimits.expiresAt, now)).limit(1))[0];
  return { deleted, more };
}

export async function purgeExpiredSubmissions(db: Db, actor: Actor, options: Options = {}): Promise<PurgeResult> {
  const now = options.now ?? new Date();
  const periods = options.periods ?? retentionPeriods();
  const batch = options.batch ?? PURGE_BATCH;
  const maxPerForm = options.maxPerForm ?? PURGE_MAX_PER_FORM;
  return db.transaction(async (tx) => {
    const answer: unknown = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${LOCK})) as locked`);
    // PGlite and node-postgres both answer { rows }.
    const [lock] = (answer as { rows: { locked: boolean }[] }).rows;
    if (!lock?.locked) return { status: 'skipped' } as const;
    const deleted = Object.fromEntries(Object.keys(FORMS).map((k) => [k, 0])) as Record<FormKind, number>;
    const cutoffs: Record<string, string> = {};
    let files = 0;
    let mails = 0;
    let remaining = false;
    for (const kind of Object.keys(FORMS) as FormKind[]) {
      const cutoff = retentionCutoff(now, periods[kind]);
      cutoffs[kind] = cutoff.toISOString();
      const expired =
        RETENTION_FROM[kind] === 'unsubscribed'
          ? and(eq(t.formSubmissions.kind, kind), isNotNull(t.formSubmissions.unsubscribedAt), lt(t.formSubmissions.unsubscribedAt, cutoff))
          : and(eq(t.formSubmissions.kind, kind), lt(t.formSubmissions.createdAt, cutoff));
      while (deleted[kind] < maxPerForm) {
        const ids = (
          await tx
            .select({ id: t.formSubmissions.id })
            .from(t.formSubmissions)
            .where(expired)
            .orderBy(asc(t.formSubmissions.createdAt))
            .limit(Math.min(batch, maxPerForm - deleted[kind]))
        ).map((r) => r.id);
        if (ids.length === 0) break;
        // The mails first: their link to the submission is set null on delete, and their text holds its data.
        mails += (await tx.delete(t.mailOutbox).where(inArray(t.mailOutbox.submissionId, ids)).returning({ id: t.mailOutbox.id })).length;
        files += (await tx.delete(t.submissionAttachments).where(inArray(t.submissionAttachments.submissionId, ids)).returning({ id: t.submissionAttachments.id })).length;
        deleted[kind] += (await tx.delete(t.formSubmissions).where(inArray(t.formSubmissions.id, ids)).returning({ id: t.formSubmissions.id })).length;
      }
      if (deleted[kind] >= maxPerForm) {
        const [more] = await tx.select({ id: t.formSubmissions.id }).from(t.formSubmissions).where(expired).limit(1);
        if (more) remaining = true;
      }
    }
    const alerts = await purgeAlerts(tx, now, periods.newsletter, maxPerForm);
    mails += alerts.mails;
    if (alerts.more) remaining = true;
    const fundAlerts = { unconfirmed: alerts.unconfirmed, subscribers: alerts.subscribers };
    // Counters are no one's data once hashed and expired: deleted without an audit entry of their own.
    const rateLimits = await purgeRateLimits(tx, now, batch * 10, PURGE_MAX_RATE_LIMITS);
    if (rateLimits.more) remaining = true;
    const total = Object.values(deleted).reduce((a, b) => a + b, 0) + fundAlerts.unconfirmed + fundAlerts.subscribers;
    if (total > 0) {
      await recordAudit(tx, { actor, entity: 'privacy', action: 'retention-purge', after: { deleted, files, mails, remaining, periods, cutoffs, fundAlerts } });
    }
    return { status: 'done', deleted, files, mails, remaining, alerts: fundAlerts, rateLimits: rateLimits.deleted } as const;
  });
}
