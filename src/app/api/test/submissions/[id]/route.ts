import { env } from '@/env';
import { getDb } from '@/server/db';
import { getSubmission } from '@/server/submissions/queries';

/**
 * A stored submission as JSON (files without their content, with their sha256; the mail's delivery
 * state), for the browser tests, whose server owns its embedded database. 404 unless
 * ENABLE_SUBMISSION_INSPECTION is on, which it never is in production.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!env().ENABLE_SUBMISSION_INSPECTION) return new Response('Not found', { status: 404 });
  const submission = await getSubmission(await getDb(), (await params).id);
  if (!submission) return Response.json({ error: 'not found' }, { status: 404, headers: { 'cache-control': 'no-store' } });
  return Response.json(submission, { headers: { 'cache-control': 'no-store' } });
}
