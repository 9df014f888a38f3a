'use server';

/**
 * The API tokens screen's server actions (admins), built with staffAction.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { isTokenScope, type TokenScope } from '@/domain/staff/roles';
import { createApiToken, MAX_TOKEN_DAYS, revokeApiToken, takeOverApiToken } from '@/server/auth/tokens';
import { staffAction } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';

export type TokenState = { token?: string; error?: 'invalid' };

const tokenInput = z.object({
  name: field.text().pipe(z.string().trim().min(1).max(100)),
  scope: field.text().refine((s): s is TokenScope => isTokenScope(s)),
  days: field.text().pipe(z.coerce.number<string>().int().min(1).max(MAX_TOKEN_DAYS)),
});

export const createToken = staffAction(
  'accounts.manage',
  tokenInput,
  async ({ name, scope, days }, { staff }, _previous: TokenState): Promise<TokenState> => {
    const created = await createApiToken(await getDb(), { name, scope, days, createdBy: staff.id }, staff.actor);
    revalidatePath('/admin/tokens');
    return { token: created.token };
  },
  (): TokenState => ({ error: 'invalid' }),
);

export const revokeToken = staffAction(
  'accounts.manage',
  z.object({ id: field.text() }),
  async ({ id }, { staff }) => {
    await revokeApiToken(await getDb(), id, staff.actor);
    redirect('/admin/tokens?done=revoked');
  },
  () => redirect('/admin/tokens'),
);

/** An admin takes a token over: it follows their account from now on (audited). */
export const takeOverToken = staffAction(
  'accounts.manage',
  z.object({ id: field.text() }),
  async ({ id }, { staff }) => {
    const result = await takeOverApiToken(await getDb(), id, staff.id, staff.actor);
    redirect(result === 'ok' ? '/admin/tokens?done=takenOver' : '/admin/tokens');
  },
  () => redirect('/admin/tokens'),
);
