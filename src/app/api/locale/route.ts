import { offeredLocales } from '@/server/site/languages-queries';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '@/i18n/routing';
import { equivalentPath } from '@/server/http/switch-locale';

export const dynamic = 'force-dynamic';

/**
 * GET /api/locale?to=en&from=/fr/nous-connaitre: the language switch. It works without
 * JavaScript, stores the language cookie for 365 days on every switch (docs/product.md §4, §9) and
 * redirects to the same page in the chosen language.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const to = url.searchParams.get('to') ?? '';
  const served = await offeredLocales();
  const locale = served.find((l) => l === to);
  if (!locale) return new Response('Unknown language', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  // Whatever `from` holds, the target is a path of this site, re-serialised by the URL parser:
  // never an open redirect, never a header value Node refuses.
  const target = await equivalentPath(url.searchParams.get('from') ?? '/', locale, served);
  const secure = url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  return new Response(null, {
    status: 303,
    headers: {
      location: target,
      'cache-control': 'no-store',
      'set-cookie': `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`,
    },
  });
}
