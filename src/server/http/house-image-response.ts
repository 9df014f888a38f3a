import 'server-only';
import { EXTENSION_OF, type ImageType } from '@/domain/content/house-images';
import { HOUSE_IMAGE_HEADERS } from './security-headers';

const YEAR = 365 * 24 * 60 * 60;

/**
 * A stored house image: its address names its hash, so the bytes behind it never change and it is
 * kept for a year by anyone (immutable); the ETag answers a revalidation without the bytes. The
 * extension asked must be the stored type's; anything else is a 404 kept by nobody.
 */
export function houseImageResponse(request: Request, image: { contentType: string; data: Uint8Array; sha256: string } | null, extension: string): Response {
  if (!image || EXTENSION_OF[image.contentType as ImageType] !== extension) {
    return new Response('Not found', { status: 404, headers: { ...HOUSE_IMAGE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  const etag = `"${image.sha256}"`;
  const headers = new Headers({ ...HOUSE_IMAGE_HEADERS, etag, 'cache-control': `public, max-age=${YEAR}, immutable` });
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return new Response(null, { status: 304, headers });
  headers.set('content-type', image.contentType === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : image.contentType);
  headers.set('content-length', String(image.data.byteLength));
  return new Response(request.method === 'HEAD' ? null : Buffer.from(image.data), { status: 200, headers });
}
