import 'server-only';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { LINK_MARKER, TOKEN_LINK_PATTERN, type MailKind } from '@/domain/forms/outbox-mail';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db';
import * as t from '@/server/db/schema';

/** The changes to the mail outbox: the delivery worker's claims and outcomes, and the staff's "retry now". */

export type ClaimedMail = {
  id: number;
  kind: MailKind;
  submissionId: string | null;
  to: string;
  subject: string;
  /** With LINK_MARKER where `linkSealed` goes. */
  text: string;
  linkSealed: string | null;
  /** Extra headers (an alert mail's List-Unsubscribe), with LINK_MARKER where `linkSealed` goes. */
  headers: Record<string, string> | null;
  /** Attempts so far, this one included. */
  attempts: number;
};

/**
 * Takes up to `limit` mails that are due, for one delivery attempt each. Several app processes may
 * drain one outbox: rows are picked FOR UPDATE SKIP LOCKED and leased (next_attempt_at moved past the
 * lease) in one short transaction, so no two workers take the same mail, and nobody holds a database
 * lock while talking to the mail server. A worker that dies mid-send leaves the mail to be retried
 * once its lease ends.
 */
export async function claimDueMails(db: Db, now: Date, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.mailOutbox.id })
      .from(t.mailOutbox)
      .where(and(isNull(t.mailOutbox.sentAt), lte(t.mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(t.mailOutbox.nextAttemptAt), asc(t.mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(t.mailOutbox)
      .set({ attempts: sql`${t.mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseSeconds * 1000) })
      .where(inArray(t.mailOutbox.id, due.map((d) => d.id)))
      .returning({
        id: t.mailOutbox.id,
        kind: t.mailOutbox.kind,
        submissionId: t.mailOutbox.submissionId,
        to: t.mailOutbox.to,
        subject: t.mailOutbox.subject,
        text: t.mailOutbox.text,
        linkSealed: t.mailOutbox.linkSealed,
        headers: t.mailOutbox.headers,
        attempts: t.mailOutbox.attempts,
      });
  });
}

/**
 * A sent mail keeps no link that grants something (docs/decisions/026): its sealed link is
 * cleared, and a text written before links were kept apart loses its token links (TOKEN_LINK_PATTERN).
 */
export async function markMailSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(t.mailOutbox)
    .set({
      sentAt: at,
      lastError: null,
      linkSealed: null,
      text: sql`case when ${t.mailOutbox.kind} in ('account', 'newsletter') then regexp_replace(${t.mailOutbox.text}, ${TOKEN_LINK_PATTERN}, ${LINK_MARKER}, 'gi') else ${t.mailOutbox.text} end`,
    })
    .where(eq(t.mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: number, error: string, retryAt: Date): Promise<void> {
  await db.update(t.mailOutbox).set({ lastError: error.slice(0, 2000), nextAttemptAt: retryAt }).where(eq(t.mailOutbox.id, id));
}

/** Makes an unsent mail due now (the next delivery pass takes it); audited. False when it is sent or unknown. */
export async function retryMailNow(db: Db, id: number, actor: Actor): Promise<boolean> {
  if (!Number.isSafeInteger(id)) return false;
  return db.transaction(async (tx) => {
    const [mail] = await tx
      .update(t.mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(t.mailOutbox.id, id), isNull(t.mailOutbox.sentAt)))
      .returning({ to: t.mailOutbox.to, attempts: t.mailOutbox.attempts, lastError: t.mailOutbox.lastError });
    if (!mail) return false;
    await recordAudit(tx, { actor, entity: 'mail', entityId: id, action: 'retry-now', before: { attempts: mail.attempts, lastError: mail.lastError }, after: null });
    return true;
  });
}
