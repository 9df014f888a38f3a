import 'server-only';
import { createHash } from 'node:crypto';
import { CSV_CONTENT_TYPE } from '@/domain/csv/write';
import { contentDisposition } from './content-disposition';

/**
 * A CSV download, cached like the documents (document-response.ts): what a visitor may download depends on the
 * profile cookie, so only the browser keeps it (private, Vary: Cookie) and revalidates it with the ETag.
 */
export function csvResponse(request: Request, csv: string, fileName: string): Response {
  const body = Buffer.from(csv, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
  const headers = new Headers({
    etag,
    'cache-control': 'private, max-age=3600, must-revalidate',
    vary: 'Cookie',
    'x-content-type-options': 'nosniff',
  });
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', CSV_CONTENT_TYPE);
  headers.set('content-length', String(body.byteLength));
  headers.set('content-disposition', contentDisposition('attachment', fileName, 'export.csv'));
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
