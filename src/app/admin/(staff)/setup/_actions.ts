'use server';

/** The go-live screen's action: an admin opens the site to visitors, or closes it again (issue 43). */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { staffAction } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { setSiteOpen } from '@/server/setup/site-open';

export const setSiteOpenAction = staffAction(
  'accounts.manage',
  z.object({ open: field.text().pipe(z.enum(['true', 'false'])) }),
  async ({ open }, { staff }) => {
    const { changed } = await setSiteOpen(await getDb(), open === 'true', staff.actor);
    redirect(`/admin/setup?done=${changed ? (open === 'true' ? 'opened' : 'closed') : 'unchanged'}`);
  },
  () => redirect('/admin/setup'),
);
