'use server';

/**
 * The review queue's server actions (docs/approval.md), built with staffAction. Approving and
 * rejecting need the changes.review permission (compliance officers and admins): any other role
 * gets 403 here, whatever the screen showed. Nobody decides on their own change, whatever their
 * role: 403 too. Post/redirect/get with a flash key, so the screen works without JavaScript.
 */
import { revalidatePath } from 'next/cache';
import { forbidden, redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { rearmClock } from '@/server/clock/schedule';
import { approveChange, rejectChange, withdrawChange } from '@/server/approval/service';
import { staffAction } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/outbox/drain';

/** Bound ids come back from the browser as sent: a bad one leads back to the queue. */
function checkedId(id: unknown): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) redirect('/admin/reviews');
  return id;
}

const back = (id: number, query: string) => `/admin/reviews/${id}?${query}`;

const decision = z.object({ decision: field.choice(['approve', 'reject']), comment: field.text() });

export const decideChangeAction = staffAction(
  'changes.review',
  decision,
  async ({ decision, comment }, { staff }, id: number) => {
    checkedId(id);
    const db = await getDb();
    const outcome = decision === 'reject' ? await rejectChange(db, id, staff.actor, comment) : await approveChange(db, id, staff.actor, comment);
    if (!outcome.ok && outcome.error === 'own') forbidden();
    void requestDrain();
    rearmClock();
    revalidatePath('/admin', 'layout');
    redirect(back(id, outcome.ok ? `done=${outcome.status}` : `error=${outcome.error}`));
  },
  (_errors, _ctx, id) => redirect(back(checkedId(id), 'error=unknown')),
);

export const withdrawChangeAction = staffAction(
  'backoffice.read',
  z.object({}),
  async (_input, { staff }, id: number) => {
    checkedId(id);
    const outcome = await withdrawChange(await getDb(), id, staff.actor);
    if (!outcome.ok && outcome.error === 'not-author') forbidden();
    revalidatePath('/admin', 'layout');
    redirect(back(id, outcome.ok ? 'done=withdrawn' : `error=${outcome.error}`));
  },
  () => redirect('/admin/reviews'),
);
