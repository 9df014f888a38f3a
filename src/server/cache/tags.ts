import 'server-only';
import { unstable_cache } from 'next/cache';

/**
 * Gives cache tags to the page being rendered (docs/decisions/044): the tags of an unstable_cache
 * call are added to the page's ISR entry before the call is even looked up (Next's
 * unstable-cache.js collects them into the render's work unit), so a read declares what it shows
 * with one small cached `true`. A publication then expires these tags (src/server/publish).
 *
 * Outside a Next render or route (a script, an integration test) there is no page to mark and
 * no incremental cache: Next throws "incrementalCache missing", which is the one error ignored.
 */
export async function markTags(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  const list = [...tags];
  try {
    await unstable_cache(async () => true, ['cache-tags', ...list], { tags: list })();
  } catch (error) {
    if (error instanceof Error && error.message.includes('incrementalCache missing')) return;
    throw error;
  }
}
