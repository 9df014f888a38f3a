/**
 * The production server: Next's request handler behind a plain Node HTTP server. It exists because
 * - Next (16.4) answers 500 to a path that is not valid percent-encoding before the proxy can see it
 *   (vercel/next.js#94278). A bad URL must be a 404, never a 500;
 * - Next compresses and hashes every cached page again on every request; here each distinct body is
 *   hashed natively and compressed once (scripts/compressed-responses.mjs).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import next from 'next';
import { responseEncoder } from './compressed-responses.mjs';

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;
// Next builds the proxy's request URLs with 'localhost' whatever address we listen on; giving it
// another hostname makes its own rewrites look external (then proxied, and failing).
const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
const handle = app.getRequestHandler();

function decodable(url) {
  const path = (url ?? '/').split('?')[0] ?? '/';
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * One URL shows one page per investor profile, chosen by the profile cookie (docs/decisions/001).
 * Next writes its own Vary header, so Cookie is added to it here: a shared cache (CDN, proxy)
 * must never serve one profile's page to another.
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

await app.prepare();
const encode = responseEncoder();
const server = createServer((req, res) => {
  if (!decodable(req.url)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not found');
    return;
  }
  if (!req.url?.startsWith('/_next/static/')) varyOnCookie(res);
  encode(req, res);
  withRequestId(req, res, () => handle(req, res));
});
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
server.listen(port, hostname, () => {
  console.info(`▲ Serving on http://${hostname ?? 'localhost'}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
