import type { Locale } from '@/env';

/**
 * The link of a language item: the server route /api/locale stores the language cookie and redirects
 * to the same page (`from`: path and query of the current URL) in the other language.
 */
export function localeSwitchHref(to: Locale, from: string): string {
  return `/api/locale?${new URLSearchParams({ to, from }).toString()}`;
}

/** "/fr/actualites" + "page=2" → "/fr/actualites?page=2". */
export function currentUrl(pathname: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${pathname}?${query}` : pathname;
}
