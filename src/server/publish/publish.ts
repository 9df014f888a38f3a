import 'server-only';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { encodeChange, mergeScopes, pageTargets, type ChangeScope } from '@/domain/publication';
import { PAGE_PATHNAMES } from '@/i18n/routing';
import type { Executor } from '@/server/db/types';
import { invalidateGraphQLResponses } from '@/server/graphql/response-cache';
import { invalidateCatalog } from '@/server/queries/catalog';
import { refreshRouteCatalog } from '@/server/queries/route-catalog';
import { publishedRouteCatalog } from '@/server/http/known-routes';
import { areaLogger } from '@/server/log/logger';
import { expirePages } from './next-cache';

const log = areaLogger('publish');

/** The PostgreSQL channel every app process LISTENs on (src/server/publish/listener.ts). */
export const CHANGE_CHANNEL = 'fundhouse_changes';

/** The header that carries this process's key to its own /api/internal/publish route. */
export const PUBLISH_KEY_HEADER = 'x-fundhouse-publish';

type Holder = {
  /** Names this process in its notifications, so it does not apply its own changes twice. */
  origin: string;
  /** Set when this process serves pages: where it reaches itself, and the key it expects. */
  self?: { url: string; key: string };
  /** Page expirations waiting for the server to answer (a start, a burst of notifications). */
  queued?: ChangeScope;
  sending?: Promise<void>;
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

/** Expires the cached pages a change touches; only inside a route handler or a server action. */
export function expireChangedPages(scope: ChangeScope): void {
  // The countries the proxy renders pages for (docs/decisions/035); before the first load, the default one.
  const countries = publishedRouteCatalog()?.countries ?? new Set([env().DEFAULT_COUNTRY]);
  expirePages(pageTargets(scope, env().locales, PAGE_PATHNAMES, [...countries]));
}

const RETRY_MS = 500;
const GIVE_UP_MS = 60_000;

/** Outside a request, the process asks itself (its own route handler) to expire the pages. */
function sendToSelf(scope: ChangeScope): void {
  holder.queued = holder.queued ? mergeScopes(holder.queued, scope) : scope;
  holder.sending ??= (async () => {
    const started = Date.now();
    while (holder.queued && holder.self) {
      const batch = holder.queued;
      holder.queued = undefined;
      try {
        const response = await fetch(`${holder.self.url}/api/internal/publish`, {
          method: 'POST',
          headers: { [PUBLISH_KEY_HEADER]: holder.self.key, 'content-type': 'application/json' },
          body: JSON.stringify(batch),
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
      } catch (error) {
        // Not listening yet (the process is starting) or busy: try again, then give up loudly.
        holder.queued = holder.queued ? mergeScopes(batch, holder.queued) : batch;
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
    if (holder.queued) sendToSelf({});
  });
}

/**
 * Makes a change visible in this process: the fund catalog and the GraphQL answers are dropped,
 * and the cached pages it touches expire (directly inside a request, else through the process's
 * own route). A process that serves no pages (a CLI, a test) has only its catalog to drop.
 */
export function applyChangeLocally(scope: ChangeScope): void {
  invalidateCatalog();
  invalidateGraphQLResponses();
  // A serving process checks paths against the known slugs: a new fund or share must not be a 404.
  if (holder.self) void refreshRouteCatalog();
  try {
    expireChangedPages(scope);
  } catch {
    // Not inside a route handler or server action (a LISTEN callback, the start, a CLI).
    if (holder.self) sendToSelf(scope);
  }
}

/**
 * Publishes a committed change: at once in this process, and to every other app process through
 * PostgreSQL's NOTIFY (with PGlite there is one process: the NOTIFY reaches no one, harmlessly).
 * Call it after the change's transaction committed.
 */
export async function publishChange(db: Executor, scope: ChangeScope): Promise<void> {
  applyChangeLocally(scope);
  const payload = encodeChange({ origin: holder.origin, scope });
  await db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})`);
}
