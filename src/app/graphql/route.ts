import { ANSWER_CACHE_HEADER, ENCODED_BY_ROUTE_ACCEPTED, ENCODED_BY_ROUTE_HEADER, answerEncoding, answerKey, isReplayable } from '@/server/graphql/answer-cache';
import { authorizationFrom } from '@/server/graphql/context';
import { graphqlAnswerCache } from '@/server/graphql/response-cache';
import { READ_BODY_STATUS, readBody, type ReadBodyFailure } from '@/server/http/read-body';
import { setJsonApiSecurityHeaders } from '@/server/http/security-headers';
import { signedStaffCookie, siteOpen } from '@/server/http/site-gate';
import { createGraphQLServer, MAX_BODY_BYTES } from '@/server/graphql/yoga';

export const dynamic = 'force-dynamic';

const yoga = createGraphQLServer();

/** A query is a few KB: a body that takes longer than this to arrive is a client holding the connection. */
const BODY_TIMEOUT_MS = 10_000;

const READ_FAILURE_MESSAGES: Readonly<Record<ReadBodyFailure, string>> = {
  tooLarge: `Request body too large (limit ${MAX_BODY_BYTES} bytes).`,
  timeout: `Request body not received within ${BODY_TIMEOUT_MS / 1000} s.`,
  unreadable: 'The request body could not be read.',
};

/**
 * The body is read here, counted as it arrives (a chunked body or a lying Content-Length cannot
 * pass the limit). A request whose exact body, Accept and session were answered successfully
 * before is answered with the same bytes, compressed once (docs/decisions/021); any other goes
 * to yoga with every limit of docs/decisions/011, as a new request carrying exactly those bytes.
 */
async function answer(request: Request): Promise<Response> {
  if (request.body === null) return yoga.fetch(request);
  const read = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: BODY_TIMEOUT_MS });
  if (!read.ok) {
    return Response.json({ errors: [{ message: READ_FAILURE_MESSAGES[read.failure] }] }, { status: READ_BODY_STATUS[read.failure] });
  }
  const answers = graphqlAnswerCache();
  const key = request.method === 'POST' ? answerKey(read.bytes, request.headers.get('accept'), authorizationFrom(request.headers)) : null;
  const known = key === null ? undefined : answers.get(key);
  if (known) {
    // Compressed here only when the server will send the encoding Next drops (runtime/server.mjs).
    const encoding = request.headers.get(ENCODED_BY_ROUTE_HEADER) === ENCODED_BY_ROUTE_ACCEPTED ? answerEncoding(request.headers.get('accept-encoding')) : null;
    const headers: Record<string, string> = { 'content-type': known.contentType, vary: 'Accept-Encoding', [ANSWER_CACHE_HEADER]: 'HIT' };
    if (encoding) headers[ENCODED_BY_ROUTE_HEADER] = encoding;
    return new Response(new Uint8Array(answers.bytes(known, encoding)), { status: 200, headers });
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  const response = await yoga.fetch(new Request(request.url, { method: request.method, headers, body: read.bytes, signal: request.signal }));
  const contentType = response.headers.get('content-type');
  if (key === null || response.status !== 200 || !contentType) return response;
  const text = await response.text();
  if (isReplayable(response.status, contentType, text)) answers.set(key, contentType, text);
  const sent = new Headers(response.headers);
  sent.set(ANSWER_CACHE_HEADER, 'MISS');
  return new Response(text, { status: response.status, headers: sent });
}

/** Every answer carries the security headers itself: the proxy does not run for this route (src/proxy.ts). */
async function handle(request: Request): Promise<Response> {
  // While the site is not public (issue 43), only signed-in staff get answers.
  const closed = !siteOpen() && !(await signedStaffCookie(request.headers));
  const response = closed ? Response.json({ errors: [{ message: 'The site is not open to the public yet.' }] }, { status: 503, headers: { 'retry-after': '3600', 'cache-control': 'no-store' } }) : await answer(request);
  setJsonApiSecurityHeaders(request, response.headers);
  return response;
}

export { handle as GET, handle as POST };
