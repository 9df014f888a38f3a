import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { nextCookies } from 'better-auth/next-js';
import { twoFactor } from 'better-auth/plugins';
import { env } from '@/env';
import { recordAudit } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { getDb } from '@/server/db';
import * as schema from '@/server/db/schema';
import { authSecret } from './secret';
import { requestDrain } from '@/server/outbox/drain';
import { MIN_PASSWORD_LENGTH, RESET_SECONDS, SESSION_SECONDS } from './constants';
import { SSO_PROVIDER_ID } from '@/domain/staff/sso';
import { passwordLoginEnabled, ssoDatabaseHooks, ssoPlugin, ssoSecondFactorHook, ssoSettings, validateStaffSignOn } from './sso';

export { MIN_PASSWORD_LENGTH };

export function publicOrigin(): string {
  return new URL(env().PUBLIC_BASE_URL).origin;
}

/**
 * Better Auth over our own tables (staff_*), Drizzle adapter. Its HTTP handler is NOT mounted:
 * every sign-in, sign-out, reset and TOTP step goes through the back-office's server actions,
 * which check the request's Origin, throttle failed sign-ins (throttle.ts) and audit, and call
 * auth.api.* there. Sign-up is closed: accounts come from invitations, `admin:create` and
 * the bootstrap admin. The one exception is single sign-on (sso.ts, decision 030): the provider's
 * callback, /api/admin/auth/callback/staff-oidc, is served by Better Auth's handler (a route handler
 * that mounts that path only), and a first sign-on may create an account under our rules.
 */
export function createAuth(db: Db, secret: string) {
  const https = env().PUBLIC_BASE_URL.startsWith('https:');
  const sso = ssoSettings();
  return betterAuth({
    appName: 'Back-office',
    baseURL: publicOrigin(),
    basePath: '/api/admin/auth',
    secret,
    trustedOrigins: [publicOrigin()],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.staffUser,
        session: schema.staffSession,
        account: schema.staffAccount,
        verification: schema.staffVerification,
        twoFactor: schema.staffTwoFactor,
      },
    }),
    emailAndPassword: {
      // STAFF_PASSWORD_LOGIN=false: Better Auth refuses every password step too, whatever calls it.
      enabled: passwordLoginEnabled(),
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // An invitation accepted or a password reset: recorded against the account itself.
      onPasswordReset: async ({ user }) => {
        await db.transaction((tx) =>
          recordAudit(tx, { actor: { type: 'account', id: user.id, label: user.email }, entity: 'account', entityId: user.id, action: 'password-set' }),
        );
      },
      sendResetPassword: async ({ user, token }) => {
        // Better Auth answers a reset request even with passwords off: no link leaves then.
        if (!passwordLoginEnabled()) return;
        const { enqueuePasswordResetMail } = await import('./mail');
        await enqueuePasswordResetMail(db, { email: user.email, token });
        void requestDrain();
      },
    },
    user: {
      additionalFields: {
        // No default: an account made by a first single sign-on has no role until an admin gives one.
        role: { type: 'string', required: false, input: false },
        locale: { type: 'string', required: false, defaultValue: 'fr', input: false },
        disabledAt: { type: 'date', required: false, input: false },
      },
      validateUserInfo: (data) => validateStaffSignOn(db, sso, data),
    },
    // Single sign-on finds an invited or existing account by its e-mail. Whether it may link them is
    // decided per account by validateStaffSignOn (sso.ts: the provider's email_verified, no admin,
    // no second factor, or an admin's allowance), so Better Auth's blanket check, which would refuse
    // an allowed account whose provider sends no email_verified (Entra ID), is skipped for our provider.
    account: { accountLinking: { enabled: true, trustedProviders: [SSO_PROVIDER_ID], requireLocalEmailVerified: false } },
    databaseHooks: ssoDatabaseHooks(db),
    // A sign-on to an account with a second factor goes on to the sign-in screen's second step.
    hooks: { after: ssoSecondFactorHook(db) },
    onAPIError: { errorURL: `${publicOrigin()}/admin/login` },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_SECONDS,
      additionalFields: { signInMethod: { type: 'string', required: false, input: false } },
    },
    verification: { storeIdentifier: 'hashed' },
    // Only reached through auth.api from our server actions; throttling is ours (throttle.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'staff',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: 'Fundhouse back-office' }), ...(sso ? [ssoPlugin(sso)] : []), nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

type Holder = { auth?: Promise<Auth> };
const holder = ((globalThis as { __fundhouseAuth?: Holder }).__fundhouseAuth ??= {});

/** The process's Better Auth instance, over the process's database. */
export function getAuth(): Promise<Auth> {
  holder.auth ??= (async () => {
    const db = await getDb();
    return createAuth(db, await authSecret(db));
  })().catch((error: unknown) => {
    holder.auth = undefined;
    throw error;
  });
  return holder.auth;
}

/** Tests that swap the database drop the instance built over the previous one. */
export function resetAuthForTests(): void {
  holder.auth = undefined;
}
