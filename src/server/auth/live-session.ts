import 'server-only';
import { isRole } from '@/domain/staff/roles';
import { getAuth } from './config';

/**
 * Whether a Cookie header holds a live staff session: signed with the app's secret, known to the
 * database, not expired nor revoked, and its account neither disabled nor without a role. The
 * server around Next (runtime/staff-bodies.mjs) asks this before it lets a back-office request send
 * more than the sign-in form needs; a forged cookie costs an HMAC, a stale one a lookup.
 */
export async function isLiveStaffSession(cookieHeader: string | undefined): Promise<boolean> {
  if (!cookieHeader) return false;
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }) });
  if (!session) return false;
  const user = session.user as { role?: unknown; disabledAt?: Date | null };
  return !user.disabledAt && isRole(user.role);
}
