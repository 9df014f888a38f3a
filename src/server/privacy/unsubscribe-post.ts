import 'server-only';
import { LRUCache } from 'lru-cache';
import { env, type Locale } from '@/env';
import { localizedPath } from '@/domain/routing/paths';
import { getDb } from '@/server/db';
import { clientAddress, isCrossSitePost, requestLocale } from '@/server/forms/request-info';
import { readBody } from '@/server/http/read-body';
import { areaLogger } from '@/server/log/logger';
import { unsubscribe } from './unsubscribe';

/** Per client address and process: 10 posts in 10 minutes. A token has 256 bits: the bound is against flooding, not guessing. */
export const UNSUBSCRIBE_RATE = { max: 10, windowMs: 10 * 60 * 1000 };
/** `token=` (43 characters) and `locale=`: a few dozen bytes. */
const MAX_BODY_BYTES = 1024;
const log = areaLogger('newsletter');

const attempts = ((globalThis as { __fundhouseUnsubscribeRate?: LRUCache<string, { n: number }> }).__fundhouseUnsubscribeRate ??= new LRUCache<string, { n: number }>({
  max: 10_000,
  ttl: UNSUBSCRIBE_RATE.windowMs,
}));

/** Counts one attempt of the client; false once it is over the bound for the window (which starts at its first attempt). */
function allowed(client: string): boolean {
  const entry = attempts.get(client);
  if (!entry) {
    attempts.set(client, { n: 1 });
    return true;
  }
  entry.n += 1;
  return entry.n <= UNSUBSCRIBE_RATE.max;
}

function back(locale: Locale, result: 'done' | 'invalid' | 'limited' | 'error'): Response {
  // Back to the page of the link, without the token: a reload or the history never posts it again.
  return new Response(null, { status: 303, headers: { location: `${localizedPath('/unsubscribe', locale)}?result=${result}`, 'cache-control': 'no-store' } });
}

/**
 * POST /api/newsletter/unsubscribe (`token`, `locale`: the button of the unsubscribe page, a plain
 * form, so it works without JavaScript): refused when another site posts it, bounded in size, time
 * and rate, then unsubscribes once; answers a redirect to the page saying what happened.
 */
export async function handleUnsubscribePost(request: Request): Promise<Response> {
  let locale = requestLocale(null, request.headers);
  if (isCrossSitePost(request.headers, request.url, env().PUBLIC_BASE_URL)) return new Response('Forbidden', { status: 403, headers: { 'cache-control': 'no-store' } });
  const body = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: 10_000 });
  if (!body.ok) return back(locale, 'invalid');
  const form = new URLSearchParams(Buffer.from(body.bytes).toString('utf8'));
  locale = requestLocale(form.get('locale'), request.headers);
  if (!allowed(clientAddress(request.headers))) return back(locale, 'limited');
  try {
    const result = await unsubscribe(await getDb(), form.get('token'));
    log.info({ result }, 'unsubscribe link used');
    return back(locale, result);
  } catch (error) {
    log.error({ err: error }, 'unsubscribe failed');
    return back(locale, 'error');
  }
}
