import { expireTags } from '@/server/publish/next-cache';
import { isOwnPublishKey, MAX_TAGS_PER_EXPIRY, PUBLISH_KEY_HEADER } from '@/server/publish/publish';

export const dynamic = 'force-dynamic';

/** Next's own bound on a tag's length (NEXT_CACHE_TAG_MAX_LENGTH). */
const MAX_TAG_LENGTH = 256;

const isTagList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_TAGS_PER_EXPIRY && value.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= MAX_TAG_LENGTH);

/**
 * Only this process calls this route, with a key it made at start (src/server/publish/publish.ts):
 * Next expires cache tags only inside a route handler or a server action, and a change announced
 * by another process arrives outside any request (docs/decisions/044). Anyone else gets a 404.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isOwnPublishKey(request.headers.get(PUBLISH_KEY_HEADER))) return new Response('Not found', { status: 404 });
  const body = (await request.json().catch(() => null)) as { tags?: unknown } | null;
  if (!body || !isTagList(body.tags)) return new Response('Bad tags', { status: 400 });
  expireTags(body.tags);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
