import 'server-only';
import { revalidateTag } from 'next/cache';

/**
 * Marks the cached pages and data entries carrying these tags as expired at once: the next request
 * renders them afresh. Next accepts this only inside a route handler or a server action: in Next
 * 16.4.6, revalidateTag goes through `revalidate()` (node_modules/next/dist/server/web/spec-extension/revalidate.js,
 * lines 100-103), which throws "Invariant: static generation store missing" when no work store is
 * set, as in a LISTEN callback or at start (docs/decisions/044).
 */
export function expireTags(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
