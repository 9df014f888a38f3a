import 'server-only';
import { and, asc, count, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FormKind } from '@/domain/forms/fields';
import type { InboxFilter } from '@/domain/inbox';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';
import { inboxConditions, isSubmissionId } from './inbox';

export type NewAttachment = { field: string; fileName: string; mimeType: string; size: number; sha256: string; data: Uint8Array };

export type NewSubmission = {
  id: string;
  kind: FormKind;
  locale: string;
  data: Record<string, unknown>;
  clientHash: string;
  attachments: NewAttachment[];
  mail: { to: string; subject: string; text: string };
  /**
   * A mail to the visitor (the newsletter's confirmation), stored with the submission: its text holds
   * LINK_MARKER where the unsubscribe link goes, the link itself is sealed (src/server/forms/sealed-link.ts).
   */
  confirmation?: { to: string; subject: string; text: string; linkSealed: string };
  /** Newsletter: the SHA-256 of the unsubscribe token the confirmation carries. */
  unsubscribeTokenHash?: string;
};

export type RateLimit = { max: number; windowSeconds: number };

export type StoreResult = { status: 'stored'; id: string } | { status: 'rateLimited' };

/**
 * Stores a submission, its files and its mail in the outbox, in one transaction, unless the client
 * already sent `limit.max` of this form within the window. The count and the insert run under a
 * transaction-scoped advisory lock on (form, client): app processes sharing one PostgreSQL cannot
 * both slip under the limit.
 */
export async function storeSubmission(input: NewSubmission, limit: RateLimit, now = new Date()): Promise<StoreResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form:${input.kind}:${input.clientHash}`}))`);
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [recent] = await tx
      .select({ n: count() })
      .from(t.formSubmissions)
      .where(and(eq(t.formSubmissions.clientHash, input.clientHash), eq(t.formSubmissions.kind, input.kind), gt(t.formSubmissions.createdAt, since)));
    if ((recent?.n ?? 0) >= limit.max) return { status: 'rateLimited' } as const;
    const [row] = await tx
      .insert(t.formSubmissions)
      .values({ id: input.id, kind: input.kind, locale: input.locale, data: input.data, clientHash: input.clientHash, createdAt: now, unsubscribeTokenHash: input.unsubscribeTokenHash ?? null })
      .returning({ id: t.formSubmissions.id });
    if (!row) throw new Error('form submission not stored');
    if (input.attachments.length > 0) {
      await tx.insert(t.submissionAttachments).values(input.attachments.map((a) => ({ ...a, submissionId: row.id })));
    }
    await tx.insert(t.mailOutbox).values({ kind: 'submission', submissionId: row.id, ...input.mail, nextAttemptAt: now });
    if (input.confirmation) await tx.insert(t.mailOutbox).values({ kind: 'newsletter', submissionId: row.id, ...input.confirmation, nextAttemptAt: now });
    return { status: 'stored', id: row.id } as const;
  });
}

export type SubmissionRecord = {
  id: string;
  kind: string;
  locale: string;
  createdAt: Date;
  data: Record<string, unknown>;
  attachments: { field: string; fileName: string; mimeType: string; size: number; sha256: string }[];
  mail: { sentAt: Date | null; attempts: number; lastError: string | null } | null;
};

/** Submissions in date order, with their files (without content) and their mail's delivery state: for the staff's export. */
export type SubmissionFilter = {
  kind?: FormKind;
  since?: Date;
  until?: Date;
  id?: string;
  /** The back-office inbox's filters (its CSV export is this same list). */
  inbox?: InboxFilter;
  /** At most this many submissions, the oldest first. */
  limit?: number;
};

export async function listSubmissions(filter: SubmissionFilter = {}, given?: Db): Promise<SubmissionRecord[]> {
  const db = given ?? (await getDb());
  const rows = await db
    .select()
    .from(t.formSubmissions)
    .where(
      and(
        filter.id ? eq(t.formSubmissions.id, filter.id) : undefined,
        filter.kind ? eq(t.formSubmissions.kind, filter.kind) : undefined,
        filter.since ? gte(t.formSubmissions.createdAt, filter.since) : undefined,
        filter.until ? lt(t.formSubmissions.createdAt, filter.until) : undefined,
        filter.inbox ? inboxConditions(filter.inbox) : undefined,
      ),
    )
    .orderBy(asc(t.formSubmissions.createdAt), asc(t.formSubmissions.id))
    .limit(filter.limit ?? Number.MAX_SAFE_INTEGER);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [files, mails] = await Promise.all([
    db
      .select({
        submissionId: t.submissionAttachments.submissionId,
        field: t.submissionAttachments.field,
        fileName: t.submissionAttachments.fileName,
        mimeType: t.submissionAttachments.mimeType,
        size: t.submissionAttachments.size,
        sha256: t.submissionAttachments.sha256,
      })
      .from(t.submissionAttachments)
      .where(inArray(t.submissionAttachments.submissionId, ids))
      .orderBy(asc(t.submissionAttachments.id)),
    db.select().from(t.mailOutbox).where(inArray(t.mailOutbox.submissionId, ids)),
  ]);
  return rows.map((r) => {
    // The staff's mail (the first stored); a newsletter sign-up also has the visitor's confirmation.
    const mail = mails.filter((m) => m.submissionId === r.id).sort((a, b) => a.id - b.id)[0];
    return {
      id: r.id,
      kind: r.kind,
      locale: r.locale,
      createdAt: r.createdAt,
      data: r.data,
      attachments: files.filter((f) => f.submissionId === r.id).map(({ submissionId: _, ...f }) => f),
      mail: mail ? { sentAt: mail.sentAt, attempts: mail.attempts, lastError: mail.lastError } : null,
    };
  });
}

export async function getSubmission(id: string): Promise<SubmissionRecord | null> {
  if (!isSubmissionId(id)) return null;
  const [record] = await listSubmissions({ id });
  return record ?? null;
}
