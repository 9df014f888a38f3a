'use server';

/**
 * The review queue's server actions (docs/approval.md). Approving and rejecting need the
 * changes.review permission (compliance officers and admins): any other role gets 403 here,
 * whatever the screen showed. Nobody decides on their own change, whatever their role: 403 too.
 * Post/redirect/get with a flash key, so the screen works without JavaScript.
 */
import { revalidatePath } from 'next/cache';
import { forbidden, redirect } from 'next/navigation';
import { rearmApprovalSchedule } from '@/server/approval/schedule';
import { approveChange, rejectChange, withdrawChange } from '@/server/approval/service';
import { requireStaffAction } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/forms/outbox';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const back = (id: number, query: string) => `/admin/reviews/${id}?${query}`;

export async function decideChangeAction(id: number, form: FormData): Promise<void> {
  const staff = await requireStaffAction('changes.review');
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) redirect('/admin/reviews');
  const decision = text(form, 'decision');
  const comment = text(form, 'comment');
  const db = await getDb();
  const outcome = decision === 'reject' ? await rejectChange(db, id, staff.actor, comment) : decision === 'approve' ? await approveChange(db, id, staff.actor, comment) : null;
  if (!outcome) redirect(back(id, 'error=unknown'));
  if (!outcome.ok && outcome.error === 'own') forbidden();
  void requestDrain();
  rearmApprovalSchedule();
  revalidatePath('/admin', 'layout');
  redirect(back(id, outcome.ok ? `done=${outcome.status}` : `error=${outcome.error}`));
}

export async function withdrawChangeAction(id: number, _form: FormData): Promise<void> {
  const staff = await requireStaffAction('backoffice.read');
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) redirect('/admin/reviews');
  const outcome = await withdrawChange(await getDb(), id, staff.actor);
  if (!outcome.ok && outcome.error === 'not-author') forbidden();
  revalidatePath('/admin', 'layout');
  redirect(back(id, outcome.ok ? 'done=withdrawn' : `error=${outcome.error}`));
}
