import 'server-only';
import { boundedMaxAge } from '@/domain/clock/moments';
import { fundTag } from '@/domain/content/cache-tags';
import { audienceTag, type Audience } from '@/domain/registrations/audience';
import { env } from '@/env';
import { nextMomentOf } from '@/server/clock/schedule';
import type { StoredDocument } from '@/server/documents/queries';
import { contentDisposition } from './content-disposition';

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

const YEAR = 365 * 24 * 60 * 60;
/** A current document's stable address: the browser asks again after five minutes (a new version may have replaced it). */
const CURRENT_MAX_AGE = 300;

/**
 * How a document of a fund may be kept (docs/decisions/056): the browser keeps it for itself alone
 * (private, Vary: Cookie: whether a visitor may see it depends on the audience cookies); a shared
 * cache keyed on the audience (deploy/varnish.vcl) keeps it under the fund's and the audience's tags,
 * which a new version, a withdrawal or a registration change purge. An archived version's address
 * (…/v/{id}) never shows other bytes: immutable for a year in the browser, but whether it is served
 * at all changes on dated moments (a registration's first or last day, the archive window): the
 * shared cache keeps it until the clock's next such moment at most (docs/decisions/064), when the
 * clock also purges it by its fund's and audience's tags. The stable address of the current one
 * lives five minutes in the browser and the surrogate lifetime in the shared cache.
 */
export type DocumentCaching = { fundSlug: string; audience: Audience; versioned: boolean };

/** A stored document, inline; the browser revalidates cheaply with the ETag. */
export function documentResponse(request: Request, doc: StoredDocument, caching?: DocumentCaching): Response {
  const etag = `"${doc.sha256}"`;
  const headers = new Headers({
    etag,
    'cache-control': caching?.versioned ? `private, max-age=${YEAR}, immutable` : `private, max-age=${caching ? CURRENT_MAX_AGE : 3600}, must-revalidate`,
    vary: 'Cookie',
    'last-modified': new Date(`${doc.publishedAt}T00:00:00Z`).toUTCString(),
    'x-content-type-options': 'nosniff',
  });
  if (caching) {
    const tags = `${fundTag(caching.fundSlug)} ${audienceTag(caching.audience)}`;
    const surrogate = caching.versioned
      ? boundedMaxAge(new Date(), nextMomentOf(['registrations', 'documents']), YEAR, env().CACHE_SURROGATE_MAX_AGE)
      : env().CACHE_SURROGATE_MAX_AGE;
    headers.set('surrogate-control', `max-age=${surrogate}`);
    headers.set('xkey', tags);
    headers.set('surrogate-key', tags);
  }
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', doc.mimeType);
  headers.set('content-length', String(doc.size));
  headers.set('content-disposition', contentDisposition('inline', doc.fileName, 'document.pdf'));
  return new Response(request.method === 'HEAD' ? null : Buffer.from(doc.data), { status: 200, headers });
}
