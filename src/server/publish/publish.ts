import 'server-only';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RENDER_SETTLE_MS } from '@/domain/clock/moments';
import { changeTags } from '@/domain/content/cache-tags';
import { encodeChange, type ChangeScope } from '@/domain/content/publication';
import type { Executor } from '@/server/db/types';
import { purgeSharedCache } from '@/server/cache/purge';
import { clearMemoryCaches } from '@/server/cache/registry';
import { areaLogger } from '@/server/log/logger';
import { expireTags } from './next-cache';

const log = areaLogger('publish');

/** The PostgreSQL channel every app process LISTENs on (src/server/publish/listener.ts). */
export const CHANGE_CHANNEL = 'fundhouse_changes';

/** The header that carries this process's key to its own /api/internal/publish route. */
export const PUBLISH_KEY_HEADER = 'x-fundhouse-publish';

/** The most tags one call of the internal route carries (a bound: a real change names far fewer). */
export const MAX_TAGS_PER_EXPIRY = 5_000;

type Holder = {
  /** Names this process in its notifications, so it does not apply its own changes twice. */
  origin: string;
  /** Set when this process serves pages: where it reaches itself, and the key it expects. */
  self?: { url: string; key: string };
  /** Tags waiting for the server to answer (a start, a burst of notifications). */
  queued?: Set<string>;
  sending?: Promise<void>;
  /** Told after each publication of this process (the clock re-reads its next moments: src/server/clock/schedule.ts). */
  published?: () => void;
  /** Tags to expire once more when the renders under way at their change are over (RENDER_SETTLE_MS). */
  settling?: Set<string>;
};
const holder = ((globalThis as { __fundhousePublish?: Holder }).__fundhousePublish ??= { origin: randomUUID() });

export function processOrigin(): string {
  return holder.origin;
}

/** Called once by a serving process (src/instrumentation.ts): its pages can now be expired from outside a request. */
export function servePublications(url: string): void {
  holder.self ??= { url, key: randomBytes(32).toString('hex') };
}

/** Whether a request to /api/internal/publish comes from this very process. */
export function isOwnPublishKey(value: string | null): boolean {
  const key = holder.self?.key;
  if (!key || !value) return false;
  const a = Buffer.from(value);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

const RETRY_MS = 500;
const GIVE_UP_MS = 60_000;

/**
 * Outside a request, the process asks itself (its own route handler) to expire the tags: Next's
 * revalidateTag needs a request's work store (./next-cache.ts), which a LISTEN callback lacks.
 */
function sendToSelf(tags: readonly string[]): void {
  holder.queued ??= new Set();
  for (const tag of tags) holder.queued.add(tag);
  holder.sending ??= (async () => {
    const started = Date.now();
    while (holder.queued && holder.queued.size > 0 && holder.self) {
      const batch = [...holder.queued].slice(0, MAX_TAGS_PER_EXPIRY);
      for (const tag of batch) holder.queued.delete(tag);
      try {
        const response = await fetch(`${holder.self.url}/api/internal/publish`, {
          method: 'POST',
          headers: { [PUBLISH_KEY_HEADER]: holder.self.key, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: batch }),
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
      } catch (error) {
        // Not listening yet (the process is starting) or busy: try again, then give up loudly.
        const queued = (holder.queued ??= new Set());
        for (const tag of batch) queued.add(tag);
        if (Date.now() - started > GIVE_UP_MS) {
          log.error({ err: error }, 'could not expire cached pages');
          holder.queued = undefined;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  })().finally(() => {
    holder.sending = undefined;
    if (holder.queued && holder.queued.size > 0) sendToSelf([]);
  });
}

/**
 * Expires these tags once more RENDER_SETTLE_MS from now, with whatever else is waiting, one timer
 * at a time. A render that read the database just before the change committed stores its page after
 * the expiry, newer than it, and Next would serve that old page as fresh until the next change
 * touching it; so would a memory cache filled by such a read. Seen in CI: the home page kept its old
 * x-default after the default language changed while another visitor's render of it was under way.
 */
function settleLater(tags: readonly string[]): void {
  const first = holder.settling === undefined;
  holder.settling ??= new Set();
  for (const tag of tags) holder.settling.add(tag);
  if (!first) return;
  setTimeout(() => {
    const due = [...(holder.settling ?? [])];
    holder.settling = undefined;
    clearMemoryCaches(due);
    if (holder.self) sendToSelf(due);
  }, RENDER_SETTLE_MS).unref?.();
}

/**
 * Makes a change visible in this process: the change becomes its cache tags (changeTags), the
 * in-memory caches those tags name are emptied (src/server/cache/registry.ts), and the cached pages
 * and data carrying them expire (directly inside a request, else through the process's own route);
 * then all of it once more, RENDER_SETTLE_MS later, for the renders that were under way. A process
 * that serves no pages (a CLI, a test) has only its memory caches to empty.
 */
export function applyChangeLocally(scope: ChangeScope): void {
  const tags = changeTags(scope);
  if (tags.length === 0) return;
  clearMemoryCaches(tags);
  try {
    expireTags(tags);
  } catch {
    // Not inside a route handler or server action (a LISTEN callback, the start, a CLI).
    if (holder.self) sendToSelf(tags);
  }
  settleLater(tags);
}

/**
 * Publishes a committed change: at once in this process, to every other app process through
 * PostgreSQL's NOTIFY (with PGlite there is one process: the NOTIFY reaches no one, harmlessly),
 * then in the shared cache, when there is one (CACHE_PURGE_URL).
 * Call it after the change's transaction committed.
 */
export async function publishChange(db: Executor, scope: ChangeScope): Promise<void> {
  applyChangeLocally(scope);
  const payload = encodeChange({ origin: holder.origin, scope });
  await db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})`);
  // The shared cache in front of every process is purged once, by the process that made the change
  // (src/server/cache/purge.ts), after the others were told.
  purgeSharedCache(changeTags(scope));
  holder.published?.();
}

/** Set once by the clock: what to do after each change this process publishes (a dated row may have been added or moved). */
export function afterEveryPublication(listener: () => void): void {
  holder.published = listener;
}
