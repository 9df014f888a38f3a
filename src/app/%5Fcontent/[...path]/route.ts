import { normalizeContentPath } from '@/server/content/content-path';
import { parseContentQuery } from '@/server/content/query-schema';
import { runContentQuery } from '@/server/content/query';
import { READ_BODY_STATUS, readBody, type ReadBodyFailure } from '@/server/http/read-body';
import { audienceFromRequest } from '@/server/http/request-context';
import { loadContentDocuments } from '@/server/content/queries';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 64_000;
/** A query body is small: one that takes longer than this to arrive is a client holding the connection. */
const BODY_TIMEOUT_MS = 10_000;

const READ_FAILURE_MESSAGES: Readonly<Record<ReadBodyFailure, string>> = {
  tooLarge: `Request body too large (limit ${MAX_BODY_BYTES} bytes).`,
  timeout: `Request body not received within ${BODY_TIMEOUT_MS / 1000} s.`,
  unreadable: 'The request body could not be read.',
};

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function error(status: number, message: string): Response {
  return Response.json({ statusCode: status, message }, { status });
}

/**
 * The folder is named %5Fcontent because Next.js treats folders starting with _ as private.
 * docs/product.md §7 content-query helper: POST /_content/{path} with a JSON body; JSON out. It serves the
 * news and page texts the site's pages show, for the visitor's investor profile (cookie, else RETAIL). */
export async function POST(request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path: segments } = await params;
  const read = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: BODY_TIMEOUT_MS });
  if (!read.ok) return error(READ_BODY_STATUS[read.failure], READ_FAILURE_MESSAGES[read.failure]);
  let raw: string;
  try {
    raw = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return error(400, 'The request body is not valid UTF-8.');
  }
  let body: unknown = undefined;
  if (raw.trim() !== '') {
    try {
      body = JSON.parse(raw);
    } catch {
      return error(400, 'The request body is not valid JSON.');
    }
  }
  const parsed = parseContentQuery(body);
  if (!parsed.ok) return error(400, parsed.message);
  const path = normalizeContentPath(`/${segments.map(decodeSegment).join('/')}`);
  if (path === null) return error(404, 'Not Found');
  const docs = await loadContentDocuments(path, audienceFromRequest(request));
  const result = runContentQuery(docs, path, parsed.query);
  if (result.status !== 200) return error(result.status, result.body.message);
  return Response.json(result.body, { status: result.status, headers: { 'cache-control': 'no-store' } });
}
