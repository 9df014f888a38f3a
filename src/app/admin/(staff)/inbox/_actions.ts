'use server';

/**
 * The server actions of the inbox and the outbox, built with staffAction (same origin, signed in,
 * `submissions.handle`; a forbidden one answers 403 and changes nothing). src/server audits the
 * change in its transaction; the screen comes back with a flash key (post/redirect/get).
 */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { isSubmissionStatus } from '@/domain/forms/inbox';
import { staffAction } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/outbox/drain';
import { setHandling } from '@/server/inbox/commands';
import { retryMailNow } from '@/server/outbox/commands';

const base = (id: string) => `/admin/inbox/${encodeURIComponent(id)}`;

/** Back to the screen the button was on: the outbox or a submission, never anywhere else. */
const screen = (back: unknown) => (typeof back === 'string' && (back.startsWith('/admin/inbox/') || back.startsWith('/admin/outbox')) ? back.split('?')[0] : '/admin/outbox');

const handling = z.object({ status: field.text().refine(isSubmissionStatus), assignee: field.text(200) });

export const handleSubmission = staffAction(
  'submissions.handle',
  handling,
  async ({ status, assignee }, { staff }, id: string) => {
    const result = await setHandling(await getDb(), id, { status, assigneeId: assignee || null }, staff.actor);
    if (!result.ok) redirect(result.error === 'notFound' ? '/admin/inbox?error=notFound' : `${base(id)}?error=assignee`);
    redirect(`${base(id)}?done=${result.changed ? 'saved' : 'unchanged'}`);
  },
  (errors, _ctx, id) => redirect(`${base(id)}?error=${'assignee' in errors ? 'assignee' : 'status'}`),
);

export const retryMail = staffAction(
  'submissions.handle',
  z.object({ mail: field.text(20) }),
  async ({ mail }, { staff }, back: string) => {
    const ok = await retryMailNow(await getDb(), Number(mail), staff.actor);
    if (ok) void requestDrain();
    redirect(`${screen(back)}?${ok ? 'done=retried' : 'error=notRetried'}`);
  },
  (_errors, _ctx, back) => redirect(`${screen(back)}?error=notRetried`),
);
