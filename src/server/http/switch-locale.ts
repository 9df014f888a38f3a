import 'server-only';
import type { Locale } from '@/env';
import { matchLocalizedPath } from '@/i18n/match';
import { localizedPath } from '@/domain/routing/paths';
import { findNewsGroup, findNewsTranslation } from '@/server/news/queries';

/** A stand-in origin to resolve visitors' paths against: only its own paths keep it. */
const SITE = 'http://site.invalid';
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * `from` as a path of this site, parsed by the URL parser (as a browser would): null for anything
 * that leaves the site (`https://…`, `//host`, `/\\host`) or is not a path. The pathname comes back
 * percent-encoded (no control character survives), the query as URLSearchParams.
 */
export function sitePath(from: string): { pathname: string; search: URLSearchParams } | null {
  if (!from.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(from, SITE);
  } catch {
    return null;
  }
  return url.origin === SITE ? { pathname: url.pathname, search: url.searchParams } : null;
}

/** `path` and `search` re-serialised by the URL parser, checked to stay on this site. */
function sameSiteTarget(path: string, search: URLSearchParams | null, fallback: string): string {
  const url = new URL(path, SITE);
  if (url.origin !== SITE || !url.pathname.startsWith('/')) return fallback;
  const query = search?.toString() ?? '';
  return url.pathname + (query ? `?${query}` : '');
}

async function newsTranslation(from: Locale, slug: string, to: Locale): Promise<string | null> {
  // No slug of ours holds a control character; PostgreSQL would refuse a NUL outright.
  if (slug === '' || CONTROL_CHARACTERS.test(slug)) return null;
  const group = await findNewsGroup(from, slug);
  return group ? await findNewsTranslation(group, to) : null;
}

/**
 * The same page in another language (docs/product.md §4 language switch), as a path of this site whatever
 * `from` holds. Routes whose parameters are the same in every language keep them (and the query);
 * a news article goes to its translation, or to the news list when it has none; anything else goes
 * to the home page of that language.
 */
export async function equivalentPath(from: string, to: Locale, served: readonly Locale[]): Promise<string> {
  const home = localizedPath('/', to);
  const parsed = sitePath(from);
  const match = parsed ? matchLocalizedPath(parsed.pathname, served) : null;
  if (!parsed || !match) return home;
  if (match.pathname === '/news/[slug]' || match.pathname === '/news/[slug]/doc') {
    const slug = await newsTranslation(match.locale, match.params.slug ?? '', to);
    return sameSiteTarget(slug ? localizedPath(match.pathname, to, { slug }) : localizedPath('/news', to), null, home);
  }
  return sameSiteTarget(localizedPath(match.pathname, to, match.params), parsed.search, home);
}
