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
import { requestDrain } from '@/server/forms/outbox';
import { MIN_PASSWORD_LENGTH, RESET_SECONDS, SESSION_SECONDS } from './constants';

export { MIN_PASSWORD_LENGTH };

export function publicOrigin(): string {
  return new URL(env().PUBLIC_BASE_URL).origin;
}

/**
 * Better Auth over our own tables (staff_*), Drizzle adapter. Its HTTP handler is NOT mounted:
 * every sign-in, sign-out, reset and TOTP step goes through the back-office's server actions,
 * which check the request's Origin, throttle failed sign-ins (throttle.ts) and audit, and call
 * auth.api.* there. Sign-up is closed: accounts come from invitations, `admin:create` and
 * the bootstrap admin.
 */
export function createAuth(db: Db, secret: string) {
  const https = env().PUBLIC_BASE_URL.startsWith('https:');
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
      enabled: true,
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
        const { enqueuePasswordResetMail } = await import('./mail');
        await enqueuePasswordResetMail(db, { email: user.email, token });
        void requestDrain();
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'reader', input: false },
        locale: { type: 'string', required: false, defaultValue: 'fr', input: false },
        disabledAt: { type: 'date', required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_SECONDS },
    verification: { storeIdentifier: 'hashed' },
    // Only reached through auth.api from our server actions; throttling is ours (throttle.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'staff',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: 'Fundhouse back-office' }), nextCookies()],
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
