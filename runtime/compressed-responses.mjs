/**
 * Compression and validators for the production server (runtime/server.mjs), in place of Next's own
 * (`compress: false`, `generateEtags: false` in next.config.ts).
 *
 * Next compresses every response on the fly and hashes every page body with a JavaScript FNV loop to
 * make its ETag: on a cached share page (≈ 270 KB of HTML) that is ≈ 4 ms of gzip and ≈ 1.2 ms of
 * hashing per request, for a body that only changes when the page is revalidated. Here:
 * - a response Next sends whole (one `end(body)`, as it does for every page and RSC payload served
 *   from its cache) that is the same for many requests — Next served it from its cache
 *   (`x-nextjs-cache`, whatever its `private` Cache-Control: src/proxy.ts marks pages so), or a shared
 *   cache may keep it (`public`, `s-maxage` or `immutable`), never `no-store` nor `no-transform` —
 *   gets a weak ETag from a native SHA-1 of its body, a 304 when the
 *   browser already has it, and its compressed bytes from a bounded in-memory cache keyed by that
 *   hash: each distinct body is compressed once (brotli 6 or gzip 9), whatever its URL, language
 *   or profile;
 * - everything else (streamed pages, API answers, files) goes through the `compression` middleware
 *   as before.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import compressible from 'compressible';
import { isHtml, withScriptSources } from './cached-page-csp.mjs';

/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

/** The encoding to send: brotli when accepted, else gzip, else none (RFC 9110 §12.5.3, q=0 refuses). */
export function negotiateEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  const accepted = new Map();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const quality = (name) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*') : 0);
  const br = quality('br');
  const gzip = quality('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Whether a shared cache may keep the response, so its body is worth hashing and compressing once. */
export function isShareable(cacheControl) {
  if (!cacheControl) return false;
  const directives = String(cacheControl).toLowerCase();
  if (/\b(?:private|no-store|no-transform)\b/.test(directives)) return false;
  return /\b(?:public|s-maxage|immutable)\b/.test(directives);
}

/**
 * Whether a response is one body for many requests, worth hashing and compressing once: shareable,
 * or an answer Next served from its cache (`x-nextjs-cache` is set on ISR pages and their RSC
 * payloads, HIT, STALE or MISS, never on a page rendered per request), unless `no-store` or
 * `no-transform` forbid keeping or changing it.
 */
export function isOneBodyForMany(cacheControl, nextCache) {
  if (isShareable(cacheControl)) return true;
  return nextCache !== undefined && nextCache !== null && !/\b(?:no-store|no-transform)\b/i.test(String(cacheControl ?? ''));
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function matchesIfNoneMatch(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return String(ifNoneMatch)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

export function compress(body, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
}

/** A least-recently-used map bounded by the bytes its entries declare. */
export class ByteBoundedCache {
  #entries = new Map();
  #bytes = 0;
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  get bytes() {
    return this.#bytes;
  }
  get(key) {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }
  set(key, value, bytes) {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes;
    }
  }
  /** Counts more bytes against an entry already there (a new encoding of the same body). */
  grow(key, bytes) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.set(key, entry.value, entry.bytes + bytes);
  }
  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

function appendVary(res, field) {
  const current = res.getHeader('Vary');
  const list = current ? String(current).split(',').map((v) => v.trim()) : [];
  if (list.includes('*') || list.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  res.setHeader('Vary', [...list, field].join(', '));
}

/**
 * What is known of one body: its validator and its compressed bytes, each made at most once.
 * Keyed by the body itself when it is a string, as Next sends pages: a long string's Map hash is
 * its length (V8), so finding the entry costs a comparison, not the UTF-8 encoding and SHA-1 of
 * the body again. A Buffer body is keyed by its hash.
 */
function entryFor(cache, chunk, encoding) {
  if (typeof chunk === 'string') {
    const known = cache.get(chunk);
    if (known) return { key: chunk, entry: known, body: () => Buffer.from(chunk, encoding) };
    const body = Buffer.from(chunk, encoding);
    const entry = { etag: etagOf(body), encoded: {} };
    // A string of n UTF-16 units takes up to 2n bytes while it is held here.
    cache.set(chunk, entry, chunk.length * 2);
    return { key: chunk, entry, body: () => body };
  }
  const etag = etagOf(chunk);
  const known = cache.get(etag);
  if (known) return { key: etag, entry: known, body: () => chunk };
  const entry = { etag, encoded: {} };
  cache.set(etag, entry, 0);
  return { key: etag, entry, body: () => chunk };
}

/** Weak: one validator for the identity, gzip and brotli bytes of the same body. */
function etagOf(body) {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Returns `(req, res) => void`, to call once per request before handing it to Next. What it keeps
 * takes at most 64 MB unless another cache is given.
 *
 * `inlineScripts(html)`, when given, names the CSP sources an HTML body's own inline scripts need
 * (runtime/cached-page-csp.mjs): computed once per distinct body like its validator, and added to
 * the script-src of the Content-Security-Policy the handler set, for every answer of that body.
 */
export function responseEncoder({ cache = new ByteBoundedCache(64 * 1024 * 1024), inlineScripts = undefined, shared = undefined } = {}) {
  const onTheFly = compression();

  /** Adds to the answer's CSP the hashes of the body's own inline scripts, found once per body. */
  function allowOwnScripts(res, { key, entry }, chunk) {
    const policy = res.getHeader('Content-Security-Policy');
    if (!inlineScripts || !policy || !isHtml(res.getHeader('Content-Type'))) return;
    if (entry.scriptSources === undefined) {
      entry.scriptSources = inlineScripts(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      cache.grow(key, entry.scriptSources.length * 2);
    }
    res.setHeader('Content-Security-Policy', withScriptSources(String(policy), entry.scriptSources));
  }

  return function encode(req, res) {
    onTheFly(req, res, () => {});
    const streamedEnd = res.end;
    const streamedWrite = res.write;
    let streaming = false;

    res.write = function write(...args) {
      streaming = true;
      return streamedWrite.apply(this, args);
    };
    res.end = function end(chunk, encodingOrCallback, callback) {
      const wholeBody = !streaming && !res.headersSent && (typeof chunk === 'string' || Buffer.isBuffer(chunk));
      const whole =
        wholeBody &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        res.statusCode === 200 &&
        chunk.length >= MIN_BYTES &&
        !res.getHeader('Content-Encoding') &&
        isOneBodyForMany(res.getHeader('Cache-Control'), res.getHeader('x-nextjs-cache')) &&
        compressible(String(res.getHeader('Content-Type') ?? '')) === true;
      const textEncoding = typeof encodingOrCallback === 'string' ? encodingOrCallback : 'utf8';
      if (!whole) {
        // A whole HTML body of another status (a not-found page Next serves from its cache, rendered
        // for an earlier request's nonce) needs its own scripts' hashes just as much.
        if (wholeBody && chunk.length > 0 && !res.getHeader('Content-Encoding')) allowOwnScripts(res, entryFor(cache, chunk, textEncoding), chunk);
        return streamedEnd.call(this, chunk, encodingOrCallback, callback);
      }

      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      const found = entryFor(cache, chunk, textEncoding);
      const { key, entry, body } = found;
      allowOwnScripts(res, found, chunk);
      // With its hashes in its CSP, a cached page may be marked for a shared cache (runtime/shared-cache.mjs).
      shared?.(req, res);
      // A validator the handler chose (a CSV download's) stays; a page gets the body's.
      const etag = String(res.getHeader('ETag') ?? entry.etag);
      res.setHeader('ETag', etag);
      appendVary(res, 'Accept-Encoding');
      if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
        res.statusCode = 304;
        for (const name of ['Content-Length', 'Content-Type']) res.removeHeader(name);
        return streamedEnd.call(this, done);
      }
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (!encoding) return streamedEnd.call(this, req.method === 'HEAD' ? undefined : chunk, textEncoding, done);
      let encoded = entry.encoded[encoding];
      if (!encoded) {
        encoded = compress(body(), encoding);
        entry.encoded[encoding] = encoded;
        cache.grow(key, encoded.length);
      }
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', encoded.length);
      return streamedEnd.call(this, req.method === 'HEAD' ? undefined : encoded, done);
    };
  };
}
