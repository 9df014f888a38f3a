import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SubmissionStatus } from '@/domain/forms/inbox';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { isSubmissionId } from '@/server/inbox/queries';

/** The back-office's handling of the visitors' submissions: each change audited in its own transaction with before and after. */

export type HandlingResult = { ok: true; changed: boolean } | { ok: false; error: 'notFound' | 'assignee' };

/** Sets the status and the assignee of a submission, audited with before and after in the same transaction. */
export async function setHandling(db: Db, id: string, next: { status: SubmissionStatus; assigneeId: string | null }, actor: Actor): Promise<HandlingResult> {
  if (!isSubmissionId(id)) return { ok: false, error: 'notFound' };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: t.formSubmissions.status, assigneeId: t.formSubmissions.assigneeId, assignee: t.staffUser.email })
      .from(t.formSubmissions)
      .leftJoin(t.staffUser, eq(t.staffUser.id, t.formSubmissions.assigneeId))
      .where(eq(t.formSubmissions.id, id))
      .for('update', { of: t.formSubmissions });
    if (!current) return { ok: false, error: 'notFound' } as const;
    let assignee: string | null = null;
    if (next.assigneeId) {
      const [staff] = await tx
        .select({ email: t.staffUser.email })
        .from(t.staffUser)
        .where(and(eq(t.staffUser.id, next.assigneeId), inArray(t.staffUser.role, ['admin', 'editor']), isNull(t.staffUser.disabledAt)));
      if (!staff) return { ok: false, error: 'assignee' } as const;
      assignee = staff.email;
    }
    if (current.status === next.status && current.assigneeId === next.assigneeId) return { ok: true, changed: false } as const;
    await tx
      .update(t.formSubmissions)
      .set({ status: next.status, assigneeId: next.assigneeId, handledBy: actor.label, handledAt: sql`now()` })
      .where(eq(t.formSubmissions.id, id));
    await recordAudit(tx, {
      actor,
      entity: 'submission',
      entityId: id,
      action: 'handle',
      before: { status: current.status, assignee: current.assignee },
      after: { status: next.status, assignee },
    });
    return { ok: true, changed: true } as const;
  });
}
