import 'server-only';
import { eq } from 'drizzle-orm';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { env, SUPPORTED_LOCALES, type Locale } from '@/env';
import { can, isRole, type Permission, type Role } from '@/domain/staff/roles';
import { ADMIN_LOCALE_COOKIE, isAdminLocale } from '@/i18n/admin';
import type { Actor } from '@/server/audit/record';
import { getDb } from '@/server/db';
import { staffUser } from '@/server/db/schema';
import { requestLocale } from '@/server/forms/request-info';
import { getAuth, publicOrigin } from './config';

export type Staff = {
  id: string;
  email: string;
  role: Role;
  locale: Locale;
  twoFactorEnabled: boolean;
  /** Signed in through the company's identity provider (its MFA stands for our TOTP, decision 030). */
  viaSso: boolean;
  sessionId: string;
  actor: Actor & { type: 'account' };
};

/** The signed-in staff member of this request, or null (no session, an expired or revoked one, or a disabled account). */
export const currentStaff = cache(async (): Promise<Staff | null> => {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) return null;
  const db = await getDb();
  const [user] = await db.select().from(staffUser).where(eq(staffUser.id, session.user.id));
  if (!user || user.disabledAt || !isRole(user.role)) return null;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    locale: isAdminLocale(user.locale) ? user.locale : 'fr',
    twoFactorEnabled: user.twoFactorEnabled,
    viaSso: (session.session as { signInMethod?: unknown }).signInMethod === 'sso',
    sessionId: session.session.id,
    actor: { type: 'account', id: user.id, label: user.email },
  };
});

/** The back-office's language: the staff member's choice, else the sign-in screens' cookie, else the browser's. */
export const adminLocale = cache(async (): Promise<Locale> => {
  const staff = await currentStaff();
  if (staff) return staff.locale;
  const chosen = (await cookies()).get(ADMIN_LOCALE_COOKIE)?.value;
  if (isAdminLocale(chosen)) return chosen;
  // The back-office speaks every shipped language, whichever the house offers its visitors.
  return requestLocale(undefined, await headers(), SUPPORTED_LOCALES);
});

/**
 * Admins must enrol a TOTP second factor first when ADMIN_REQUIRE_2FA is on, unless they signed in
 * through single sign-on: the identity provider's own MFA applies there (decision 030).
 */
export function mustEnrolSecondFactor(staff: Pick<Staff, 'role' | 'twoFactorEnabled'> & { viaSso?: boolean }): boolean {
  return env().ADMIN_REQUIRE_2FA && staff.role === 'admin' && !staff.twoFactorEnabled && !staff.viaSso;
}

/**
 * CSRF defence of every state-changing back-office request: the browser's Origin must be this
 * site (the Host it reached, or PUBLIC_BASE_URL). Next compares Origin and Host for server
 * actions already, but lets a request WITHOUT Origin through; we refuse it.
 */
export function sameOrigin(requestHeaders: Headers): boolean {
  const origin = requestHeaders.get('origin');
  if (!origin || origin === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  const host = requestHeaders.get('x-forwarded-host') ?? requestHeaders.get('host');
  return parsed.origin === publicOrigin() || (!!host && parsed.host === host);
}

type Options = { enrolling?: boolean };

/**
 * THE check of every back-office page: signed in (else to /admin/login), second factor enrolled
 * when required (else to enrolment), and allowed `permission` (else the 403 screen, status 403).
 */
export async function requireStaff(permission: Permission = 'backoffice.read', options: Options = {}): Promise<Staff> {
  const staff = await currentStaff();
  if (!staff) redirect('/admin/login');
  if (!options.enrolling && mustEnrolSecondFactor(staff)) redirect('/admin/me/two-factor');
  if (!can(staff.role, permission)) forbidden();
  return staff;
}

/**
 * THE check of every back-office server action, made through staffAction (staff-action.ts): same
 * origin (else 403), signed in (else to /admin/login), second factor enrolled when required, and
 * allowed `permission` (else 403, and nothing is changed since the action stops here).
 */
export async function requireStaffAction(permission: Permission, options: Options = {}): Promise<Staff> {
  if (!sameOrigin(await headers())) forbidden();
  const staff = await currentStaff();
  if (!staff) redirect('/admin/login');
  if (!options.enrolling && mustEnrolSecondFactor(staff)) forbidden();
  if (!can(staff.role, permission)) forbidden();
  return staff;
}

function jsonError(status: 401 | 403, error: string): Response {
  return Response.json({ error }, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * THE check of every /api/admin route used by signed-in staff (the import API uses
 * authenticateToken instead): 401 JSON without a session, 403 JSON when another origin posts or
 * the role lacks `permission`. Returns the staff member, or the Response to send as is.
 */
export async function requireStaffApi(request: Request, permission: Permission): Promise<Staff | Response> {
  const safe = request.method === 'GET' || request.method === 'HEAD';
  if (!safe && !sameOrigin(request.headers)) return jsonError(403, 'cross-origin request refused');
  const staff = await currentStaff();
  if (!staff) return jsonError(401, 'unauthenticated');
  if (mustEnrolSecondFactor(staff) || !can(staff.role, permission)) return jsonError(403, 'forbidden');
  return staff;
}
