import 'server-only';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FormKind } from '@/domain/forms/fields';
import type { InboxFilter } from '@/domain/forms/inbox';
import type { Db } from '@/server/db';
import * as t from '@/server/db/schema';
import { inboxConditions, isSubmissionId } from '../inbox/queries';

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

export async function listSubmissions(db: Db, filter: SubmissionFilter = {}): Promise<SubmissionRecord[]> {
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

export async function getSubmission(db: Db, id: string): Promise<SubmissionRecord | null> {
  if (!isSubmissionId(id)) return null;
  const [record] = await listSubmissions(db, { id });
  return record ?? null;
}
