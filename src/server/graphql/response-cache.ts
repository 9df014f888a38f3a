import 'server-only';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { RESPONSE_CACHE_MAX_BYTES, RESPONSE_CACHE_MAX_ENTRY_BYTES } from './limits';
import { createBoundedResponseCache } from './response-cache-store';

/**
 * The GraphQL response cache (bounded in bytes, src/server/graphql/response-cache-store.ts), shared by every bundle of the process (globalThis) so that a
 * publication (src/server/publish) can empty it: answers then reflect a change at once, not
 * after their TTL.
 */
type Holder = { cache?: Cache };
const holder = ((globalThis as { __fundhouseGraphQLCache?: Holder }).__fundhouseGraphQLCache ??= {});

const current = (): Cache => (holder.cache ??= createBoundedResponseCache({ maxBytes: RESPONSE_CACHE_MAX_BYTES, maxEntryBytes: RESPONSE_CACHE_MAX_ENTRY_BYTES }));

/** The cache given to the response-cache plugin: it always forwards to the current store. */
export const graphqlResponseCache: Cache = {
  get: (key) => current().get(key),
  set: (key, data, entities, ttl) => current().set(key, data, entities, ttl),
  invalidate: (entities) => current().invalidate(entities),
};

/** Drops every cached answer of this process. */
export function invalidateGraphQLResponses(): void {
  holder.cache = undefined;
}
