/**
 * How large a request body may be, judged from its head before a byte of it is read.
 *
 * Next buffers the whole body of every request that goes through the proxy (src/proxy.ts) up to
 * `proxyClientMaxBodySize` (21 MB, for the back-office's document uploads), whatever the path: a
 * POST of 21 MB to a public page would be held in memory before any route could refuse it. So the
 * server refuses it first (runtime/slow-clients.mjs): each path has its own limit, and a body that
 * declares more, or sends more as it arrives (chunked), is answered 413.
 */

const MB = 1024 * 1024;

/**
 * Paths whose route reads its body itself, bounded while reading (src/server/http/read-body.ts), outside
 * the proxy (src/proxy.ts's matcher leaves them out): the import API, CSV files of 16 MB (2 MB for the
 * registration matrix, docs/registrations.md; 1 MB for dividends, docs/api.md), 20 MB documents,
 * fund events' JSON (256 KB) and notice PDFs (20 MB) (docs/api.md).
 */
const STREAMED = /^\/api\/admin\/v1\/(navs|benchmarks|documents|scenarios|registrations|distributions|events|events\/[^/]{1,20}|events\/[^/]{1,20}\/notices)\/?$/;

/**
 * The back-office: signed-in staff post document uploads (20 MB) and import files (16 MB) to its
 * server actions; without a live staff session nothing there is bigger than the sign-in form, so
 * the server refuses more before reading it (runtime/staff-bodies.mjs, docs/decisions/027).
 */
const BACK_OFFICE = /^\/admin(\/|$)/;
export const STAFF_BYTES = 21 * MB;

/** First match wins; the sizes are those the routes enforce, with room for multipart framing. */
const LIMITS = [
  { path: BACK_OFFICE, bytes: 64 * 1024 },
  // Visitor forms: 10 MB a request (src/server/forms/handle-post.ts), plus multipart framing, so
  // that the form's own translated 413 answers what is just over.
  { path: /^\/api\/forms\//, bytes: 10 * MB + 64 * 1024 },
  // GraphQL and the content query: exactly their routes' own caps (src/server/graphql/yoga.ts,
  // src/app/%5Fcontent), so that the server answers a body over them and the route never does. A
  // route that stops reading a body cancels its stream, which closes the connection with the rest
  // of the body unread: a reset, after which the client may never read the route's 413 (the
  // resilience suite's 11 MB chunked body to /graphql saw it). The server's own 413 reads and drops
  // what still comes for a second before closing (slow-clients.mjs).
  { path: /^\/graphql\/?$/, bytes: 100_000 },
  { path: /^\/(_|%5F)content\//i, bytes: 64_000 },
];

/** Anything else (pages, the language switch, the health check…) takes no body worth the name. */
const DEFAULT_BYTES = 64 * 1024;

/**
 * The largest body accepted on this path, or null when the route bounds it itself while reading.
 * `staff`: the request carries a live staff session (only the back-office's limit depends on it).
 */
export function bodyLimit(pathname, { staff = false } = {}) {
  if (STREAMED.test(pathname)) return null;
  if (staff && BACK_OFFICE.test(pathname)) return STAFF_BYTES;
  return LIMITS.find((limit) => limit.path.test(pathname))?.bytes ?? DEFAULT_BYTES;
}
