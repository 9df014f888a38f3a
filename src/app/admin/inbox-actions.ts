'use server';

/**
 * The server actions of the inbox and the outbox. Each checks the request first
 * (requireStaffAction: same origin, signed in, `submissions.handle`; a forbidden one answers 403 and
 * changes nothing), then calls src/server, which audits the change in its transaction.
 */
import { redirect } from 'next/navigation';
import { isSubmissionStatus } from '@/domain/inbox';
import { requireStaffAction } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/forms/outbox';
import { retryMailNow, setHandling } from '@/server/queries/inbox';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function handleSubmission(id: string, form: FormData): Promise<void> {
  const staff = await requireStaffAction('submissions.handle');
  const status = text(form, 'status');
  const assignee = text(form, 'assignee');
  const base = `/admin/inbox/${encodeURIComponent(id)}`;
  if (!isSubmissionStatus(status)) redirect(`${base}?error=status`);
  const result = await setHandling(await getDb(), id, { status, assigneeId: assignee || null }, staff.actor);
  if (!result.ok) redirect(result.error === 'notFound' ? '/admin/inbox?error=notFound' : `${base}?error=assignee`);
  redirect(`${base}?done=${result.changed ? 'saved' : 'unchanged'}`);
}

export async function retryMail(back: string, form: FormData): Promise<void> {
  const staff = await requireStaffAction('submissions.handle');
  const ok = await retryMailNow(await getDb(), Number(text(form, 'mail')), staff.actor);
  if (ok) void requestDrain();
  // Back to the screen the button was on: the outbox or a submission, never anywhere else.
  const target = back.startsWith('/admin/inbox/') || back.startsWith('/admin/outbox') ? back.split('?')[0] : '/admin/outbox';
  redirect(`${target}?${ok ? 'done=retried' : 'error=notRetried'}`);
}
