import { checkDatabase } from '@/server/db/health';

export const dynamic = 'force-dynamic';

/** 200 when the database answers, 503 otherwise: what a load balancer or an orchestrator polls. */
export async function GET(): Promise<Response> {
  const result = await checkDatabase();
  return Response.json(result, {
    status: result.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
