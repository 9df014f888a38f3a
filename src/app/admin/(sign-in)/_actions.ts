'use server';

/**
 * The sign-in screens' server actions (login, second factor, forgotten and new password, their
 * language). They stay thin: each is built with originAction (same origin alone), then calls
 * src/server/auth, then redirects (post/redirect/get) with a flash key.
 */
import { APIError } from 'better-auth/api';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { clientKey } from '@/domain/staff/login-throttle';
import { SSO_PROVIDER_ID } from '@/domain/staff/sso';
import { ADMIN_LOCALE_COOKIE, isAdminLocale } from '@/i18n/admin';
import { getAuth, MIN_PASSWORD_LENGTH, publicOrigin } from '@/server/auth/config';
import { authSecret } from '@/server/auth/secret';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, signInWithPassword } from '@/server/auth/sign-in';
import { originAction } from '@/server/auth/staff-action';
import { recordFailedSignIn, throttledFor } from '@/server/auth/throttle';
import { passwordLoginEnabled, ssoSettings } from '@/server/auth/sso';
import { getDb } from '@/server/db';
import { clientAddress } from '@/server/forms/request-info';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

// ------------------------------------------------------------------ signing in

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
