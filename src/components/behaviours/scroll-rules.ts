/** docs/product.md §2 navigation behaviour: where the page scrolls after a navigation. */
export type ScrollAction =
  | { type: 'restore' } // back/forward: the position that history entry had
  | { type: 'anchor'; id: string } // a hash: smoothly to that element
  | { type: 'news' } // between news pages: smoothly to the news section (#news)
  | { type: 'top' }
  | { type: 'none' };

export const NEWS_SECTION_ID = 'news';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether `pathname` is one of the news pages: a news base path or anything below it. */
export function isNewsPath(pathname: string, newsBasePaths: readonly string[]): boolean {
  const path = trimSlash(pathname);
  return newsBasePaths.some((base) => {
    const root = trimSlash(base);
    return root !== '' && root !== '/' && (path === root || path.startsWith(`${root}/`));
  });
}

/** The element id a URL hash points at ("#a%20b" → "a b"), or null for no hash. */
export function hashTarget(hash: string): string | null {
  const raw = hash.replace(/^#/, '');
  if (raw === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export type RouteStep = {
  from: { pathname: string; search: string };
  to: { pathname: string; search: string };
  hash: string;
  /** The step came from back/forward. */
  popped: boolean;
  newsBasePaths: readonly string[];
};

export function decideScroll({ from, to, hash, popped, newsBasePaths }: RouteStep): ScrollAction {
  if (popped) return { type: 'restore' };
  const id = hashTarget(hash);
  if (id !== null) return { type: 'anchor', id };
  const toNews = isNewsPath(to.pathname, newsBasePaths);
  if (from.pathname !== to.pathname) return toNews && isNewsPath(from.pathname, newsBasePaths) ? { type: 'news' } : { type: 'top' };
  // Only the query changed (a news page, a filter, a tab): keep the reader where they are,
  // except on news pages, where the list is what changed.
  return toNews && from.search !== to.search ? { type: 'news' } : { type: 'none' };
}
