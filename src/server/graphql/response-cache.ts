import 'server-only';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { registerMemoryCache } from '@/server/cache/registry';
import { createAnswerCache, type AnswerCache } from './answer-cache';
import { RESPONSE_CACHE_MAX_BYTES, RESPONSE_CACHE_MAX_ENTRY_BYTES } from './limits';
import { createBoundedResponseCache } from './response-cache-store';

/**
 * The GraphQL response caches (bounded in bytes), shared by every bundle of the process (globalThis)
 * so that a publication (src/server/publish) can empty them: answers then reflect a change at once,
 * not after their TTL. Two of them: yoga's response cache (execution results) and the serialized
 * answers the /graphql route replays before yoga (answer-cache.ts, docs/decisions/021).
 */
type Holder = { cache?: Cache; answers?: AnswerCache };
const holder = ((globalThis as { __fundhouseGraphQLCache?: Holder }).__fundhouseGraphQLCache ??= {});

const current = (): Cache => (holder.cache ??= createBoundedResponseCache({ maxBytes: RESPONSE_CACHE_MAX_BYTES, maxEntryBytes: RESPONSE_CACHE_MAX_ENTRY_BYTES }));

/** The cache given to the response-cache plugin: it always forwards to the current store. */
export const graphqlResponseCache: Cache = {
  get: (key) => current().get(key),
  set: (key, data, entities, ttl) => current().set(key, data, entities, ttl),
  invalidate: (entities) => current().invalidate(entities),
};

/** A minute, as yoga's response cache: only a bound on how long an answer may outlive a lost notification. */
export const ANSWER_CACHE_TTL_MS = 60_000;

/**
 * The store of serialized answers now in use. A request keeps the store it started with: an answer
 * computed across a publication is put into the store that publication dropped, never served again.
 */
export function graphqlAnswerCache(): AnswerCache {
  // An entry counts its body twice (its compressed forms are smaller): the same largest answer as yoga's cache keeps.
  return (holder.answers ??= createAnswerCache({ maxBytes: RESPONSE_CACHE_MAX_BYTES, maxEntryBytes: 2 * RESPONSE_CACHE_MAX_ENTRY_BYTES, ttlMs: ANSWER_CACHE_TTL_MS }));
}

/** Drops every cached answer of this process. */
export function invalidateGraphQLResponses(): void {
  holder.cache = undefined;
  holder.answers = undefined;
}

// An answer may show anything published (funds, news, pages, the company, registrations): any change empties both.
registerMemoryCache({
  name: 'GraphQL responses',
  holds: "yoga's response cache (execution results) and the serialized answers /graphql replays (answer-cache.ts), bounded in bytes, a minute at most",
  invalidatedBy: '*',
  clear: invalidateGraphQLResponses,
});
