import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const intl = createMiddleware(routing);

/** Paths that are not localized pages: APIs, documents, content queries and Next's own files. */
const NOT_A_PAGE = /^\/(?:api|graphql|_content|e|_next|_vercel)(?:\/|$)|\.[a-z0-9]+$/i;

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Locale negotiation (SPEC §2): the i18n_redirected cookie, then Accept-Language, then fr;
 * localized paths are rewritten to the route folders of src/app/[locale]. A path that is not
 * even valid percent-encoding is a 404 here, before any route tries to decode it.
 */
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!decodable(pathname)) return new NextResponse('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  if (NOT_A_PAGE.test(pathname)) return NextResponse.next();
  return intl(request);
}

export const config = {
  matcher: ['/((?!_next/static|_next/image).*)'],
};
