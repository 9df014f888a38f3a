import 'server-only';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { LINK_MARKER, TOKEN_LINK_PATTERN, type MailKind } from '@/domain/outbox-mail';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';

export type ClaimedMail = {
  id: number;
  kind: MailKind;
  submissionId: string | null;
  to: string;
  subject: string;
  /** With LINK_MARKER where `linkSealed` goes. */
  text: string;
  linkSealed: string | null;
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
export async function claimDueMails(now: Date, limit: number, leaseSeconds: number, given?: Db): Promise<ClaimedMail[]> {
  const db = given ?? (await getDb());
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
        attempts: t.mailOutbox.attempts,
      });
  });
}

/**
 * A sent mail keeps no link that grants something (docs/decisions/026): its sealed link is
 * cleared, and a text written before links were kept apart loses its token links (TOKEN_LINK_PATTERN).
 */
export async function markMailSent(id: number, at: Date, given?: Db): Promise<void> {
  const db = given ?? (await getDb());
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

export async function markMailFailed(id: number, error: string, retryAt: Date, given?: Db): Promise<void> {
  const db = given ?? (await getDb());
  await db.update(t.mailOutbox).set({ lastError: error.slice(0, 2000), nextAttemptAt: retryAt }).where(eq(t.mailOutbox.id, id));
}

/** What a mail carries from its submission: the visitor's address to reply to, and the files. */
export async function mailExtras(
  submissionId: string,
  given?: Db,
): Promise<{ replyTo: string | null; files: { fileName: string; mimeType: string; data: Uint8Array }[] }> {
  const db = given ?? (await getDb());
  const [[submission], files] = await Promise.all([
    db.select({ data: t.formSubmissions.data }).from(t.formSubmissions).where(eq(t.formSubmissions.id, submissionId)),
    db
      .select({ fileName: t.submissionAttachments.fileName, mimeType: t.submissionAttachments.mimeType, data: t.submissionAttachments.data })
      .from(t.submissionAttachments)
      .where(eq(t.submissionAttachments.submissionId, submissionId))
      .orderBy(asc(t.submissionAttachments.id)),
  ]);
  const fields = submission?.data.fields as Record<string, unknown> | undefined;
  return { replyTo: typeof fields?.email === 'string' ? fields.email : null, files };
}
