'use server';

/**
 * The own account's server actions (password, language, second factor): any signed-in role,
 * while enrolling too. Built with staffAction, they call src/server/auth then redirect with a flash key.
 */
import { APIError } from 'better-auth/api';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { ADMIN_LOCALE_COOKIE, isAdminLocale } from '@/i18n/admin';
import { recordAudit } from '@/server/audit/record';
import * as accounts from '@/server/auth/accounts';
import { getAuth, MIN_PASSWORD_LENGTH } from '@/server/auth/config';
import { staffAction } from '@/server/auth/staff-action';
import { passwordLoginEnabled } from '@/server/auth/sso';
import { getDb } from '@/server/db';

const self = { permission: 'backoffice.read', enrolling: true } as const;

export const changeMyPassword = staffAction(
  self,
  z.object({ current: field.text(), new: field.text() }),
  async (input, { staff }) => {
    // STAFF_PASSWORD_LOGIN=false: every password step refuses (decision 030).
    if (!passwordLoginEnabled()) redirect('/admin/login?error=passwordsOff');
    const newPassword = input.new;
    if (newPassword.length < MIN_PASSWORD_LENGTH) redirect('/admin/me?error=tooShort');
    let ok = false;
    try {
      await (await getAuth()).api.changePassword({ body: { currentPassword: input.current, newPassword, revokeOtherSessions: true }, headers: await headers() });
      ok = true;
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
    }
    if (ok) {
      const db = await getDb();
      await db.transaction((tx) => recordAudit(tx, { actor: staff.actor, entity: 'account', entityId: staff.id, action: 'password-changed' }));
    }
    redirect(ok ? '/admin/me?done=passwordChanged' : '/admin/me?error=wrongCurrent');
  },
  () => redirect('/admin/me?error=wrongCurrent'),
);

export const chooseMyLocale = staffAction(
  self,
  z.object({ locale: field.text() }),
  async ({ locale }, { staff }) => {
    if (isAdminLocale(locale)) {
      await accounts.setLocale(await getDb(), staff.id, locale);
      (await cookies()).set(ADMIN_LOCALE_COOKIE, locale, { httpOnly: true, sameSite: 'lax', path: '/admin', maxAge: 365 * 86_400 });
    }
    redirect('/admin/me?done=languageSaved');
  },
  () => redirect('/admin/me'),
);

// ------------------------------------------------------------------ second factor

export type EnrolState = { step: 'password' | 'code'; error?: 'wrongPassword' | 'wrongCode'; totpURI?: string; secret?: string; backupCodes?: string[] };

export const startEnrolment = staffAction(
  self,
  z.object({ password: field.text() }),
  async ({ password }, _ctx, _previous: EnrolState): Promise<EnrolState> => {
    try {
      const result = await (await getAuth()).api.enableTwoFactor({ body: { password, method: 'totp' }, headers: await headers() });
      if (result.method !== 'totp') throw new Error('enableTwoFactor: TOTP expected');
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      return { step: 'code', totpURI: result.totpURI, secret, backupCodes: result.backupCodes };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      return { step: 'password', error: 'wrongPassword' };
    }
  },
  (): EnrolState => ({ step: 'password', error: 'wrongPassword' }),
);

export const confirmEnrolment = staffAction(
  self,
  z.object({ code: field.text(100) }),
  async ({ code }, _ctx, previous: EnrolState): Promise<EnrolState> => {
    let ok = false;
    try {
      await (await getAuth()).api.verifyTOTP({ body: { code: code.replace(/\s+/g, '') }, headers: await headers() });
      ok = true;
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
    }
    // The audit entry is written by the database with Better Auth's update (migration 0007).
    if (!ok) return { ...previous, error: 'wrongCode' };
    redirect('/admin/me/two-factor?done=enabled');
  },
  (_errors, _ctx, previous): EnrolState => ({ ...previous, error: 'wrongCode' }),
);

export const disableSecondFactor = staffAction(
  self,
  z.object({ password: field.text() }),
  async ({ password }) => {
    let ok = false;
    try {
      await (await getAuth()).api.disableTwoFactor({ body: { password }, headers: await headers() });
      ok = true;
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
    }
    // The audit entry is written by the database with Better Auth's update (migration 0007).
    if (!ok) redirect('/admin/me/two-factor?error=wrongPassword');
    redirect('/admin/me/two-factor?done=disabled');
  },
  () => redirect('/admin/me/two-factor?error=wrongPassword'),
);
