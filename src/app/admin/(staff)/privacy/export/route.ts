import { normalizeEmail } from '@/domain/privacy/gdpr';
import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { readBody } from '@/server/http/read-body';
import { privateDownload } from '@/server/http/private-download';
import { exportAddress } from '@/server/privacy/requests';

export const dynamic = 'force-dynamic';

/** A form with one address: a few hundred bytes; anything longer is not ours. */
const MAX_BODY_BYTES = 2048;

/**
 * POST /admin/privacy/export (the GDPR screen's form, `email=`): everything about one address as a
 * JSON download (right of access), audited. A POST, same origin only (requireStaffApi), so the
 * address never sits in a URL, a log line or the browser's history. Editors and admins.
 */
export async function POST(request: Request) {
  const staff = await requireStaffApi(request, 'submissions.handle');
  if (staff instanceof Response) return staff;
  const body = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: 10_000 });
  const email = body.ok ? normalizeEmail(new URLSearchParams(Buffer.from(body.bytes).toString('utf8')).get('email')) : null;
  if (!email) return new Response(null, { status: 303, headers: { location: '/admin/privacy?error=invalidEmail', 'cache-control': 'no-store' } });
  const exported = await exportAddress(await getDb(), email, staff.actor);
  const day = exported.generatedAt.slice(0, 10);
  return privateDownload(JSON.stringify(exported, null, 2), `gdpr-export-${day}.json`, 'application/json; charset=utf-8');
}
