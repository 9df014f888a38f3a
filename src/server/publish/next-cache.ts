import 'server-only';
import { revalidatePath, revalidateTag } from 'next/cache';
import type { PageTargets } from '@/domain/publication';

/**
 * Marks the cached pages and data entries as expired at once: the next request renders them
 * afresh. Next accepts this only inside a route handler or a server action; elsewhere it throws.
 */
export function expirePages(targets: PageTargets): void {
  for (const path of targets.paths) revalidatePath(path);
  for (const { pattern, type } of targets.patterns) revalidatePath(pattern, type);
  for (const tag of targets.tags) revalidateTag(tag, { expire: 0 });
}
