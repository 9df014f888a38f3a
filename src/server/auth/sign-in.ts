import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { clientKey, pairKey } from '@/domain/staff/login-throttle';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/log/logger';
import { staffUser } from '@/server/db/schema';
import type { Auth } from './config';
import { clearFailedSignIns, recordFailedSignIn, throttledFor } from './throttle';

/**
 * Sign-in with e-mail and password, as the back-office's sign-in action runs it
 * (docs/decisions/027-sign-in-throttling.md):
 * - throttled per (account, client) pair with growing delays, plus a ceiling per client address
 *   (src/domain/staff/login-throttle.ts); a browser that signed in to this account before shows it with
 *   its device cookie, and is then its own client, free of its address's ceiling;
 * - the same password-hashing work whether the address is a staff member's, a disabled one's or
 *   nobody's: the answer's timing does not list the staff.
 */

/** The device cookie: set at each successful sign-in, read by the next one. */
export const DEVICE_COOKIE = 'staff.device';
export const DEVICE_COOKIE_DAYS = 180;

const MAX_EMAIL_LENGTH = 254;
/** Better Auth's maxPasswordLength (src/server/auth/config.ts): refused alike for everyone, before any work. */
const MAX_PASSWORD_LENGTH = 128;

function deviceMac(secret: string, id: string, email: string): string {
  return createHmac('sha256', secret).update(`staff-device:${id}:${email}`).digest('base64url');
}

/** A new device cookie value for `email`: a random id and its HMAC with the account's e-mail. */
export function issueDeviceCookie(secret: string, email: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${deviceMac(secret, id, email)}`;
}

/** The device id of `value` when it was issued by this site for `email`, else null. */
export function deviceOf(secret: string, email: string, value: string | undefined): string | null {
  const match = /^([\w-]{22})\.([\w-]{43})$/.exec(value ?? '');
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(deviceMac(secret, match[1], email));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

export type SignInAttempt = {
  email: string;
  password: string;
  /** The client's address (src/server/forms/request-info.ts clientAddress). */
  address: string;
  /** The device cookie the browser sent, if any. */
  device?: string | undefined;
  /** The request's headers, for Better Auth (its cookies are set through them). */
  headers: Headers;
};

export type SignInResult =
  | { outcome: 'ok' | 'twoFactor'; device: string }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; seconds: number };

/**
 * The work an unknown or disabled address costs: what Better Auth spends on a known account's
 * wrong password, its lookup of the user with their accounts and a scrypt of the typed password.
 */
async function spendPasswordWork(auth: Auth, email: string, password: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  await context.password.hash(password);
}

export async function signInWithPassword(db: Db, auth: Auth, secret: string, attempt: SignInAttempt): Promise<SignInResult> {
  const email = attempt.email.trim().toLowerCase();
  const { password } = attempt;
  // Malformed input is refused at once, and alike whoever the address is: no work, no count.
  if (!email || email.length > MAX_EMAIL_LENGTH || !z.email().safeParse(email).success) return { outcome: 'wrong' };
  if (!password || password.length > MAX_PASSWORD_LENGTH) return { outcome: 'wrong' };

  const device = deviceOf(secret, email, attempt.device);
  const pair = pairKey(email, device ? `device:${device}` : attempt.address);
  const address = clientKey(attempt.address);
  // A known device is held by its own pair only; any other client also by its address's ceiling.
  const holding = device ? [pair] : [pair, address];
  const waiting = await throttledFor(db, holding);
  if (waiting > 0) return { outcome: 'throttled', seconds: waiting };

  const [user] = await db.select({ disabledAt: staffUser.disabledAt }).from(staffUser).where(eq(staffUser.email, email));
  let outcome: 'ok' | 'twoFactor' | 'failed' = 'failed';
  if (user && !user.disabledAt) {
    try {
      const result = await auth.api.signInEmail({ body: { email, password, rememberMe: false }, headers: attempt.headers });
      outcome = 'twoFactorRedirect' in result && result.twoFactorRedirect ? 'twoFactor' : 'ok';
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
    }
  } else {
    await spendPasswordWork(auth, email, password);
  }
  if (outcome === 'failed') {
    const caused = await recordFailedSignIn(db, [pair, address]);
    // Every wait a failure causes is logged (OWASP: lockouts are logged and reviewed); no password.
    if (caused > 0) logger.warn({ event: 'sign-in-throttled', email, address: attempt.address, device: !!device, seconds: caused }, 'sign-in failures: a client waits');
    const wait = await throttledFor(db, holding);
    return wait > 0 ? { outcome: 'throttled', seconds: wait } : { outcome: 'wrong' };
  }
  await clearFailedSignIns(db, pair);
  return { outcome, device: issueDeviceCookie(secret, email) };
}
