/**
 * How a publication's tags travel to a shared cache (docs/decisions/056). Pure.
 */

/** Varnish reads a header line of at most 8 KB by default (http_req_hdr_len); a batch stays well under it. */
export const MAX_PURGE_HEADER = 4000;
/** At most this many purge URLs (several Varnish servers): a bound on the work one change costs. */
export const MAX_PURGE_URLS = 16;

/** The tags, split into space-separated header values of at most `max` characters (a longer tag alone is dropped: no page carries one). */
export function purgeBatches(tags: readonly string[], max: number = MAX_PURGE_HEADER): string[] {
  const batches: string[] = [];
  let current = '';
  for (const tag of new Set(tags)) {
    if (!tag || tag.length > max || /\s/.test(tag)) continue;
    if (current && current.length + 1 + tag.length > max) {
      batches.push(current);
      current = '';
    }
    current = current ? `${current} ${tag}` : tag;
  }
  if (current) batches.push(current);
  return batches;
}

/** CACHE_PURGE_URL: one or several http(s) URLs, comma-separated; null when one is not a URL. */
export function parsePurgeUrls(value: string | undefined): string[] | null {
  if (!value || value.trim() === '') return [];
  const urls = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (urls.length > MAX_PURGE_URLS) return null;
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    } catch {
      return null;
    }
  }
  return urls;
}
