/**
 * Clients too slow to be honest are cut off by the production server (runtime/server.mjs).
 *
 * Node's defaults let a client take 60 s to send its headers and 300 s per request, and look for
 * such clients every 30 s: fifty slowloris connections then hold the server's sockets for minutes.
 * The limits below are chosen against what a real visitor sends:
 * - headers are a few KB: 15 s is enough on the worst mobile link, and a slowloris client that
 *   drips them is answered 408 and closed within 16 s (checked every second);
 * - a whole request may take 130 s: the largest body we accept (a 10 MB career form) is read under
 *   the form's own 120 s deadline (src/server/forms/handle-post.ts), which answers first and clearly;
 * - but a body must keep arriving at 1 KB/s on average once it has had 10 s: a 2 KB form posted
 *   over a minute is an attack, not a slow link (a 2 KB form takes well under a second on 2G, and a
 *   10 MB upload needs 85 KB/s anyway to fit in the 120 s). Such a client is answered 408 and closed
 *   within about 11 s. While the server itself is not reading the body (its buffer is full), the
 *   client is not blamed.
 *
 * Bodies are also capped here, as they arrive, at the path's limit (runtime/body-limits.mjs): Next's
 * proxy buffers every request body it sees up to experimental.proxyClientMaxBodySize before the route
 * runs, so without this an 11 MB chunked body to /graphql (which takes 100 KB) was read, copied and
 * kept whole before the route could refuse it. The routes keep their own exact limits
 * (src/server/http/read-body.ts); these are a little above them.
 */

export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 130_000;
export const CHECK_INTERVAL_MS = 1_000;
export const BODY_GRACE_MS = 10_000;
export const MIN_BODY_BYTES_PER_SECOND = 1_024;
/** How long a cut connection still reads (and drops) what the client sends, so it reads our answer. */
const LINGER_MS = 1_000;

/** Options for `http.createServer`: how often Node looks for clients past the two timeouts. */
export const serverOptions = { connectionsCheckingInterval: CHECK_INTERVAL_MS };

/** Sets Node's own header and request timeouts on `server`, and answers what cannot be parsed (answerClientError). */
export function applyTimeouts(server) {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('clientError', answerClientError);
}

const TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 31\r\n\r\nThe request body came too slow.';
const TOO_LARGE_ANSWER = 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 28\r\n\r\nThe request body is too big.';

/** What Node answers to a request it cannot parse, by the parser's error code; anything else is 400. */
const CLIENT_ERROR_STATUS = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};
const answeredClients = new WeakSet();

/**
 * The server's `clientError` handler: what the client sent cannot be parsed (bytes that are not
 * HTTP, a head too large, headers too slow). Node's own handler writes its 400 (431, 408) and
 * destroys the socket at once; with the client's bytes still unread (a body longer than its
 * Content-Length, whose rest is taken for the next request) that close is a reset, and the client
 * loses the answer before reading it. Here the answer is written, the socket ended, and what still
 * comes is read and dropped for a second before the socket is destroyed, as for a cut body.
 */
export function answerClientError(error, socket) {
  // The parser reports again with every piece that still arrives: answered once.
  if (answeredClients.has(socket)) return;
  answeredClients.add(socket);
  // A response already under way on this connection cannot be followed by another one.
  const inFlight = socket._httpMessage;
  if (error?.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error?.code] ?? '400 Bad Request';
  answerAndClose(socket, `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Writes `answer` (when given) and ends `socket`, then destroys it a second later, reading and
 * dropping what the client still sends meanwhile: closing a socket with unread data sends a reset,
 * which can make the client lose the answer before reading it.
 */
function answerAndClose(socket, answer) {
  if (answer !== undefined) socket.end(answer);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** Whether the request announces a body (a length above 0, or chunks). */
export function hasBody(req) {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Watches the body of `req` as the HTTP parser hands it over: a declared Content-Length above
 * `maxBytes` is answered 413 before a byte is read, and so is a body that passes it as it arrives;
 * from `graceMs` on, a body arriving at less than `minBytesPerSecond` on average is answered 408.
 * Either way the connection is closed and nothing more is read. Call for every request, before
 * handling it; when it returns true the request is already answered and must not be handled.
 */
export function guardBody(
  req,
  res,
  { maxBytes = Number.POSITIVE_INFINITY, graceMs = BODY_GRACE_MS, minBytesPerSecond = MIN_BODY_BYTES_PER_SECOND, intervalMs = CHECK_INTERVAL_MS } = {},
) {
  if (req.complete || !hasBody(req)) return false;
  const socket = req.socket;
  const started = Date.now();
  // What arrived before the guard was set (while a session was being checked) counts too.
  let received = req.readableLength;
  let cut = false;
  const cutOff = (answer) => {
    cut = true;
    stop();
    // Once the app has begun its own answer, nothing more can be written: the connection only closes.
    answerAndClose(socket, res.headersSent ? undefined : answer);
  };
  // Node's HTTP parser gives each piece of the body to `req.push`: counted here, exactly (chunked
  // framing excluded), without taking the stream's data from whoever reads it.
  const push = req.push;
  req.push = function countedPush(chunk, encoding) {
    if (cut) return true; // dropped
    if (chunk) {
      received += chunk.length;
      if (received > maxBytes) {
        cutOff(TOO_LARGE_ANSWER);
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  };
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    const elapsed = Date.now() - started;
    if (elapsed < graceMs) return;
    // The server is the slow one: the body waits in the request's full buffer, unread.
    if (req.readableLength >= req.readableHighWaterMark) return;
    if (received < (minBytesPerSecond * elapsed) / 1000) cutOff(TIMEOUT_ANSWER);
  }, intervalMs);
  timer.unref();
  function stop() {
    clearInterval(timer);
  }
  req.once('end', stop);
  res.once('close', stop);
  const declared = Number(req.headers['content-length']);
  if ((Number.isFinite(declared) && declared > maxBytes) || received > maxBytes) {
    cutOff(TOO_LARGE_ANSWER);
    return true;
  }
  return false;
}
