import 'server-only';
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { env } from '@/env';
import { FORMS } from '@/domain/forms/definitions';
import type { FormKind } from '@/domain/forms/fields';
import { RETENTION_FROM, retentionCutoff } from '@/domain/privacy/gdpr';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';

/**
 * The retention purge (docs/decisions/024): per form, the submissions older than its period
 * (RETENTION_DAYS_{FORM}; the newsletter's counts from the unsubscription) are deleted with their
 * files (ON DELETE CASCADE) and their mails, in batches, at most `maxPerForm` a run. One run is one
 * transaction under a PostgreSQL advisory lock: two processes never purge at once (the second one
 * skips), and deletes are idempotent anyway. Each run that deletes something writes one audit
 * entry with the counts per form, the periods and the cut-off dates.
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

export type PurgeResult =
  | { status: 'skipped' }
  | { status: 'done'; deleted: Record<FormKind, number>; files: number; mails: number; remaining: boolean };

type Options = { now?: Date; periods?: RetentionPeriods; batch?: number; maxPerForm?: number };

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
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total > 0) {
      await recordAudit(tx, { actor, entity: 'privacy', action: 'retention-purge', after: { deleted, files, mails, remaining, periods, cutoffs } });
    }
    return { status: 'done', deleted, files, mails, remaining } as const;
  });
}
