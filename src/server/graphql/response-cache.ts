import 'server-only';
import { createInMemoryCache, type Cache } from '@graphql-yoga/plugin-response-cache';

/**
 * The GraphQL response cache, shared by every bundle of the process (globalThis) so that a
 * publication (src/server/publish) can empty it: answers then reflect a change at once, not
 * after their TTL.
 */
type Holder = { cache?: Cache };
const holder = ((globalThis as { __fundhouseGraphQLCache?: Holder }).__fundhouseGraphQLCache ??= {});

const current = (): Cache => (holder.cache ??= createInMemoryCache());

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
