import 'server-only';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@/domain/dates';
import { INBOX_PAGE_SIZE, type InboxFilter, type MailState, type SubmissionStatus } from '@/domain/forms/inbox';
import type { MailKind } from '@/domain/forms/outbox-mail';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import * as t from '@/server/db/schema';

/**
 * The back-office's reading of the visitors' submissions (inbox) and of the mails the site sends
 * about them (outbox). Every list is one bounded page. The changes (handling, retry) are commands:
 * src/server/inbox/commands.ts and src/server/outbox/commands.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSubmissionId = (id: string) => UUID.test(id);

const field = (name: string) => sql`(${t.formSubmissions.data} -> 'fields' ->> ${name})`;

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The conditions of the inbox's filters: form, status, days (UTC, inclusive), and a name or e-mail containing the search. */
export function inboxConditions(filter: InboxFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(t.formSubmissions.kind, filter.kind));
  if (filter.status) conditions.push(eq(t.formSubmissions.status, filter.status));
  if (filter.from) conditions.push(gte(t.formSubmissions.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(t.formSubmissions.createdAt, dayStart(addDays(filter.to, 1))));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    conditions.push(
      sql`(${field('email')} ilike ${like} or ${field('company')} ilike ${like} or concat_ws(' ', ${field('firstName')}, ${field('lastName')}) ilike ${like} or concat_ws(' ', ${field('lastName')}, ${field('firstName')}) ilike ${like})`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export type InboxRow = {
  id: string;
  kind: string;
  locale: string;
  createdAt: Date;
  fields: Record<string, unknown>;
  status: SubmissionStatus;
  assignee: string | null;
  files: number;
};

export async function listInbox(db: Db, filter: InboxFilter, requestedPage: number) {
  const where = inboxConditions(filter);
  const [total] = await db.select({ n: count() }).from(t.formSubmissions).where(where);
  const pages = Math.max(1, Math.ceil((total?.n ?? 0) / INBOX_PAGE_SIZE));
  const page = Math.min(requestedPage, pages);
  const rows = await db
    .select({
      id: t.formSubmissions.id,
      kind: t.formSubmissions.kind,
      locale: t.formSubmissions.locale,
      createdAt: t.formSubmissions.createdAt,
      data: t.formSubmissions.data,
      status: t.formSubmissions.status,
      assignee: t.staffUser.email,
      files: sql<number>`(select count(*)::int from ${t.submissionAttachments} where ${t.submissionAttachments.submissionId} = ${t.formSubmissions.id})`,
    })
    .from(t.formSubmissions)
    .leftJoin(t.staffUser, eq(t.staffUser.id, t.formSubmissions.assigneeId))
    .where(where)
    .orderBy(desc(t.formSubmissions.createdAt), desc(t.formSubmissions.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const items: InboxRow[] = rows.map(({ data, ...r }) => ({ ...r, status: r.status as SubmissionStatus, fields: (data.fields ?? {}) as Record<string, unknown> }));
  return { rows: items, page, pages, total: total?.n ?? 0 };
}

/** A mail as the back-office lists it: never its text (docs/decisions/026). */
export type OutboxMail = {
  id: number;
  kind: MailKind;
  submissionId: string | null;
  to: string;
  subject: string;
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
};

const mailColumns = {
  id: t.mailOutbox.id,
  kind: t.mailOutbox.kind,
  submissionId: t.mailOutbox.submissionId,
  to: t.mailOutbox.to,
  subject: t.mailOutbox.subject,
  attempts: t.mailOutbox.attempts,
  nextAttemptAt: t.mailOutbox.nextAttemptAt,
  sentAt: t.mailOutbox.sentAt,
  lastError: t.mailOutbox.lastError,
  createdAt: t.mailOutbox.createdAt,
};

export async function getInboxItem(db: Db, id: string) {
  if (!isSubmissionId(id)) return null;
  const [row] = await db
    .select({
      id: t.formSubmissions.id,
      kind: t.formSubmissions.kind,
      locale: t.formSubmissions.locale,
      createdAt: t.formSubmissions.createdAt,
      data: t.formSubmissions.data,
      status: t.formSubmissions.status,
      handledBy: t.formSubmissions.handledBy,
      handledAt: t.formSubmissions.handledAt,
      assigneeId: t.formSubmissions.assigneeId,
    })
    .from(t.formSubmissions)
    .where(eq(t.formSubmissions.id, id));
  if (!row) return null;
  const [files, mails] = await Promise.all([
    db
      .select({ id: t.submissionAttachments.id, field: t.submissionAttachments.field, fileName: t.submissionAttachments.fileName, mimeType: t.submissionAttachments.mimeType, size: t.submissionAttachments.size, sha256: t.submissionAttachments.sha256 })
      .from(t.submissionAttachments)
      .where(eq(t.submissionAttachments.submissionId, id))
      .orderBy(asc(t.submissionAttachments.id)),
    db.select(mailColumns).from(t.mailOutbox).where(eq(t.mailOutbox.submissionId, id)).orderBy(asc(t.mailOutbox.id)),
  ]);
  const { data, ...rest } = row;
  return {
    ...rest,
    status: row.status as SubmissionStatus,
    fields: (data.fields ?? {}) as Record<string, unknown>,
    captcha: ((data.captcha ?? {}) as { status?: string }).status ?? '',
    files,
    mails,
  };
}
export type InboxItem = NonNullable<Awaited<ReturnType<typeof getInboxItem>>>;

/** One file of one submission, with its bytes: only when it belongs to that submission. */
export async function getAttachment(db: Db, submissionId: string, attachmentId: number) {
  if (!isSubmissionId(submissionId) || !Number.isSafeInteger(attachmentId)) return null;
  const [file] = await db
    .select({ fileName: t.submissionAttachments.fileName, mimeType: t.submissionAttachments.mimeType, data: t.submissionAttachments.data })
    .from(t.submissionAttachments)
    .where(and(eq(t.submissionAttachments.id, attachmentId), eq(t.submissionAttachments.submissionId, submissionId)));
  return file ?? null;
}

/** The staff who may be put in charge of a submission: active admins and editors. */
export async function assignableStaff(db: Db): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: t.staffUser.id, email: t.staffUser.email })
    .from(t.staffUser)
    .where(and(inArray(t.staffUser.role, ['admin', 'editor']), isNull(t.staffUser.disabledAt)))
    .orderBy(asc(t.staffUser.email));
}

// ------------------------------------------------------------------ outbox

function mailStateCondition(state: MailState): SQL | undefined {
  if (state === 'sent') return isNotNull(t.mailOutbox.sentAt);
  if (state === 'failing') return and(isNull(t.mailOutbox.sentAt), isNotNull(t.mailOutbox.lastError));
  return and(isNull(t.mailOutbox.sentAt), isNull(t.mailOutbox.lastError));
}

export async function listOutbox(db: Db, state: MailState | undefined, requestedPage: number) {
  const where = state ? mailStateCondition(state) : undefined;
  const [total] = await db.select({ n: count() }).from(t.mailOutbox).where(where);
  const pages = Math.max(1, Math.ceil((total?.n ?? 0) / INBOX_PAGE_SIZE));
  const page = Math.min(requestedPage, pages);
  const rows: OutboxMail[] = await db
    .select(mailColumns)
    .from(t.mailOutbox)
    .where(where)
    .orderBy(desc(t.mailOutbox.createdAt), desc(t.mailOutbox.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  return { rows, page, pages, total: total?.n ?? 0 };
}

/** Mails not sent yet, and among them those whose last attempt failed: the back-office home shows both. */
export async function outboxCounts(db: Db): Promise<{ pending: number; failing: number }> {
  const [row] = await db
    .select({ unsent: count(), failing: sql<number>`count(*) filter (where ${t.mailOutbox.lastError} is not null)::int` })
    .from(t.mailOutbox)
    .where(isNull(t.mailOutbox.sentAt));
  const failing = row?.failing ?? 0;
  return { pending: (row?.unsent ?? 0) - failing, failing };
}
