import 'server-only';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import type { ExecutionResult } from 'graphql';
import { LRUCache } from 'lru-cache';
import { byteSize } from './limits';

export type BoundedCacheOptions = {
  /** Bytes of serialized answers kept in total; the least recently used go first. */
  maxBytes: number;
  /** An answer above this is never kept. */
  maxEntryBytes: number;
};

/**
 * The response cache's store, bounded in bytes rather than in entries: a thousand entries of the
 * biggest answers the API allows would otherwise hold gigabytes. Sizes are those of the answers
 * as serialized (measured once, by the response-size guard).
 *
 * The schema has no mutation, so the plugin never asks to invalidate single entities; when it
 * does (a future mutation), everything is dropped, which is always correct.
 */
export function createBoundedResponseCache({ maxBytes, maxEntryBytes }: BoundedCacheOptions): Cache & { readonly bytes: number; readonly size: number } {
  const entries = new LRUCache<string, ExecutionResult>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (result) => Math.max(1, byteSize(result)),
    allowStale: false,
  });
  return {
    set(id, result, _entities, ttl) {
      // lru-cache refuses (and does not keep) an entry above maxEntrySize.
      entries.set(id, result, { ttl: Number.isFinite(ttl) ? ttl : undefined });
    },
    get(id) {
      return entries.get(id) ?? null;
    },
    invalidate() {
      entries.clear();
    },
    get bytes() {
      return entries.calculatedSize;
    },
    get size() {
      return entries.size;
    },
  };
}
