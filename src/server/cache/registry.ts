import 'server-only';
import { areaLogger } from '@/server/log/logger';

const log = areaLogger('cache');

/**
 * What this process keeps in memory besides Next's own cache, and which cache tags empty each
 * (docs/publication.md lists them). A cache registers here when its module loads; a publication
 * (src/server/publish) expires its tags in Next's cache and calls clearMemoryCaches with the same
 * tags, so each cache is emptied by exactly the changes that make it stale.
 *
 * `invalidatedBy` holds tag names, or families ending with ':' (`audience:` matches every
 * audience's tag), or '*' for a cache that any publication empties.
 */
export type MemoryCache = {
  name: string;
  /** What it holds and why it is kept (the documentation's list is checked against it in a test). */
  holds: string;
  invalidatedBy: readonly string[] | '*';
  clear: () => void;
};

type Holder = { caches: Map<string, MemoryCache> };
// Shared by every bundle of the process: the route that applies a publication may not have loaded the module of a cache that is full.
const holder = ((globalThis as { __fundhouseMemoryCaches?: Holder }).__fundhouseMemoryCaches ??= { caches: new Map() });

/** Registers (or, from another bundle of the same module, replaces) a cache by its name. */
export function registerMemoryCache(cache: MemoryCache): void {
  holder.caches.set(cache.name, cache);
}

/** Whether a change of these tags makes the cache stale. */
export function isInvalidatedBy(cache: Pick<MemoryCache, 'invalidatedBy'>, tags: readonly string[]): boolean {
  if (tags.length === 0) return false;
  if (cache.invalidatedBy === '*') return true;
  return cache.invalidatedBy.some((name) => (name.endsWith(':') ? tags.some((tag) => tag.startsWith(name)) : tags.includes(name)));
}

/** Empties the caches these tags make stale; returns their names. A failing cache does not keep the others stale. */
export function clearMemoryCaches(tags: readonly string[]): string[] {
  const cleared: string[] = [];
  for (const cache of holder.caches.values()) {
    if (!isInvalidatedBy(cache, tags)) continue;
    try {
      cache.clear();
      cleared.push(cache.name);
    } catch (error) {
      log.error({ err: error, cache: cache.name }, 'a memory cache could not be cleared');
    }
  }
  return cleared;
}

/** The registered caches (for the documentation's test and for operators). */
export function memoryCaches(): MemoryCache[] {
  return [...holder.caches.values()];
}
