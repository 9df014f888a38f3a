import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const intl = createMiddleware(routing);

/**
 * Locale negotiation (SPEC §2): the i18n_redirected cookie, then Accept-Language, then fr;
 * localized paths are rewritten to the route folders of src/app/[locale].
 */
export default function proxy(request: NextRequest) {
  return intl(request);
}

export const config = {
  // Everything but the API, documents, content queries, Next's assets and files with an extension.
  matcher: ['/((?!api|graphql|_content|e/|_next|_vercel|.*\\..*).*)'],
};
