import 'server-only';
import { contentDisposition } from './content-disposition';

/**
 * A file of personal data for the staff (a visitor's CV, an export): always downloaded, never shown
 * in the browser (attachment, a generic type, nosniff, a sandbox if it is opened anyway), and never
 * kept by any cache.
 */
export function privateDownload(body: Uint8Array | string, fileName: string, contentType = 'application/octet-stream'): Response {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return new Response(bytes, {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition('attachment', fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}
