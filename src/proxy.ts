import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { DEFAULT_PROFILE, isInvestorProfile } from './domain/catalog';
import { audienceSegment, COUNTRY_COOKIE, countryFromCookie } from './domain/registrations/audience';
import { PROFILE_COOKIE } from './domain/privacy/consent';
import { env } from './env';
import { routing } from './i18n/routing';
import { isUnfilteredLibrary, LIBRARY_ALL_SEGMENT } from './domain/documents/library';
import { finderSegmentOf } from './domain/funds/finder';
import { isCachedPagePath, isKnownPagePath, oldNewsRedirect, type RouteCatalog } from './domain/routing/known-paths';
import type { Locale } from './domain/language/locale';
import { isShippedLocale } from './domain/language/offered';
import { publishedRouteCatalog } from './server/http/known-routes';
import { publishedOfferedLanguages } from './server/http/offered-languages';
import { CLOSED_STAFF_HEADERS, closedSiteAnswer, siteOpen } from './server/http/site-gate';
import { ADMIN_PATH, adminSecurityHeaders, HOUSE_IMAGE_HEADERS, HOUSE_IMAGE_PATH, newNonce, securityHeaders } from './server/http/security-headers';

type IntlMiddleware = ReturnType<typeof createMiddleware>;
const intlHolder: { key?: string; intl?: IntlMiddleware } = {};

/**
 * next-intl's middleware for the languages the house offers (docs/decisions/061): negotiation only
 * ever picks an offered one and `/` goes to the first, the default. The server publishes the list
 * (src/server/http/offered-languages.ts); the middleware is made again when the house changes it.
 */
function intlFor(locales: readonly Locale[]): IntlMiddleware {
  const key = locales.join(',');
  if (intlHolder.key !== key || !intlHolder.intl) {
    intlHolder.intl = createMiddleware({ ...routing, locales: [...locales], defaultLocale: locales[0] ?? routing.defaultLocale });
    intlHolder.key = key;
  }
  return intlHolder.intl;
}

/** Paths that are not localized pages: APIs, documents, content queries and Next's own files. */
const NOT_A_PAGE = /^\/(?:api|graphql|_content|e|brand|_next|_vercel)(?:\/|$)|\.[a-z0-9]+$/i;

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Pages are rendered once per language, investor profile and country of residence and then served
 * from cache (docs/product.md "Rendering and speed", docs/decisions/035): neither is read from a
 * cookie while rendering, they are one path segment this proxy adds. /fr/nous-connaitre is rewritten
 * by next-intl to /fr/about-us, then here to /fr/RETAIL-FR/about-us (src/app/[locale]/[profile]/about-us).
 */
/**
 * Where every unknown fund, share, article or category is rendered: the route
 * src/app/[locale]/[profile]/unknown-page, so its 404 page is rendered and cached once per language
 * and profile instead of once per unknown URL (docs/decisions/013).
 */
export const UNKNOWN_PAGE_SEGMENT = 'unknown-page';

/**
 * A page served from Next's cache is rendered for the audience cookies, so shared caches must not
 * keep it (a CDN may ignore `Vary: Cookie`) while the browser keeps it and revalidates it by its
 * ETag. Next keeps a Cache-Control the proxy set (send-payload.ts), so it is set here
 * (docs/decisions/045); pages rendered per request keep Next's `no-store`.
 */
export const CACHED_PAGE_CACHE_CONTROL = 'private, no-cache';

/**
 * Marks a rewrite to the unknown-page route: runtime/server.mjs answers such a page with status 404
 * (the route renders the 404 screen as a page, so that its text is in the HTML: docs/decisions/019)
 * and removes the mark.
 */
export const NOT_FOUND_PAGE_HEADER = 'x-fundhouse-not-found';

function segmentsOf(rest: string[]): string[] {
  return rest.filter((segment, i) => segment !== '' || i < rest.length - 1).map((segment) => decodeURIComponent(segment));
}

/**
 * The fund range's finder URL (/fr/gamme-fonds?category=equities) is served from the cached page of
 * its filter, /{locale}/{profile}/fund-range/category.equities (docs/decisions/021), when the query is
 * one the cache holds; a text search or combined filters stay with the page rendered per request.
 */
function internalPath(locale: string, profile: string, segments: string[], search: URLSearchParams, catalog: RouteCatalog | undefined): string | null {
  // The document library's unfiltered first page is cached too (docs/decisions/032); its other views are rendered per request.
  if (segments.length === 1 && segments[0] === 'documents') return isUnfilteredLibrary(search) ? `/${locale}/${profile}/documents/${LIBRARY_ALL_SEGMENT}` : null;
  if (segments.length !== 1 || segments[0] !== 'fund-range' || !catalog?.finder) return null;
  const segment = finderSegmentOf(search, catalog.finder);
  return segment ? `/${locale}/${profile}/fund-range/${segment}` : null;
}

/** The hidden segment that carries the audience: investor profile and country of residence (docs/decisions/035). */
function audienceOf(request: NextRequest, catalog: RouteCatalog | undefined): string {
  const cookie = request.cookies.get(PROFILE_COOKIE)?.value;
  return audienceSegment({
    profile: isInvestorProfile(cookie) ? cookie : DEFAULT_PROFILE,
    country: countryFromCookie(request.cookies.get(COUNTRY_COOKIE)?.value, catalog?.countries, env().DEFAULT_COUNTRY),
  });
}

/** The 404 page, in the default language, for a path in a language the house does not offer (or no longer offers). */
function notOffered(request: NextRequest, offered: readonly Locale[]): NextResponse {
  const target = new URL(request.url);
  target.pathname = `/${offered[0]}/${audienceOf(request, publishedRouteCatalog())}/${UNKNOWN_PAGE_SEGMENT}`;
  target.search = '';
  const response = NextResponse.rewrite(target);
  response.headers.set('cache-control', CACHED_PAGE_CACHE_CONTROL);
  response.headers.set(NOT_FOUND_PAGE_HEADER, '1');
  return response;
}

function withProfile(response: NextResponse, request: NextRequest, offered: readonly Locale[]): NextResponse {
  const rewrite = response.headers.get('x-middleware-rewrite');
  const isNext = response.headers.get('x-middleware-next') === '1';
  if (!rewrite && !isNext) return response; // a redirect: nothing to render here
  // request.url keeps the Host the visitor used; nextUrl may carry the server's own hostname instead,
  // which Next would then treat as an external origin to proxy to.
  const target = new URL(rewrite ?? request.url);
  const [, locale, ...rest] = target.pathname.split('/');
  const catalog = publishedRouteCatalog();
  const profile = audienceOf(request, catalog);
  const served = !!locale && (offered as readonly string[]).includes(locale);
  const unknown = catalog && served && !isKnownPagePath(segmentsOf(rest), locale, catalog);
  // An article's previous slug answers 308 to its current address (docs/decisions/022).
  const moved = unknown ? oldNewsRedirect(segmentsOf(rest), locale as Locale, catalog) : null;
  if (moved) {
    const to = new URL(moved, request.url);
    to.search = new URL(request.url).search;
    return NextResponse.redirect(to, 308);
  }
  target.pathname = unknown
    ? `/${locale}/${profile}/${UNKNOWN_PAGE_SEGMENT}`
    : ((served && internalPath(locale, profile, segmentsOf(rest), target.searchParams, catalog)) || `/${[locale, profile, ...rest].join('/')}`.replace(/\/$/, ''));
  response.headers.set('x-middleware-rewrite', target.toString());
  response.headers.delete('x-middleware-next');
  if (unknown || isCachedPagePath(segmentsOf(target.pathname.split('/').slice(3)))) response.headers.set('cache-control', CACHED_PAGE_CACHE_CONTROL);
  if (unknown) response.headers.set(NOT_FOUND_PAGE_HEADER, '1');
  return response;
}

/**
 * The back-office (/admin, /api/admin) is neither localized nor cached: it only gets its own
 * headers, a fresh CSP nonce per request (handed to Next on the request so that its scripts carry
 * it), no-store and noindex.
 */
function admin(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const headers = adminSecurityHeaders(request, nonce);
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['content-security-policy'] ?? '');
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // A proposed image, opened by a reviewer: the images' sandboxing policy, as at /brand (docs/decisions/062).
  if (PROPOSED_IMAGE_PATH.test(request.nextUrl.pathname)) for (const [name, value] of Object.entries(HOUSE_IMAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

/** The review screen's route of a proposed house image (src/app/admin/(staff)/reviews/[id]/image). */
const PROPOSED_IMAGE_PATH = /^\/admin\/reviews\/[^/]+\/image\/?$/;

export default function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  if (!decodable(pathname)) {
    return new NextResponse('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  if (ADMIN_PATH.test(pathname)) return admin(request);
  if (HOUSE_IMAGE_PATH.test(pathname)) return houseImage();
  // "Site not yet public" (issue 43): visitors get a 503 page, signed-in staff the site, kept by nobody.
  if (!siteOpen()) return gated(request);
  return site(request);
}

/**
 * The house's logo, favicon and social image (docs/decisions/062): their route sets their own
 * headers, and Next keeps a header the proxy set over the route's, so the proxy sets the images'
 * (a sandboxing CSP for an SVG), never the site's. Served whether the site is open or not: the
 * house's mark is public, and the closed page and the staff's preview show it.
 */
function houseImage(): NextResponse {
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(HOUSE_IMAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

async function gated(request: NextRequest): Promise<NextResponse> {
  const answer = await closedSiteAnswer(request.nextUrl.pathname, request.headers, publishedOfferedLanguages());
  if (answer === null) return site(request);
  if (answer !== 'staff') {
    const response = new NextResponse(answer.body, { status: answer.status, headers: answer.headers });
    for (const [name, value] of Object.entries(securityHeaders(request))) response.headers.set(name, value);
    return response;
  }
  const response = site(request);
  for (const [name, value] of Object.entries(CLOSED_STAFF_HEADERS)) response.headers.set(name, value);
  return response;
}

function site(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const rootRedirect = env().ROOT_REDIRECT;
  const offered = publishedOfferedLanguages();
  const first = pathname.split('/')[1];
  const response =
    pathname === '/' && rootRedirect
      ? NextResponse.redirect(new URL(rootRedirect, request.url), 307)
      : NOT_A_PAGE.test(pathname)
        ? NextResponse.next()
        : isShippedLocale(first) && !offered.includes(first)
          ? notOffered(request, offered)
          : withProfile(intlFor(offered)(request), request, offered);
  // A fresh nonce for every answer. Next copies the proxy's response headers onto the request it
  // renders, so a page rendered now stamps its scripts with this nonce; a cached page gets the
  // hashes of its own inline scripts added by runtime/server.mjs (docs/decisions/028).
  for (const [name, value] of Object.entries(securityHeaders(request))) response.headers.set(name, value);
  return response;
}

/**
 * Left out:
 * - the public GraphQL endpoint (exactly /graphql), whose route sets its own security headers: for a
 *   cached answer the proxy was most of the work, and its throughput nearly doubled without it
 *   (docs/decisions/051);
 * - the import API's upload routes: Next buffers a body for the proxy and hands the route
 * at most its first 10 MB, silently cut (experimental.proxyClientMaxBodySize), while these routes
 * take files up to 16 MB (CSV) and 20 MB (PDF, a fund event's notice too), count them themselves and set the back-office's
 * no-store and noindex headers on their own answers (docs/decisions/018).
 */
export const config = {
  matcher: ['/((?!_next/static|graphql$|_next/image|api/admin/v1/navs|api/admin/v1/benchmarks|api/admin/v1/documents|api/admin/v1/scenarios|api/admin/v1/registrations|api/admin/v1/distributions|api/admin/v1/events).*)'],
};
