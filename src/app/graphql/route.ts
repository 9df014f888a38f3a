import { READ_BODY_STATUS, readBody, type ReadBodyFailure } from '@/server/http/read-body';
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
 * pass the limit), and yoga gets a new request carrying exactly those bytes.
 */
async function handle(request: Request): Promise<Response> {
  if (request.body === null) return yoga.fetch(request);
  const read = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: BODY_TIMEOUT_MS });
  if (!read.ok) {
    return Response.json({ errors: [{ message: READ_FAILURE_MESSAGES[read.failure] }] }, { status: READ_BODY_STATUS[read.failure] });
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return yoga.fetch(new Request(request.url, { method: request.method, headers, body: read.bytes, signal: request.signal }));
}

export { handle as GET, handle as POST };
