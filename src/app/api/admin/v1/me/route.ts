import { requireStaffApi } from '@/server/auth/staff';

export const dynamic = 'force-dynamic';

/** Who the session cookie belongs to: 401 without one. Lets scripts and the tests check a session. */
export async function GET(request: Request) {
  const staff = await requireStaffApi(request, 'backoffice.read');
  if (staff instanceof Response) return staff;
  return Response.json({ email: staff.email, role: staff.role, locale: staff.locale }, { headers: { 'cache-control': 'no-store' } });
}
