'use server';

/**
 * The accounts screens' server actions (admins; revoking sessions also one's own, from the account
 * screen). Built with staffAction, they call src/server/auth then redirect with a flash key.
 */
import { forbidden, redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { can, isRole } from '@/domain/staff/roles';
import { isAdminLocale } from '@/i18n/admin';
import * as accounts from '@/server/auth/accounts';
import { staffAction } from '@/server/auth/staff-action';
import { ssoSettings } from '@/server/auth/sso';
import { allowSsoLink, removeSsoLink } from '@/server/auth/sso-link';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/outbox/drain';

const invitation = z.object({
  email: field.text().transform((e) => e.trim().toLowerCase()).pipe(z.email()),
  role: field.text().refine(isRole),
  locale: field.text().refine(isAdminLocale),
});

export const inviteAccount = staffAction(
  'accounts.manage',
  invitation,
  async ({ email, role, locale }, { staff }) => {
    const result = await accounts.inviteStaff(await getDb(), { email, role, locale }, staff.actor);
    if (!result.ok) redirect(`/admin/accounts?error=${result.error}`);
    void requestDrain();
    redirect(`/admin/accounts?done=invited&email=${encodeURIComponent(email)}`);
  },
  () => redirect('/admin/accounts?error=email'),
);

const accountPage = (id: string) => `/admin/accounts/${encodeURIComponent(id)}`;

export const changeAccountRole = staffAction(
  'accounts.manage',
  z.object({ id: field.text(), role: field.text().refine(isRole) }),
  async ({ id, role }, { staff }) => {
    const result = await accounts.changeRole(await getDb(), id, role, staff.actor);
    redirect(`${accountPage(id)}?${result.ok ? 'done=roleSaved' : `error=${result.error}`}`);
  },
  (_errors, { values }) => redirect(accountPage(typeof values.id === 'string' ? values.id : '')),
);

export const setAccountDisabled = staffAction(
  'accounts.manage',
  z.object({ id: field.text(), disabled: field.text() }),
  async ({ id, disabled: flag }, { staff }) => {
    const disabled = flag === '1';
    const result = await accounts.setDisabled(await getDb(), id, disabled, staff.actor);
    redirect(`${accountPage(id)}?${result.ok ? `done=${disabled ? 'disabledDone' : 'enabledDone'}` : `error=${result.error}`}`);
  },
  () => redirect('/admin/accounts'),
);

/**
 * Single sign-on for an account an automatic link would refuse (an admin's, one with a second factor,
 * or an e-mail the provider does not verify; decision 030): an admin allows the next sign-on with its
 * e-mail to link it (a week, once), or takes the link or the allowance away. Both audited.
 */
export const allowAccountSso = staffAction(
  'accounts.manage',
  z.object({ id: field.text() }),
  async ({ id }, { staff }) => {
    if (!ssoSettings()) redirect(accountPage(id));
    const result = await allowSsoLink(await getDb(), id, staff.actor);
    redirect(`${accountPage(id)}?${result.ok ? 'done=ssoAllowedDone' : `error=${result.error}`}`);
  },
  (_errors, { values }) => redirect(accountPage(typeof values.id === 'string' ? values.id : '')),
);

export const removeAccountSso = staffAction(
  'accounts.manage',
  z.object({ id: field.text() }),
  async ({ id }, { staff }) => {
    // One's own account keeps the session one is using; every other of its sessions ends.
    const result = await removeSsoLink(await getDb(), id, staff.actor, id === staff.id ? staff.sessionId : undefined);
    redirect(`${accountPage(id)}?${result.ok ? 'done=ssoRemovedDone' : `error=${result.error}`}`);
  },
  (_errors, { values }) => redirect(accountPage(typeof values.id === 'string' ? values.id : '')),
);

/** Revokes one session (or all) of an account: one's own with any role, another's only as an admin. */
export const revokeAccountSessions = staffAction(
  'backoffice.read',
  z.object({ userId: field.text(), sessionId: field.text() }),
  async (input, { staff }) => {
    const { userId } = input;
    const sessionId = input.sessionId || undefined;
    if (userId !== staff.id && !can(staff.role, 'accounts.manage')) forbidden();
    await accounts.revokeSessions(await getDb(), userId, staff.actor, sessionId);
    const ownCurrentGone = userId === staff.id && (!sessionId || sessionId === staff.sessionId);
    if (ownCurrentGone) redirect('/admin/login?done=signedOut');
    redirect(userId === staff.id ? '/admin/me?done=revoked' : `${accountPage(userId)}?done=revoked`);
  },
  () => redirect('/admin/me'),
);
