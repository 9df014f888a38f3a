/**
 * What a shared cache (Varnish, a CDN) needs to keep a page: the production server marks the pages
 * every visitor of one audience sees alike (docs/decisions/056).
 *
 * A page Next served from its cache, that the proxy sent `private, no-cache` (src/proxy.ts: the
 * cached page paths), answered 200 with no Set-Cookie, whose cache tags are known
 * (runtime/page-tags-cache-handler.mjs), gets
 * - `Surrogate-Control: max-age=N` (CACHE_SURROGATE_MAX_AGE, 600 s by default): how long the shared
 *   cache may keep it, a bound that heals a lost purge; the browser still gets `private, no-cache`;
 * - `xkey` (Varnish's xkey module) and `Surrogate-Key` (Fastly) with its tags, space-separated: a
 *   publication purges exactly the tags it expires (src/server/cache/purge.ts);
 * - a CSP that allows its inline scripts by their hashes alone, without this request's nonce: the
 *   same answer is then sent to every visitor of the audience, and a nonce every visitor shares
 *   would protect nothing (docs/decisions/028 made the hashes; the nonce was only the renderer's).
 * The shared cache removes the three surrogate headers before the browser (deploy/varnish.vcl).
 * Anything else (a form's answer, the back-office, a preview, a page rendered per request, a 404)
 * is left as it was, and the shared cache does not keep what carries no Surrogate-Control.
 */

/** The registry runtime/page-tags-cache-handler.mjs fills: internal page path → its tags. */
const PAGE_TAGS = Symbol.for('fundhouse.pageTags');
/** The proxy's Cache-Control of a cached page (src/proxy.ts CACHED_PAGE_CACHE_CONTROL). */
const CACHED_PAGE_CACHE_CONTROL = 'private, no-cache';
/** The proxy's mark of an unknown page (src/proxy.ts NOT_FOUND_PAGE_HEADER). */
const NOT_FOUND_PAGE_HEADER = 'x-fundhouse-not-found';
/** A shared cache's header lines are bounded (Varnish: 8 KB a header by default); past this, not shared. */
export const MAX_TAGS_HEADER = 4096;
export const DEFAULT_SURROGATE_MAX_AGE = 600;
const TAG = /^[\x21-\x7e]{1,256}$/;

/** CACHE_SURROGATE_MAX_AGE in seconds: 1 s to 1 day, else the default (checked again in src/env.ts). */
export function surrogateMaxAge(value) {
  const seconds = Number(value);
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 86_400 ? seconds : DEFAULT_SURROGATE_MAX_AGE;
}

/** The page path a rewrite header names (`http://localhost:3000/fr/RETAIL-FR?x` → `/fr/RETAIL-FR`), or null. */
export function rewrittenPath(header) {
  if (typeof header !== 'string' || header === '') return null;
  try {
    return new URL(header, 'http://localhost').pathname;
  } catch {
    return null;
  }
}

/** The tags of a page as the registry holds them, or null when unknown (then the page is not shared). */
export function pageTags(path, registry = globalThis[PAGE_TAGS]) {
  if (!path || !registry) return null;
  const tags = registry.get(path) ?? registry.get(safeDecode(path));
  if (!tags || tags.length === 0 || !tags.every((tag) => TAG.test(tag))) return null;
  const header = tags.join(' ');
  return header.length <= MAX_TAGS_HEADER ? header : null;
}

function safeDecode(path) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The policy without its `'nonce-…'` sources. */
export function withoutNonce(policy) {
  return String(policy).replace(/\s'nonce-[^']*'/g, '');
}

/**
 * Marks `res` for a shared cache when it qualifies (see above). Called by the compress-once encoder
 * once the whole body is known, after the CSP got the body's script hashes.
 */
export function markForSharedCache(req, res, { maxAge = DEFAULT_SURROGATE_MAX_AGE, registry = globalThis[PAGE_TAGS] } = {}) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // The unknown-page route answers 200 here and becomes a 404 as its head is written (runtime/server.mjs):
  // a shared cache would only fill with attackers' random addresses.
  if (res.statusCode !== 200 || res.hasHeader('Set-Cookie') || res.hasHeader(NOT_FOUND_PAGE_HEADER)) return false;
  if (String(res.getHeader('Cache-Control') ?? '') !== CACHED_PAGE_CACHE_CONTROL || !res.hasHeader('x-nextjs-cache')) return false;
  const policy = res.getHeader('Content-Security-Policy');
  if (!policy || !/'sha256-/.test(String(policy))) return false;
  const tags = pageTags(rewrittenPath(res.getHeader('x-middleware-rewrite')), registry);
  if (!tags) return false;
  res.setHeader('Content-Security-Policy', withoutNonce(policy));
  res.setHeader('Surrogate-Control', `max-age=${maxAge}`);
  res.setHeader('xkey', tags);
  res.setHeader('Surrogate-Key', tags);
  return true;
}
