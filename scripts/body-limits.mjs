/**
 * How large a request body may be, judged from its head before a byte of it is read.
 *
 * Next buffers the whole body of every request that goes through the proxy (src/proxy.ts) up to
 * `proxyClientMaxBodySize` (21 MB, for the back-office's document uploads), whatever the path: a
 * POST of 21 MB to a public page would be held in memory before any route could refuse it. So the
 * server refuses it first: each path has its own limit, a body larger than it is answered 413, and a
 * body without a Content-Length (chunked) is answered 411 where the route does not read its own
 * body as a bounded stream. Browsers always send a Content-Length for a form or a fetch with a body,
 * and Node's HTTP parser reads exactly that many bytes, so the length bounds what is buffered.
 */

const MB = 1024 * 1024;

/** Paths whose route reads its body itself, bounded while reading (src/server/http/read-body.ts), outside the proxy. */
const STREAMED = /^\/api\/admin\/v1\/(navs|benchmarks|documents)\/?$/;

/** First match wins; the sizes are those the routes enforce, with room for multipart framing. */
const LIMITS = [
  // Back-office server actions: document uploads (20 MB) and import files (16 MB).
  { path: /^\/admin(\/|$)/, bytes: 21 * MB },
  // Visitor forms: 10 MB a request (src/server/forms/handle-post.ts), plus multipart framing, so
  // that the form's own translated 413 answers what is just over.
  { path: /^\/api\/forms\//, bytes: 10 * MB + 64 * 1024 },
  // GraphQL (100 KB) and the content query (64 KB), with room for their own 413 answers.
  { path: /^\/graphql\/?$/, bytes: 128 * 1024 },
  { path: /^\/(_|%5F)content\//i, bytes: 128 * 1024 },
];

/** Anything else (pages, the language switch, the health check…) takes no body worth the name. */
const DEFAULT_BYTES = 64 * 1024;

/** The largest body accepted on this path, or null when the route bounds it itself while reading. */
export function bodyLimit(pathname) {
  if (STREAMED.test(pathname)) return null;
  return LIMITS.find((limit) => limit.path.test(pathname))?.bytes ?? DEFAULT_BYTES;
}

/**
 * 413 or 411 when the request's head already shows a body the path must not take, else null.
 * `headers` are Node's (lower-case names).
 */
export function refuseBody(method, url, headers) {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  const limit = bodyLimit(pathname);
  if (limit === null) return null;
  const declared = headers['content-length'];
  if (declared === undefined) {
    return headers['transfer-encoding'] === undefined ? null : { status: 411, message: 'Length required: send the body with a Content-Length.' };
  }
  const length = typeof declared === 'string' && /^\d{1,15}$/.test(declared) ? Number(declared) : NaN;
  if (!Number.isSafeInteger(length)) return { status: 400, message: 'Bad Content-Length.' };
  return length > limit ? { status: 413, message: `Request body too large (limit ${limit} bytes on this path).` } : null;
}
