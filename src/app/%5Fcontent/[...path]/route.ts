import { normalizeContentPath } from '@/server/content/content-path';
import { parseContentQuery } from '@/server/content/query-schema';
import { runContentQuery } from '@/server/content/query';
import { profileFromRequest } from '@/server/http/request-context';
import { loadContentDocuments } from '@/server/queries/content';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 64_000;

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
 * SPEC §7 content-query helper: POST /_content/{path} with a JSON body; JSON out. It serves the
 * news and page texts the site's pages show, for the visitor's investor profile (cookie, else RETAIL). */
export async function POST(request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path: segments } = await params;
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return error(413, `Request body too large (limit ${MAX_BODY_BYTES} bytes).`);
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
  const docs = await loadContentDocuments(path, profileFromRequest(request));
  const result = runContentQuery(docs, path, parsed.query);
  return Response.json(result.body, { status: result.status, headers: { 'cache-control': 'no-store' } });
}
