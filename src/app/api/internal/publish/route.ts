import { decodeChange } from '@/domain/publication';
import { expireChangedPages, isOwnPublishKey, processOrigin, PUBLISH_KEY_HEADER } from '@/server/publish/publish';

export const dynamic = 'force-dynamic';

/**
 * Only this process calls this route, with a key it made at start (src/server/publish/publish.ts):
 * Next expires cached pages only inside a route handler, and a change announced by another
 * process arrives outside any request. Anyone else gets a 404.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isOwnPublishKey(request.headers.get(PUBLISH_KEY_HEADER))) return new Response('Not found', { status: 404 });
  const message = decodeChange(JSON.stringify({ origin: processOrigin(), scope: await request.json().catch(() => null) }));
  if (!message) return new Response('Bad scope', { status: 400 });
  expireChangedPages(message.scope);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
