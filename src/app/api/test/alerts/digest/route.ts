import { env } from '@/env';
import { buildDigests } from '@/server/alerts/digest';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/outbox/drain';

export const dynamic = 'force-dynamic';

/**
 * Builds the fund alerts' digests due now and sends them, for the browser tests (whose server owns
 * its embedded database), as the hourly worker would. 404 unless ENABLE_SUBMISSION_INSPECTION is on,
 * which it never is in production.
 */
export async function POST() {
  if (!env().ENABLE_SUBMISSION_INSPECTION) return new Response('Not found', { status: 404 });
  const run = await buildDigests(await getDb());
  await requestDrain();
  return Response.json(run, { headers: { 'cache-control': 'no-store' } });
}
