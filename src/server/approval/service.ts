import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { env, type Locale } from '@/env';
import { splitBundle } from '@/domain/documents/bulk';
import { AREA_OF, canonicalJson, DIGEST_MINUTES, mayReview, NOTE_MAX, proposedFileName, type ApprovalArea, type ChangeKind, type ProposalStatus } from '@/domain/staff/approval';
import { adminTranslator, isAdminLocale } from '@/i18n/admin';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { mailOutbox, proposedChange, staffUser } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { areaLogger } from '@/server/log/logger';
import { applyCommand, commandOf, type Applied, type ChangeInput } from './commands';

const log = areaLogger('approval');

/**
 * The four-eyes workflow (issue 22, docs/approval.md, decision 037). A save in an area the policy
 * names (APPROVAL_REQUIRED) stores a proposed change instead of running its command; a second
 * person approves it (never its author), and then the command runs with the stored input, at once
 * or at its effective date. Every step is an audit entry (entity 'proposal').
 */

export type Person = { id: string; label: string };
export type ProposalRow = typeof proposedChange.$inferSelect;

export function approvalAreas(): readonly ApprovalArea[] {
  return env().APPROVAL_REQUIRED;
}

export function requiresApproval(area: ApprovalArea, areas: readonly ApprovalArea[] = approvalAreas()): boolean {
  return areas.includes(area);
}

function hashState(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}

function clip(text: string | undefined | null, max = NOTE_MAX): string {
  return (text ?? '').replace(/\r\n/g, '\n').trim().slice(0, max);
}

const readTarget = <K extends ChangeKind>(db: Executor, kind: K, input: ChangeInput[K]) => commandOf(kind).read(db, input);

export type ProposalOptions = {
  note?: string;
  effectiveAt?: Date | null;
  /** A document's bytes: kept with the proposal until it is published. */
  file?: Uint8Array | null;
};

/** How long an approved change whose publication failed waits before the sweep tries it again. */
export const RETRY_MINUTES = 5;

/**
 * Stores a proposed change (and withdraws the author's own earlier open proposal of the same target:
 * that is amending it). Called by the door (door.ts) only, once it has validated the input and
 * decided that the change waits: nothing else proposes, nothing else publishes at once.
 */
export async function storeProposal<K extends ChangeKind>(db: Db, kind: K, input: ChangeInput[K], author: Person, options: ProposalOptions = {}): Promise<{ mode: 'proposed'; id: number } | { mode: 'unchanged' } | { mode: 'unknown' }> {
  const command = commandOf(kind);
  const actor: Actor = { type: 'account', id: author.id, label: author.label };
  const target = await readTarget(db, kind, input);
  if (!target) return { mode: 'unknown' };
  const after: unknown = await command.after(target.state, input, db);
  const unchanged = command.unchanged ? command.unchanged(target.state, after) : canonicalJson(after) === canonicalJson(target.state);
  if (unchanged) return { mode: 'unchanged' };
  const id = await db.transaction(async (tx) => {
    const amended = await tx
      .update(proposedChange)
      .set({ status: 'withdrawn', updatedAt: sql`now()`, file: null })
      .where(and(eq(proposedChange.kind, kind), eq(proposedChange.targetKey, target.key), eq(proposedChange.authorId, author.id), inArray(proposedChange.status, ['pending', 'rejected'])))
      .returning({ id: proposedChange.id });
    const [row] = await tx
      .insert(proposedChange)
      .values({
        area: AREA_OF[kind],
        kind,
        targetKey: target.key,
        targetLabel: target.label.slice(0, 300),
        input: input as Record<string, unknown>,
        file: options.file ?? null,
        before: target.state ?? null,
        beforeHash: hashState(target.state),
        after: after ?? null,
        authorId: author.id,
        authorLabel: author.label,
        note: clip(options.note),
        effectiveAt: options.effectiveAt ?? null,
      })
      .returning({ id: proposedChange.id });
    if (!row) throw new Error('proposal not stored');
    for (const old of amended) await recordAudit(tx, { actor, entity: 'proposal', entityId: old.id, action: 'amend', after: { by: row.id } });
    await recordAudit(tx, {
      actor,
      entity: 'proposal',
      entityId: row.id,
      action: 'propose',
      after: { area: AREA_OF[kind], kind, target: target.key, note: clip(options.note), effectiveAt: options.effectiveAt ?? null },
    });
    return row.id;
  });
  return { mode: 'proposed', id };
}

export type ReviewOutcome =
  | { ok: true; status: 'published' | 'approved' | 'rejected' | 'withdrawn' }
  | { ok: false; error: 'unknown' | 'own' | 'not-pending' | 'conflict' | 'comment' | 'failed' | 'not-author' };

/** Whether the target has changed since the proposal was made (it cannot be approved as is). */
export async function isConflicting(db: Executor, row: Pick<ProposalRow, 'kind' | 'input' | 'beforeHash'>): Promise<boolean> {
  const target = await readTarget(db, row.kind as ChangeKind, row.input as never);
  return !target || hashState(target.state) !== row.beforeHash;
}

async function mailAuthor(tx: Executor, row: ProposalRow, outcome: 'approved' | 'rejected', reviewer: Person, comment: string): Promise<void> {
  if (!row.authorId) return;
  const [author] = await tx.select({ email: staffUser.email, locale: staffUser.locale, disabledAt: staffUser.disabledAt }).from(staffUser).where(eq(staffUser.id, row.authorId));
  if (!author || author.disabledAt) return;
  const locale: Locale = isAdminLocale(author.locale) ? author.locale : 'fr';
  const t = adminTranslator(locale);
  const url = new URL(`/admin/reviews/${row.id}`, env().PUBLIC_BASE_URL).toString();
  await tx.insert(mailOutbox).values({
    kind: 'review',
    to: author.email,
    subject: t(outcome === 'approved' ? 'approval.mail.approvedSubject' : 'approval.mail.rejectedSubject', { target: row.targetLabel }),
    text: t(outcome === 'approved' ? 'approval.mail.approvedBody' : 'approval.mail.rejectedBody', { target: row.targetLabel, reviewer: reviewer.label, comment: comment || '-', url }),
  });
}

/** Approves a pending change: refused to its author (whatever their role) and when its target has changed since. */
export async function approveChange(db: Db, id: number, reviewer: Person, comment = ''): Promise<ReviewOutcome> {
  const actor: Actor = { type: 'account', id: reviewer.id, label: reviewer.label };
  const outcome = await db.transaction(async (tx): Promise<ReviewOutcome & { due?: boolean }> => {
    const [row] = await tx.select().from(proposedChange).where(eq(proposedChange.id, id)).for('update');
    if (!row) return { ok: false, error: 'unknown' };
    if (!mayReview(row, reviewer.id)) {
      await recordAudit(tx, { actor, entity: 'proposal', entityId: id, action: 'approve-refused', after: { reason: 'own' } });
      return { ok: false, error: 'own' };
    }
    if (row.status !== 'pending') return { ok: false, error: 'not-pending' };
    if (await isConflicting(tx, row)) return { ok: false, error: 'conflict' };
    const [updated] = await tx
      .update(proposedChange)
      .set({ status: 'approved', reviewerId: reviewer.id, reviewerLabel: reviewer.label, comment: clip(comment), reviewedAt: sql`now()`, updatedAt: sql`now()`, lastError: null })
      .where(eq(proposedChange.id, id))
      .returning({ due: sql<boolean>`${proposedChange.effectiveAt} IS NULL OR ${proposedChange.effectiveAt} <= now()` });
    await recordAudit(tx, { actor, entity: 'proposal', entityId: id, action: 'approve', after: { comment: clip(comment), effectiveAt: row.effectiveAt, author: row.authorLabel } });
    await mailAuthor(tx, row, 'approved', reviewer, clip(comment));
    return { ok: true, status: 'approved', due: updated?.due ?? true };
  });
  if (!outcome.ok) return outcome;
  if (outcome.due) {
    const published = await publishProposal(db, id);
    if (published === 'failed' || published === 'conflict') return { ok: false, error: published === 'conflict' ? 'conflict' : 'failed' };
    return { ok: true, status: 'published' };
  }
  return { ok: true, status: 'approved' };
}

/** Rejects a pending change with a comment (required): it returns to its author. */
export async function rejectChange(db: Db, id: number, reviewer: Person, comment: string): Promise<ReviewOutcome> {
  const text = clip(comment);
  if (!text) return { ok: false, error: 'comment' };
  const actor: Actor = { type: 'account', id: reviewer.id, label: reviewer.label };
  return db.transaction(async (tx): Promise<ReviewOutcome> => {
    const [row] = await tx.select().from(proposedChange).where(eq(proposedChange.id, id)).for('update');
    if (!row) return { ok: false, error: 'unknown' };
    if (!mayReview(row, reviewer.id)) return { ok: false, error: 'own' };
    if (row.status !== 'pending') return { ok: false, error: 'not-pending' };
    await tx
      .update(proposedChange)
      .set({ status: 'rejected', reviewerId: reviewer.id, reviewerLabel: reviewer.label, comment: text, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(proposedChange.id, id));
    await recordAudit(tx, { actor, entity: 'proposal', entityId: id, action: 'reject', after: { comment: text, author: row.authorLabel } });
    await mailAuthor(tx, row, 'rejected', reviewer, text);
    return { ok: true, status: 'rejected' };
  });
}

/** Its author takes a change back (pending, rejected, or approved and not yet in effect). */
export async function withdrawChange(db: Db, id: number, author: Person): Promise<ReviewOutcome> {
  const actor: Actor = { type: 'account', id: author.id, label: author.label };
  return db.transaction(async (tx): Promise<ReviewOutcome> => {
    const [row] = await tx.select().from(proposedChange).where(eq(proposedChange.id, id)).for('update');
    if (!row) return { ok: false, error: 'unknown' };
    if (row.authorId !== author.id) return { ok: false, error: 'not-author' };
    if (!['pending', 'rejected', 'approved'].includes(row.status)) return { ok: false, error: 'not-pending' };
    await tx.update(proposedChange).set({ status: 'withdrawn', updatedAt: sql`now()`, file: null }).where(eq(proposedChange.id, id));
    await recordAudit(tx, { actor, entity: 'proposal', entityId: id, action: 'withdraw', before: { status: row.status } });
    return { ok: true, status: 'withdrawn' };
  });
}

/**
 * Publishes an approved change whose time has come: claimed in one statement (one process runs it),
 * checked once more for a conflict, then THE command runs with the stored input, its audit entry
 * naming the author and the approver. A change that fails goes back to pending with the reason.
 */
export async function publishProposal(db: Db, id: number): Promise<'published' | 'conflict' | 'failed' | 'not-due'> {
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(proposedChange)
      .where(and(eq(proposedChange.id, id), eq(proposedChange.status, 'approved'), or(isNull(proposedChange.effectiveAt), sql`${proposedChange.effectiveAt} <= now()`)))
      .for('update');
    if (!row) return null;
    const conflict = await isConflicting(tx, row);
    await tx
      .update(proposedChange)
      .set(conflict ? { status: 'pending', lastError: 'conflict', updatedAt: sql`now()` } : { status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(proposedChange.id, id));
    if (conflict) await recordAudit(tx, { actor: { type: 'system', label: 'approval' }, entity: 'proposal', entityId: id, action: 'conflict' });
    return { row, conflict };
  });
  if (!claimed) return 'not-due';
  if (claimed.conflict) return 'conflict';
  const { row } = claimed;
  const actor: Actor = row.authorId
    ? { type: 'account', id: row.authorId, label: `${row.authorLabel} (approved by ${row.reviewerLabel ?? '?'})` }
    : { type: 'system', label: `${row.authorLabel} (approved by ${row.reviewerLabel ?? '?'})` };
  let result: Applied;
  try {
    result = (await applyCommand(db, row.kind as ChangeKind, row.input as never, actor, row.file ?? null)).applied;
  } catch (error) {
    log.error({ err: error, proposal: id }, 'an approved change could not be published');
    result = { ok: false, error: 'error' };
  }
  await db.transaction(async (tx) => {
    if (result.ok) {
      await tx.update(proposedChange).set({ file: null }).where(eq(proposedChange.id, id));
      await recordAudit(tx, {
        actor: { type: 'system', label: 'approval' },
        entity: 'proposal',
        entityId: id,
        action: 'publish',
        after: { kind: row.kind, target: row.targetKey, author: row.authorLabel, approver: row.reviewerLabel, changed: result.changed },
      });
    } else {
      // Still approved: the sweep tries it again after RETRY_MINUTES, and the queue shows it as failed.
      await tx.update(proposedChange).set({ status: 'approved', publishedAt: null, lastError: result.error.slice(0, 500), updatedAt: sql`now()` }).where(eq(proposedChange.id, id));
      await recordAudit(tx, { actor: { type: 'system', label: 'approval' }, entity: 'proposal', entityId: id, action: 'publish-failed', after: { error: result.error } });
    }
  });
  return result.ok ? 'published' : 'failed';
}

/**
 * An approved change is due when its effective date has passed or it has none (approved for at once,
 * and not published: the process stopped, or its publication failed); one that failed waits
 * RETRY_MINUTES after its last try.
 */
const dueCondition = sql`(${proposedChange.effectiveAt} IS NULL OR ${proposedChange.effectiveAt} <= now()) AND (${proposedChange.lastError} IS NULL OR ${proposedChange.updatedAt} <= now() - make_interval(mins => ${RETRY_MINUTES}))`;

/** Publishes every approved change that is due; answers how many. */
export async function publishDueProposals(db: Db): Promise<number> {
  const due = await db
    .select({ id: proposedChange.id })
    .from(proposedChange)
    .where(and(eq(proposedChange.status, 'approved'), dueCondition))
    .orderBy(asc(proposedChange.effectiveAt), asc(proposedChange.id))
    .limit(100);
  let count = 0;
  for (const { id } of due) if ((await publishProposal(db, id)) === 'published') count++;
  return count;
}

/** The next effective date of an approved change, and when the next approvers' digest may go. */
export async function nextApprovalTimes(db: Executor): Promise<{ now: Date; effective: Date | null; digest: Date | null }> {
  const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));
  const [row] = await db
    .select({
      now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)),
      effective: sql<string | null>`min(CASE WHEN ${proposedChange.lastError} IS NOT NULL THEN greatest(coalesce(${proposedChange.effectiveAt}, ${proposedChange.updatedAt}), ${proposedChange.updatedAt} + make_interval(mins => ${RETRY_MINUTES})) ELSE coalesce(${proposedChange.effectiveAt}, now()) END) filter (where ${proposedChange.status} = 'approved')`.mapWith(toDate),
      waiting: sql<number>`count(*) filter (where ${proposedChange.status} = 'pending' and ${proposedChange.notifiedAt} is null)`.mapWith(Number),
      lastDigest: sql<string | null>`max(${proposedChange.notifiedAt})`.mapWith(toDate),
    })
    .from(proposedChange);
  const now = row?.now ?? new Date();
  const digest = row && row.waiting > 0 ? (row.lastDigest ? new Date(row.lastDigest.getTime() + DIGEST_MINUTES * 60_000) : now) : null;
  return { now, effective: row?.effective ?? null, digest };
}

/**
 * Mails approvers (compliance officers and admins) one digest of the changes awaiting them that no
 * digest named yet, at most one per DIGEST_MINUTES across processes (an advisory lock orders them).
 * An approver is not mailed about their own changes only. Answers how many changes it named.
 */
export async function sendReviewDigest(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fundhouse-review-digest'))`);
    const [recent] = await tx
      .select({ id: proposedChange.id })
      .from(proposedChange)
      .where(sql`${proposedChange.notifiedAt} > now() - make_interval(mins => ${DIGEST_MINUTES})`)
      .limit(1);
    if (recent) return 0;
    const waiting = await tx
      .select({ id: proposedChange.id, label: proposedChange.targetLabel, area: proposedChange.area, authorId: proposedChange.authorId, authorLabel: proposedChange.authorLabel })
      .from(proposedChange)
      .where(and(eq(proposedChange.status, 'pending'), isNull(proposedChange.notifiedAt)))
      .orderBy(asc(proposedChange.id))
      .limit(200);
    if (waiting.length === 0) return 0;
    await tx.update(proposedChange).set({ notifiedAt: sql`now()` }).where(inArray(proposedChange.id, waiting.map((w) => w.id)));
    const approvers = await tx
      .select({ id: staffUser.id, email: staffUser.email, locale: staffUser.locale })
      .from(staffUser)
      .where(and(inArray(staffUser.role, ['compliance', 'admin']), isNull(staffUser.disabledAt)));
    const base = env().PUBLIC_BASE_URL;
    for (const approver of approvers) {
      const theirs = waiting.filter((w) => w.authorId !== approver.id);
      if (theirs.length === 0) continue;
      const locale: Locale = isAdminLocale(approver.locale) ? approver.locale : 'fr';
      const t = adminTranslator(locale);
      const lines = theirs.map((w) => `- ${t(`approval.areas.${w.area as ApprovalArea}`)}: ${w.label} (${w.authorLabel}) ${new URL(`/admin/reviews/${w.id}`, base).toString()}`);
      await tx.insert(mailOutbox).values({
        kind: 'review',
        to: approver.email,
        subject: t('approval.mail.digestSubject', { count: theirs.length }),
        text: t('approval.mail.digestBody', { count: theirs.length, list: lines.join('\n'), url: new URL('/admin/reviews', base).toString() }),
      });
    }
    return waiting.length;
  });
}

// ------------------------------------------------------------------ reading

export type ProposalListRow = Pick<ProposalRow, 'id' | 'area' | 'kind' | 'targetLabel' | 'authorId' | 'authorLabel' | 'note' | 'status' | 'effectiveAt' | 'createdAt' | 'comment' | 'reviewerLabel' | 'lastError'>;

const listColumns = {
  id: proposedChange.id,
  area: proposedChange.area,
  kind: proposedChange.kind,
  targetLabel: proposedChange.targetLabel,
  authorId: proposedChange.authorId,
  authorLabel: proposedChange.authorLabel,
  note: proposedChange.note,
  status: proposedChange.status,
  effectiveAt: proposedChange.effectiveAt,
  createdAt: proposedChange.createdAt,
  comment: proposedChange.comment,
  reviewerLabel: proposedChange.reviewerLabel,
  lastError: proposedChange.lastError,
};

/** The review queue: pending changes, oldest first (bounded). */
export function listPendingChanges(db: Executor, limit = 200): Promise<ProposalListRow[]> {
  return db.select(listColumns).from(proposedChange).where(eq(proposedChange.status, 'pending')).orderBy(asc(proposedChange.createdAt), asc(proposedChange.id)).limit(limit);
}

/** Changes approved and not yet published: waiting for their effective date, or for another attempt after a failed one. */
export function listScheduledChanges(db: Executor, limit = 200): Promise<ProposalListRow[]> {
  return db.select(listColumns).from(proposedChange).where(eq(proposedChange.status, 'approved')).orderBy(asc(proposedChange.effectiveAt)).limit(limit);
}

/** An author's own open changes: pending, approved for later, or rejected (with the comment). */
export function listMyChanges(db: Executor, authorId: string, limit = 100): Promise<ProposalListRow[]> {
  return db
    .select(listColumns)
    .from(proposedChange)
    .where(and(eq(proposedChange.authorId, authorId), inArray(proposedChange.status, ['pending', 'approved', 'rejected'] satisfies ProposalStatus[])))
    .orderBy(desc(proposedChange.updatedAt))
    .limit(limit);
}

export async function countPendingChanges(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(proposedChange).where(eq(proposedChange.status, 'pending'));
  return row?.n ?? 0;
}

export async function proposalById(db: Executor, id: number): Promise<(Omit<ProposalRow, 'file'> & { hasFile: boolean; conflicting: boolean }) | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({ ...listColumns, targetKey: proposedChange.targetKey, input: proposedChange.input, before: proposedChange.before, beforeHash: proposedChange.beforeHash, after: proposedChange.after, reviewerId: proposedChange.reviewerId, notifiedAt: proposedChange.notifiedAt, updatedAt: proposedChange.updatedAt, reviewedAt: proposedChange.reviewedAt, publishedAt: proposedChange.publishedAt, hasFile: sql<boolean>`${proposedChange.file} IS NOT NULL` })
    .from(proposedChange)
    .where(eq(proposedChange.id, id));
  if (!row) return null;
  const conflicting = ['pending', 'approved'].includes(row.status) ? await isConflicting(db, row) : false;
  return { ...row, conflicting };
}

/**
 * A proposed document's bytes, for the review screen's preview (the file leaves with publication).
 * A batch of documents (`import.documents`) keeps its files one after the other: `index` names one.
 */
export async function proposalFile(db: Executor, id: number, index = 0): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select({ file: proposedChange.file, input: proposedChange.input, kind: proposedChange.kind }).from(proposedChange).where(eq(proposedChange.id, id));
  if (!row?.file) return null;
  if (row.kind === 'import.documents') {
    const items = (row.input as { items?: { fileName?: unknown; size?: unknown }[] }).items ?? [];
    const files = splitBundle(row.file, items.map((i) => Number(i.size)));
    const bytes = Number.isSafeInteger(index) ? files?.[index] : undefined;
    return bytes ? { bytes, fileName: String(items[index]?.fileName ?? 'document.pdf') } : null;
  }
  return index === 0 ? { bytes: row.file, fileName: proposedFileName(row.input) } : null;
}

/** The pending changes whose target changed since they were made (flagged in the queue; not approvable as is). */
export async function pendingConflicts(db: Executor, limit = 200): Promise<Set<number>> {
  const rows = await db
    .select({ id: proposedChange.id, kind: proposedChange.kind, input: proposedChange.input, beforeHash: proposedChange.beforeHash })
    .from(proposedChange)
    .where(eq(proposedChange.status, 'pending'))
    .orderBy(asc(proposedChange.createdAt))
    .limit(limit);
  const ids = new Set<number>();
  for (const row of rows) if (await isConflicting(db, row)) ids.add(row.id);
  return ids;
}
