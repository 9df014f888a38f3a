import 'server-only';
import type { StoredDocument } from '@/server/documents/queries';
import { contentDisposition } from './content-disposition';

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * A stored document, inline. Whether a visitor may see it depends on the profile cookie, so shared
 * caches must not keep it (private, Vary: Cookie); the browser revalidates cheaply with the ETag.
 */
export function documentResponse(request: Request, doc: StoredDocument): Response {
  const etag = `"${doc.sha256}"`;
  const headers = new Headers({
    etag,
    'cache-control': 'private, max-age=3600, must-revalidate',
    vary: 'Cookie',
    'last-modified': new Date(`${doc.publishedAt}T00:00:00Z`).toUTCString(),
    'x-content-type-options': 'nosniff',
  });
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', doc.mimeType);
  headers.set('content-length', String(doc.size));
  headers.set('content-disposition', contentDisposition('inline', doc.fileName, 'document.pdf'));
  return new Response(request.method === 'HEAD' ? null : Buffer.from(doc.data), { status: 200, headers });
}
