import 'server-only';
import { env, type Locale } from '@/env';
import { localizedPath } from '@/domain/routing/paths';
import { getDb } from '@/server/db';
import { clientAddress, isCrossSitePost, requestLocale } from '@/server/forms/request-info';
import { clientWithinRate, type RateRule } from '@/server/http/rate-limit';
import { readBody } from '@/server/http/read-body';
import { areaLogger } from '@/server/log/logger';
import { unsubscribe } from './unsubscribe';

/** Per client network: 10 posts in 10 minutes, counted in the database for every process. A token has 256 bits: the bound is against flooding, not guessing. */
export const UNSUBSCRIBE_RATE = { max: 10, windowMs: 10 * 60 * 1000 };
const RULE: RateRule = { bucket: 'newsletter-unsubscribe-client', max: UNSUBSCRIBE_RATE.max, windowSeconds: UNSUBSCRIBE_RATE.windowMs / 1000 };
/** `token=` (43 characters) and `locale=`: a few dozen bytes. */
const MAX_BODY_BYTES = 1024;
const log = areaLogger('newsletter');

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
  try {
    const db = await getDb();
    if (!(await clientWithinRate(db, RULE, clientAddress(request.headers)))) return back(locale, 'limited');
    const result = await unsubscribe(db, form.get('token'));
    log.info({ result }, 'unsubscribe link used');
    return back(locale, result);
  } catch (error) {
    log.error({ err: error }, 'unsubscribe failed');
    return back(locale, 'error');
  }
}
