import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * Serialized answers of POST /graphql, replayed byte for byte (docs/decisions/021). The response
 * cache of yoga (response-cache.ts) keeps execution results, but a hit still went through yoga's
 * whole pipeline on every request: body parsing, the document cache, validation, our cost walk
 * (src/server/graphql/cost.ts, a few ms for the layout query), serialization of a 74 KB answer,
 * a SHA-256 ETag of it, then gzip on the fly in the server. Here a successful answer is kept as
 * the bytes sent, with its brotli and gzip forms made once, and served before yoga is reached.
 *
 * Only answers yoga already accepted are kept: a 200 without any error, so every limit of
 * docs/decisions/011 (cost, depth, aliases, deadline, response size) has been applied once to
 * exactly this request. The key is the exact request body with the headers that change the
 * answer (Accept: the media type; Authorization or the apollo-token cookie: the session).
 * Bounded in bytes (keys included) and emptied by every publication (invalidateGraphQLResponses).
 */

/** Says whether an answer was replayed from this cache (HIT) or computed by yoga (MISS): for the bench and the tests. */
export const ANSWER_CACHE_HEADER = 'x-graphql-cache';

/**
 * Next drops the Content-Encoding header of a route handler's response (it may have been decoded by
 * fetch). The production server (runtime/server.mjs) sets this header on every request to say it will
 * turn the same header of the response into Content-Encoding; only then does the route send bytes it
 * compressed itself. Without it (`next dev`, tests) answers go uncompressed, as yoga's do.
 */
export const ENCODED_BY_ROUTE_HEADER = 'x-fundhouse-content-encoding';
export const ENCODED_BY_ROUTE_ACCEPTED = 'accepted';

export type AnswerEncoding = 'br' | 'gzip';

export type CachedAnswer = {
  contentType: string;
  body: Buffer;
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
};

export type AnswerCacheOptions = { maxBytes: number; maxEntryBytes: number; ttlMs: number };

/** The cache key of a request: its body and the headers an answer depends on. */
export function answerKey(body: Uint8Array, accept: string | null, session: string | null): string {
  return `${accept ?? ''}\n${session ?? ''}\n${Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')}`;
}

/** The encoding to send (brotli first, as the page server does), from Accept-Encoding; q=0 refuses. */
export function answerEncoding(acceptEncoding: string | null): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  return quality('gzip') > 0 ? 'gzip' : null;
}

function encode(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
}

/** Whether an answer may be replayed: a successful JSON answer with no error at all. */
export function isReplayable(status: number, contentType: string | null, text: string): boolean {
  if (status !== 200 || !contentType || !/json/i.test(contentType)) return false;
  // In JSON text an unescaped `"errors":` can only be a key: an answer with errors (or an alias so named) is not kept.
  return text.startsWith('{"data":') && !text.includes('"errors":');
}

export function createAnswerCache({ maxBytes, maxEntryBytes, ttlMs }: AnswerCacheOptions) {
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    // The key is held too (UTF-16), and each encoded form once made (counted when the entry is set: at most ~2 × the body).
    sizeCalculation: (answer, key) => Math.max(1, key.length * 2 + answer.body.length * 2),
    ttl: ttlMs,
    allowStale: false,
  });
  return {
    get(key: string): CachedAnswer | undefined {
      return entries.get(key);
    },
    set(key: string, contentType: string, text: string): void {
      entries.set(key, { contentType, body: Buffer.from(text, 'utf8'), encoded: {} });
    },
    /** The answer's bytes in that encoding, compressed the first time only. */
    bytes(answer: CachedAnswer, encoding: AnswerEncoding | null): Buffer {
      if (!encoding) return answer.body;
      return (answer.encoded[encoding] ??= encode(answer.body, encoding));
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
    get bytesHeld(): number {
      return entries.calculatedSize;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
