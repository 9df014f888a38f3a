import { env } from '@/env';
import { runDueDigests } from '@/server/alerts/digest-runner';
import { requestDrain } from '@/server/outbox/drain';

export const dynamic = 'force-dynamic';

/**
 * Builds the fund alerts' digests due now and sends them, for the browser tests (whose server owns
 * its embedded database) and the bench, as the hourly worker would, where it would (in this process
 * on PGlite, in a process of its own on PostgreSQL). 404 unless ENABLE_SUBMISSION_INSPECTION is on,
 * which it never is in production. `?now=<ISO instant>` builds them as at that instant (a later
 * day's digest: at most one a day); a bad value is a 400.
 */
export async function POST(request: Request) {
  if (!env().ENABLE_SUBMISSION_INSPECTION) return new Response('Not found', { status: 404 });
  const given = new URL(request.url).searchParams.get('now');
  const now = given === null ? new Date() : new Date(given.slice(0, 40));
  if (Number.isNaN(now.getTime())) return new Response('Bad now', { status: 400 });
  const run = await runDueDigests(now);
  await requestDrain();
  return Response.json(run, { headers: { 'cache-control': 'no-store' } });
}
