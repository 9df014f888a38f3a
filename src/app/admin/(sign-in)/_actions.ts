'use server';

/**
 * The accounts, sign-in and token screens' server actions. They stay thin: each is built with
 * staffAction (same origin, signed in, role) or, for the sign-in screens, originAction (same origin
 * alone), then calls src/server/auth, then redirects (post/redirect/get) with a flash key.
 */
import { APIError } from 'better-auth/api';
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { can, isRole, isTokenScope, type TokenScope } from '@/domain/staff/roles';
import { clientKey } from '@/domain/staff/login-throttle';
import { SSO_PROVIDER_ID } from '@/domain/staff/sso';
import { ADMIN_LOCALE_COOKIE, isAdminLocale } from '@/i18n/admin';
import { recordAudit } from '@/server/audit/record';
import * as accounts from '@/server/auth/accounts';
import { getAuth, MIN_PASSWORD_LENGTH, publicOrigin } from '@/server/auth/config';
import { authSecret } from '@/server/auth/secret';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, signInWithPassword } from '@/server/auth/sign-in';
import { originAction, staffAction } from '@/server/auth/staff-action';
import { recordFailedSignIn, throttledFor } from '@/server/auth/throttle';
import { passwordLoginEnabled, ssoSettings } from '@/server/auth/sso';
import { allowSsoLink, removeSsoLink } from '@/server/auth/sso-link';
import { createApiToken, MAX_TOKEN_DAYS, revokeApiToken, takeOverApiToken } from '@/server/auth/tokens';
import { getDb } from '@/server/db';
import { clientAddress } from '@/server/forms/request-info';
import { requestDrain } from '@/server/outbox/drain';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

// ------------------------------------------------------------------ signing in and out

/** STAFF_PASSWORD_LOGIN=false: every password step refuses (decision 030). */
function refuseWithoutPasswords(): void {
  if (!passwordLoginEnabled()) redirect('/admin/login?error=passwordsOff');
}

export const signIn = originAction(async (h, form: FormData): Promise<void> => {
  refuseWithoutPasswords();
  const db = await getDb();
  const jar = await cookies();
  const result = await signInWithPassword(db, await getAuth(), await authSecret(db), {
    email: text(form, 'email'),
    password: text(form, 'password'),
    address: clientAddress(h),
    device: jar.get(DEVICE_COOKIE)?.value,
    headers: h,
  });
  if (result.outcome === 'throttled') redirect(`/admin/login?error=throttled&minutes=${minutes(result.seconds)}`);
  if (result.outcome === 'wrong') redirect('/admin/login?error=wrong');
  jar.set(DEVICE_COOKIE, result.device, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicOrigin().startsWith('https:'),
    path: '/admin',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  redirect(result.outcome === 'twoFactor' ? '/admin/login/two-factor' : '/admin');
});

/** Single sign-on: off to the identity provider (state, PKCE and nonce kept by Better Auth); it comes back to /api/admin/auth/callback/staff-oidc. */
export const signInWithSso = originAction(async (h): Promise<void> => {
  if (!ssoSettings()) redirect('/admin/login');
  const result = await (await getAuth()).api.signInSocial({
    body: { provider: SSO_PROVIDER_ID, callbackURL: '/admin', newUserCallbackURL: '/admin', errorCallbackURL: '/admin/login', disableRedirect: true },
    headers: h,
  });
  if (!result.url) redirect('/admin/login?error=ssoFailed');
  redirect(result.url);
});

export const verifySecondFactor = originAction(async (h, form: FormData): Promise<void> => {
  const code = text(form, 'code').replace(/\s+/g, '');
  let ok = false;
  try {
    await (await getAuth()).api.verifyTOTP({ body: { code }, headers: h });
    ok = true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  redirect(ok ? '/admin' : '/admin/login/two-factor?error=wrong');
});

export const signOut = originAction(async (h): Promise<void> => {
  try {
    await (await getAuth()).api.signOut({ headers: h });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  redirect('/admin/login?done=signedOut');
});

/** The language of the sign-in screens (before anyone is signed in): a cookie. */
export const chooseLoginLocale = originAction(async (_h, form: FormData): Promise<void> => {
  const locale = text(form, 'locale');
  if (isAdminLocale(locale)) (await cookies()).set(ADMIN_LOCALE_COOKIE, locale, { httpOnly: true, sameSite: 'lax', path: '/admin', maxAge: 365 * 86_400 });
  const back = text(form, 'back');
  redirect(back.startsWith('/admin/') && !back.startsWith('//') ? back : '/admin/login');
});

// ------------------------------------------------------------------ passwords

export const requestPasswordReset = originAction(async (h, form: FormData): Promise<void> => {
  refuseWithoutPasswords();
  const email = z.email().safeParse(text(form, 'email').trim().toLowerCase());
  if (!email.success) redirect('/admin/forgot-password?error=email');
  const db = await getDb();
  const key = clientKey(clientAddress(h));
  if ((await throttledFor(db, [key])) > 0) redirect('/admin/forgot-password?sent=1');
  // Each request counts against the client address like a failed sign-in: no mail bombing.
  await recordFailedSignIn(db, [key]);
  await (await getAuth()).api.requestPasswordReset({ body: { email: email.data, redirectTo: '/admin/set-password' }, headers: h });
  redirect('/admin/forgot-password?sent=1');
});

export const setPassword = originAction(async (_h, form: FormData): Promise<void> => {
  refuseWithoutPasswords();
  const token = text(form, 'token');
  const password = text(form, 'password');
  const back = `/admin/set-password?token=${encodeURIComponent(token)}`;
  if (password.length < MIN_PASSWORD_LENGTH) redirect(`${back}&error=tooShort`);
  if (password !== text(form, 'confirm')) redirect(`${back}&error=mismatch`);
  let ok = false;
  try {
    await (await getAuth()).api.resetPassword({ body: { newPassword: password, token } });
    ok = true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  redirect(ok ? '/admin/login?done=passwordSet' : `${back}&error=invalid`);
});

const self = { permission: 'backoffice.read', enrolling: true } as const;

export const changeMyPassword = staffAction(
  self,
  z.object({ current: field.text(), new: field.text() }),
  async (input, { staff }) => {
    refuseWithoutPasswords();
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

// ------------------------------------------------------------------ accounts (admins)

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

// ------------------------------------------------------------------ API tokens (admins)

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
