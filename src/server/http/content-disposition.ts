import 'server-only';

/**
 * RFC 6266 `Content-Disposition`: an ASCII fallback name (accents dropped, quotes and backslashes
 * replaced) and the UTF-8 name. `inline` shows a document in the browser; `attachment` downloads it.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string, fallback = 'file'): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || fallback;
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
