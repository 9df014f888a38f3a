/**
 * The production server: Next's request handler behind a plain Node HTTP server. It exists because
 * - Next (16.4) answers 500 to a path that is not valid percent-encoding before the proxy can see it
 *   (vercel/next.js#94278). A bad URL must be a 404, never a 500;
 * - Next compresses and hashes every cached page again on every request; here each distinct body is
 *   hashed natively and compressed once (runtime/compressed-responses.mjs), and the hashes of its
 *   inline scripts are added to its CSP, found once too (runtime/cached-page-csp.mjs); a page every
 *   visitor of one audience sees alike is marked for a shared cache (runtime/shared-cache.mjs);
 * - the client's address must come from the socket, or from X-Forwarded-For only through the proxies
 *   TRUSTED_PROXIES names (runtime/client-address.mjs), and Next rewrites that header itself;
 * - Next replaces the Vary header of a page (so Cookie is added here), cannot give a rewrite a
 *   status (the 404 of unknown slugs) and drops a route's Content-Encoding: those two writeHead
 *   overrides below are the only ones left (docs/decisions/045 measures and lists what moved out);
 * - on SIGTERM the requests under way finish and the database is closed (runtime/graceful-shutdown.mjs);
 * - clients that send their headers or body too slowly, or too big a body, are cut off: each path's
 *   limit (runtime/body-limits.mjs) is enforced from the declared length, then while the body
 *   arrives, before Next buffers it (runtime/slow-clients.mjs); the back-office's large limit is
 *   only for a live staff session (runtime/staff-bodies.mjs).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import next from 'next';
import { inlineScriptSources } from './cached-page-csp.mjs';
import { assignClientHeader, parseTrustedProxies } from './client-address.mjs';
import { responseEncoder } from './compressed-responses.mjs';
import { markForSharedCache, surrogateMaxAge } from './shared-cache.mjs';
import { ACCEPT_MS, gracefulShutdown } from './graceful-shutdown.mjs';
import { applyTimeouts, serverOptions } from './slow-clients.mjs';
import { admitBody } from './staff-bodies.mjs';

const port = Number(process.env.PORT ?? 3000);
// All interfaces unless LISTEN_HOST narrows it. Not HOSTNAME: containers set it to their own name.
const listenHost = process.env.LISTEN_HOST?.trim() || undefined;
let trustedProxies;
try {
  trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  console.error(`Invalid configuration:\n  - ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Next builds the proxy's request URLs with 'localhost' whatever address we listen on; giving it
// another hostname makes its own rewrites look external (then proxied, and failing).
const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
const handle = app.getRequestHandler();

/** A path that decodes, to no control character (`/fr/%00`): no page, file or API has one. */
function decodable(url) {
  const path = (url ?? '/').split('?')[0] ?? '/';
  try {
    return !/\p{Cc}/u.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/**
 * One URL shows one page per investor profile, chosen by the profile cookie (docs/decisions/001).
 * Next writes its own Vary header, so Cookie is added to it here: a shared cache (CDN, proxy)
 * must never serve one profile's page to another. setHeader, not the proxy, because Next replaces
 * a page's Vary with its own (app-page.ts, `res.setHeader('Vary', …)`): docs/decisions/045.
 */
function varyOnCookie(res) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (String(name).toLowerCase() === 'vary' && !/\bcookie\b/i.test(String(value))) value = `${value}, Cookie`;
    return setHeader(name, value);
  };
  setHeader('vary', 'Cookie');
}

/**
 * Every request gets an id, echoed in X-Request-Id and carried by every log line written while it
 * is served: code under Next's handler reads it from this AsyncLocalStorage (the same one
 * src/server/log/request-context.ts finds under this globalThis key), or from the request header.
 * An incoming id (from a proxy) is kept only if it is short and plain; otherwise a new one is made.
 */
const requestContext = (globalThis[Symbol.for('fundhouse.requestContext')] ??= new AsyncLocalStorage());
const GIVEN_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
function withRequestId(req, res, next) {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  requestContext.run({ requestId: id }, next);
}

/**
 * The proxy marks its rewrites of unknown slugs to the unknown-page route with this header
 * (src/proxy.ts). That route renders the translated 404 screen as a page, cached once per language
 * and profile, because Next answers a notFound() thrown while rendering with an empty shell whose
 * text appears only with JavaScript (docs/decisions/019). A page load gets its status here: 404.
 * A client navigation's RSC request keeps its 200, or Next's router would reload the whole page.
 */
const NOT_FOUND_PAGE_HEADER = 'x-fundhouse-not-found';
function notFoundWhenMarked(req, res) {
  // Overridden because Next ignores the status of a proxy's rewrite (resolve-routes.ts): docs/decisions/045.
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadNotFound(status, ...rest) {
    if (res.hasHeader(NOT_FOUND_PAGE_HEADER)) {
      res.removeHeader(NOT_FOUND_PAGE_HEADER);
      if (status === 200 && req.headers.rsc !== '1') {
        res.statusCode = 404;
        return writeHead.call(this, 404, ...rest);
      }
    }
    return writeHead.call(this, status, ...rest);
  };
}

/**
 * A route handler may send bytes it compressed once itself (the /graphql answers replayed from
 * src/server/graphql/answer-cache.ts, docs/decisions/021), but Next drops a route's Content-Encoding
 * header. This server tells routes it restores it (the header below on the request, whatever the
 * client sent), and turns the same header of the response into Content-Encoding as the head is
 * written, before the compression middleware looks (it then leaves the body alone).
 */
const ENCODED_BY_ROUTE_HEADER = 'x-fundhouse-content-encoding';
function encodedByRoute(req, res) {
  req.headers[ENCODED_BY_ROUTE_HEADER] = 'accepted';
  // Overridden because Next drops a route's Content-Encoding (send-response.ts): docs/decisions/045.
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithRouteEncoding(...args) {
    const encoding = res.getHeader(ENCODED_BY_ROUTE_HEADER);
    if (encoding !== undefined) {
      res.removeHeader(ENCODED_BY_ROUTE_HEADER);
      if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
    }
    return writeHead.apply(this, args);
  };
}

await app.prepare();
const sharedCache = { maxAge: surrogateMaxAge(process.env.CACHE_SURROGATE_MAX_AGE ?? undefined) };
const encode = responseEncoder({ inlineScripts: inlineScriptSources, shared: (req, res) => markForSharedCache(req, res, sharedCache) });
/**
 * Whether a cookie header is a live staff session: asked of the app (src/instrumentation.ts
 * registers it once Next is prepared), which checks the signature and the database. Without it, no.
 */
function isStaff(cookieHeader) {
  const check = globalThis.__fundhouseStaffSession;
  return typeof check === 'function' ? check(cookieHeader) : false;
}

const server = createServer(serverOptions, (req, res) => {
  // Past the path's limit, declared or counted as it arrives, 413; too slow, 408. Answered before
  // Next buffers the body; the import API bounds its own streamed body. The back-office takes big
  // bodies only from a live staff session (runtime/staff-bodies.mjs).
  admitBody(req, res, (req.url ?? '/').split('?')[0] ?? '/', { isStaff }, () => serve(req, res));
});

function serve(req, res) {
  if (!decodable(req.url)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not found');
    return;
  }
  assignClientHeader(req, trustedProxies);
  if (!req.url?.startsWith('/_next/static/')) varyOnCookie(res);
  encode(req, res);
  notFoundWhenMarked(req, res);
  encodedByRoute(req, res);
  withRequestId(req, res, () => handle(req, res));
}
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
applyTimeouts(server);
const lifecycle = gracefulShutdown(server);
server.listen(port, listenHost, () => {
  console.info(`▲ Serving on http://${listenHost ?? 'localhost'}:${port}${listenHost ? '' : ' (all interfaces)'}`);
});

/** Registered by src/instrumentation.ts: stops the background work and closes the database. */
async function closeApp() {
  const close = globalThis.__fundhouseShutdown;
  if (typeof close !== 'function') return true;
  try {
    await close();
    return true;
  } catch (error) {
    console.error('[server] the database did not close cleanly:', error);
    return false;
  }
}

// Only when Node runs with --expose-gc, which production never sets: the resilience suite's load part
// (scripts/resilience/load.ts) collects the garbage before reading the RSS, so a reading does not
// depend on when V8 last collected.
if (typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    const mb = (bytes) => Math.round(bytes / 104857.6) / 10;
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    console.info(`[server] garbage collected ${JSON.stringify({ rss: mb(rss), heapUsed: mb(heapUsed), external: mb(external), arrayBuffers: mb(arrayBuffers) })}`);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    console.info(`[server] ${signal}: no new connections after ${ACCEPT_MS / 1000} s; finishing the ${lifecycle.active} request(s) under way (${lifecycle.waiting} connection(s) not sent theirs yet)`);
    let closed = false;
    const { forced } = await lifecycle.stop({ close: async () => (closed = await closeApp()) });
    console.info('[server] stopped');
    process.exit(forced || !closed ? 1 : 0);
  });
}
