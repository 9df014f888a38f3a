/**
 * Next's own file-system cache of rendered pages (the default `cacheHandler`), which in addition
 * remembers the cache tags of every page it hands out or stores, by the page's internal path
 * (`/fr/RETAIL-FR/funds/aurore-patrimoine`). runtime/server.mjs reads them back to tell a shared
 * cache which tags a page carries (`xkey`, `Surrogate-Key`: runtime/shared-cache.mjs), so that the
 * purge of a publication (src/server/cache/purge.ts) names the same tags Next expires
 * (docs/decisions/044, 056). Next 16.4 keeps a page's tags in its entry's `x-next-cache-tags` header
 * and never sends them outside its "minimal mode" (build/templates/app-page-runtime.js); this class
 * is the documented way to see the entries (next.config.ts `cacheHandler`).
 *
 * The registry is bounded (PAGE_TAGS_LIMIT paths, oldest forgotten first).
 */
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

/** A CommonJS module whose `default` is the class (Node gives the module, bundlers the `default`). */
const FileSystemCache = typeof fileSystemCache === 'function' ? fileSystemCache : fileSystemCache.default;

const REGISTRY = Symbol.for('fundhouse.pageTags');
const PAGE_TAGS_LIMIT = 50_000;
/** Next's implicit tags (`_N_T_/fr/RETAIL-FR`) name routes, not content: a purge never uses them. */
const IMPLICIT_TAG = '_N_T_';

function registry() {
  return (globalThis[REGISTRY] ??= new Map());
}

/** The page path in a route cache key: `/route-cache/APP_PAGE/<route hash>/$/fr/RETAIL-FR` → `/fr/RETAIL-FR`. */
export function pagePathOf(key) {
  if (typeof key !== 'string' || !key.startsWith('/route-cache/APP_PAGE/')) return null;
  const at = key.indexOf('/$/');
  return at < 0 ? null : key.slice(at + 2);
}

function remember(key, data) {
  const path = pagePathOf(key);
  const value = data && data.value;
  if (!path || !value || value.kind !== 'APP_PAGE') return;
  const header = value.headers && value.headers['x-next-cache-tags'];
  if (typeof header !== 'string') return;
  const tags = header.split(',').filter((tag) => tag && !tag.startsWith(IMPLICIT_TAG));
  const pages = registry();
  pages.delete(path);
  pages.set(path, tags);
  if (pages.size > PAGE_TAGS_LIMIT) pages.delete(pages.keys().next().value);
}

export default class PageTagsCacheHandler extends FileSystemCache {
  async get(key, ...rest) {
    const data = await super.get(key, ...rest);
    remember(key, data);
    return data;
  }

  async set(key, data, ...rest) {
    remember(key, data);
    return super.set(key, data, ...rest);
  }
}
