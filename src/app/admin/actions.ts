'use server';

/**
 * Every back-office form posts to one of these server actions. They stay thin: each checks the
 * request first (requireStaffAction: same origin, signed in, role; or sameOrigin alone for the
 * sign-in screens), then calls src/server/auth, then redirects (post/redirect/get) with a flash key.
 */
import { APIError } from 'better-auth/api';
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { z } from 'zod';
import { isRole, isTokenScope, type TokenScope } from '@/domain/roles';
import { clientKey } from '@/domain/login-throttle';
import { SSO_PROVIDER_ID } from '@/domain/sso';
import { ADMIN_LOCALE_COOKIE, isAdminLocale } from '@/i18n/admin';
import { recordAudit } from '@/server/audit/record';
import * as accounts from '@/server/auth/accounts';
import { getAuth, MIN_PASSWORD_LENGTH, publicOrigin } from '@/server/auth/config';
import { authSecret } from '@/server/auth/secret';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, signInWithPassword } from '@/server/auth/sign-in';
import { requireStaffAction, sameOrigin } from '@/server/auth/staff';
import { recordFailedSignIn, throttledFor } from '@/server/auth/throttle';
import { passwordLoginEnabled, ssoSettings } from '@/server/auth/sso';
import { createApiToken, MAX_TOKEN_DAYS, revokeApiToken, takeOverApiToken } from '@/server/auth/tokens';
import { getDb } from '@/server/db';
import { clientAddress } from '@/server/forms/request-info';
import { requestDrain } from '@/server/forms/outbox';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

async function checkOrigin(): Promise<Headers> {
  const h = await headers();
  if (!sameOrigin(h)) forbidden();
  return h;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

// ------------------------------------------------------------------ signing in and out

/** STAFF_PASSWORD_LOGIN=false: every password step refuses (decision 030). */
function refuseWithoutPasswords(): void {
  if (!passwordLoginEnabled()) redirect('/admin/login?error=passwordsOff');
}

export async function signIn(form: FormData): Promise<void> {
  const h = await checkOrigin();
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
}

/** Single sign-on: off to the identity provider (state, PKCE and nonce kept by Better Auth); it comes back to /api/admin/auth/callback/staff-oidc. */
export async function signInWithSso(): Promise<void> {
  const h = await checkOrigin();
  if (!ssoSettings()) redirect('/admin/login');
  const result = await (await getAuth()).api.signInSocial({
    body: { provider: SSO_PROVIDER_ID, callbackURL: '/admin', newUserCallbackURL: '/admin', errorCallbackURL: '/admin/login', disableRedirect: true },
    headers: h,
  });
  if (!result.url) redirect('/admin/login?error=ssoFailed');
  redirect(result.url);
}

export async function verifySecondFactor(form: FormData): Promise<void> {
  const h = await checkOrigin();
  const code = text(form, 'code').replace(/\s+/g, '');
  let ok = false;
  try {
    await (await getAuth()).api.verifyTOTP({ body: { code }, headers: h });
    ok = true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  redirect(ok ? '/admin' : '/admin/login/two-factor?error=wrong');
}

export async function signOut(): Promise<void> {
  const h = await checkOrigin();
  try {
    await (await getAuth()).api.signOut({ headers: h });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  redirect('/admin/login?done=signedOut');
}

/** The language of the sign-in screens (before anyone is signed in): a cookie. */
export async function chooseLoginLocale(form: FormData): Promise<void> {
  await checkOrigin();
  const locale = text(form, 'locale');
  if (isAdminLocale(locale)) (await cookies()).set(ADMIN_LOCALE_COOKIE, locale, { httpOnly: true, sameSite: 'lax', path: '/admin', maxAge: 365 * 86_400 });
  const back = text(form, 'back');
  redirect(back.startsWith('/admin/') && !back.startsWith('//') ? back : '/admin/login');
}

// ------------------------------------------------------------------ passwords

export async function requestPasswordReset(form: FormData): Promise<void> {
  const h = await checkOrigin();
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
}

export async function setPassword(form: FormData): Promise<void> {
  await checkOrigin();
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
}

export async function changeMyPassword(form: FormData): Promise<void> {
  const staff = await requireStaffAction('backoffice.read', { enrolling: true });
  refuseWithoutPasswords();
  const h = await headers();
  const newPassword = text(form, 'new');
  if (newPassword.length < MIN_PASSWORD_LENGTH) redirect('/admin/me?error=tooShort');
  let ok = false;
  try {
    await (await getAuth()).api.changePassword({
      body: { currentPassword: text(form, 'current'), newPassword, revokeOtherSessions: true },
      headers: h,
    });
    ok = true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  if (ok) {
    const db = await getDb();
    await db.transaction((tx) => recordAudit(tx, { actor: staff.actor, entity: 'account', entityId: staff.id, action: 'password-changed' }));
  }
  redirect(ok ? '/admin/me?done=passwordChanged' : '/admin/me?error=wrongCurrent');
}

export async function chooseMyLocale(form: FormData): Promise<void> {
  const staff = await requireStaffAction('backoffice.read', { enrolling: true });
  const locale = text(form, 'locale');
  if (isAdminLocale(locale)) {
    await accounts.setLocale(await getDb(), staff.id, locale);
    (await cookies()).set(ADMIN_LOCALE_COOKIE, locale, { httpOnly: true, sameSite: 'lax', path: '/admin', maxAge: 365 * 86_400 });
  }
  redirect('/admin/me?done=languageSaved');
}

// ------------------------------------------------------------------ second factor

export type EnrolState = { step: 'password' | 'code'; error?: 'wrongPassword' | 'wrongCode'; totpURI?: string; secret?: string; backupCodes?: string[] };

export async function startEnrolment(_previous: EnrolState, form: FormData): Promise<EnrolState> {
  await requireStaffAction('backoffice.read', { enrolling: true });
  try {
    const result = await (await getAuth()).api.enableTwoFactor({ body: { password: text(form, 'password'), method: 'totp' }, headers: await headers() });
    if (result.method !== 'totp') throw new Error('enableTwoFactor: TOTP expected');
    const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
    return { step: 'code', totpURI: result.totpURI, secret, backupCodes: result.backupCodes };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return { step: 'password', error: 'wrongPassword' };
  }
}

export async function confirmEnrolment(previous: EnrolState, form: FormData): Promise<EnrolState> {
  await requireStaffAction('backoffice.read', { enrolling: true });
  let ok = false;
  try {
    await (await getAuth()).api.verifyTOTP({ body: { code: text(form, 'code').replace(/\s+/g, '') }, headers: await headers() });
    ok = true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  // The audit entry is written by the database with Better Auth's update (migration 0007).
  if (!ok) return { ...previous, error: 'wrongCode' };
  redirect('/admin/me/two-factor?done=enabled');
}

export async function disableSecondFactor(form: FormData): Promise<void> {
  await requireStaffAction('backoffice.read', { enrolling: true });
  let ok = false;
  try {
    await (await getAuth()).api.disableTwoFactor({ body: { password: text(form, 'password') }, headers: await headers() });
    ok = true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  // The audit entry is written by the database with Better Auth's update (migration 0007).
  if (!ok) redirect('/admin/me/two-factor?error=wrongPassword');
  redirect('/admin/me/two-factor?done=disabled');
}

// ------------------------------------------------------------------ accounts (admins)

export async function inviteAccount(form: FormData): Promise<void> {
  const staff = await requireStaffAction('accounts.manage');
  const email = z.email().safeParse(text(form, 'email').trim().toLowerCase());
  const role = text(form, 'role');
  const locale = text(form, 'locale');
  if (!email.success || !isRole(role) || !isAdminLocale(locale)) redirect('/admin/accounts?error=email');
  const result = await accounts.inviteStaff(await getDb(), { email: email.data, role, locale }, staff.actor);
  if (!result.ok) redirect(`/admin/accounts?error=${result.error}`);
  void requestDrain();
  redirect(`/admin/accounts?done=invited&email=${encodeURIComponent(email.data)}`);
}

export async function changeAccountRole(form: FormData): Promise<void> {
  const staff = await requireStaffAction('accounts.manage');
  const id = text(form, 'id');
  const role = text(form, 'role');
  if (!isRole(role)) redirect(`/admin/accounts/${encodeURIComponent(id)}`);
  const result = await accounts.changeRole(await getDb(), id, role, staff.actor);
  redirect(`/admin/accounts/${encodeURIComponent(id)}?${result.ok ? 'done=roleSaved' : `error=${result.error}`}`);
}

export async function setAccountDisabled(form: FormData): Promise<void> {
  const staff = await requireStaffAction('accounts.manage');
  const id = text(form, 'id');
  const disabled = text(form, 'disabled') === '1';
  const result = await accounts.setDisabled(await getDb(), id, disabled, staff.actor);
  redirect(`/admin/accounts/${encodeURIComponent(id)}?${result.ok ? `done=${disabled ? 'disabledDone' : 'enabledDone'}` : `error=${result.error}`}`);
}

/** Revokes one session (or all) of an account: one's own with any role, another's only as an admin. */
export async function revokeAccountSessions(form: FormData): Promise<void> {
  const userId = text(form, 'userId');
  const sessionId = text(form, 'sessionId') || undefined;
  let staff = await requireStaffAction('backoffice.read');
  if (userId !== staff.id) staff = await requireStaffAction('accounts.manage');
  await accounts.revokeSessions(await getDb(), userId, staff.actor, sessionId);
  const ownCurrentGone = userId === staff.id && (!sessionId || sessionId === staff.sessionId);
  if (ownCurrentGone) redirect('/admin/login?done=signedOut');
  redirect(userId === staff.id ? '/admin/me?done=revoked' : `/admin/accounts/${encodeURIComponent(userId)}?done=revoked`);
}

// ------------------------------------------------------------------ API tokens (admins)

export type TokenState = { token?: string; error?: 'invalid' };

const tokenInput = z.object({
  name: z.string().trim().min(1).max(100),
  scope: z.string().refine((s): s is TokenScope => isTokenScope(s)),
  days: z.coerce.number().int().min(1).max(MAX_TOKEN_DAYS),
});

export async function createToken(_previous: TokenState, form: FormData): Promise<TokenState> {
  const staff = await requireStaffAction('accounts.manage');
  const parsed = tokenInput.safeParse({ name: text(form, 'name'), scope: text(form, 'scope'), days: text(form, 'days') });
  if (!parsed.success) return { error: 'invalid' };
  const created = await createApiToken(
    await getDb(),
    { name: parsed.data.name, scope: parsed.data.scope as TokenScope, days: parsed.data.days, createdBy: staff.id },
    staff.actor,
  );
  revalidatePath('/admin/tokens');
  return { token: created.token };
}

export async function revokeToken(form: FormData): Promise<void> {
  const staff = await requireStaffAction('accounts.manage');
  await revokeApiToken(await getDb(), text(form, 'id'), staff.actor);
  redirect('/admin/tokens?done=revoked');
}

/** An admin takes a token over: it follows their account from now on (audited). */
export async function takeOverToken(form: FormData): Promise<void> {
  const staff = await requireStaffAction('accounts.manage');
  const result = await takeOverApiToken(await getDb(), text(form, 'id'), staff.id, staff.actor);
  redirect(result === 'ok' ? '/admin/tokens?done=takenOver' : '/admin/tokens');
}
