import 'server-only';
import { env } from '@/env';
import { purgeBatches, parsePurgeUrls } from '@/domain/cache/purge-batches';
import { RENDER_SETTLE_MS } from '@/domain/clock/moments';
import { raiseAlert } from '@/server/log/alerts';
import { areaLogger } from '@/server/log/logger';

const log = areaLogger('cache');

/**
 * The shared cache's purge by tag (docs/decisions/056, docs/operations.md "Shared cache"): a
 * publication (src/server/publish/publish.ts) hands the tags it expires in Next's cache to the
 * adapter CACHE_PURGE_URL chooses. Varnish with xkey (deploy/varnish.vcl): `PURGE` with the tags in
 * `xkey-purge`, to each URL. Fastly and Cloudflare read the same tags (`Surrogate-Key`, `Cache-Tag`)
 * and are purged by their APIs' calls documented there.
 *
 * When: at once, and once more SETTLE_MS later. The other app processes expire their own copies when
 * PostgreSQL's NOTIFY reaches them, a few milliseconds after this one, and every process expires
 * them once more RENDER_SETTLE_MS later (renders under way at the change): a visitor whose request
 * falls in between could put the old page back into the shared cache, and the second purge, after
 * both, takes it out.
 * Each purge is tried ATTEMPTS times; when it still fails, the team's alert is raised (source
 * `cache-purge`), and the pages' bounded lifetime (CACHE_SURROGATE_MAX_AGE) heals what it missed.
 */
export type PurgeAdapter = { name: string; purge(tags: readonly string[]): Promise<void> };

const TIMEOUT_MS = 5_000;
export const SETTLE_MS = RENDER_SETTLE_MS + 500;
export const RETRY_DELAYS_MS = [250, 1_000];

/** Varnish with the xkey module: `PURGE /` with `xkey-purge: tag tag …`, to every URL, a batch at a time. */
export function varnishPurge(urls: readonly string[]): PurgeAdapter {
  return {
    name: 'varnish',
    async purge(tags) {
      for (const batch of purgeBatches(tags)) {
        await Promise.all(
          urls.map(async (url) => {
            const response = await fetch(url, { method: 'PURGE', headers: { 'xkey-purge': batch }, signal: AbortSignal.timeout(TIMEOUT_MS) });
            await response.body?.cancel();
            if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status} to the purge`);
          }),
        );
      }
    },
  };
}

type Holder = { adapter?: PurgeAdapter | null; pending: Set<Promise<void>> };
const holder = ((globalThis as { __fundhousePurge?: Holder }).__fundhousePurge ??= { pending: new Set() });

/** The configured adapter, or null without CACHE_PURGE_URL (no shared cache: nothing to purge). */
function adapter(): PurgeAdapter | null {
  if (holder.adapter === undefined) {
    const urls = parsePurgeUrls(env().CACHE_PURGE_URL) ?? [];
    holder.adapter = urls.length > 0 ? varnishPurge(urls) : null;
  }
  return holder.adapter;
}

/** For tests: another adapter (or none), as the configuration would give. */
export function setPurgeAdapter(next: PurgeAdapter | null | undefined): void {
  holder.adapter = next;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt(target: PurgeAdapter, tags: readonly string[], round: string): Promise<void> {
  let lastError: unknown;
  for (let i = 0; i <= RETRY_DELAYS_MS.length; i += 1) {
    try {
      await target.purge(tags);
      log.info({ tags: tags.length, round, adapter: target.name }, 'shared cache purged');
      return;
    } catch (error) {
      lastError = error;
      if (i < RETRY_DELAYS_MS.length) await sleep(RETRY_DELAYS_MS[i] ?? 0);
    }
  }
  log.error({ err: lastError, tags: tags.slice(0, 20), round, adapter: target.name }, 'the shared cache could not be purged');
  await raiseAlert({ source: 'cache-purge', route: 'shared cache purge', error: lastError });
}

/**
 * Purges the tags from the shared cache, at once and again after SETTLE_MS (see above). Returns at
 * once; `settlePurges` waits for what is under way (a command-line import before it exits).
 */
export function purgeSharedCache(tags: readonly string[]): void {
  const target = adapter();
  if (!target || tags.length === 0) return;
  const work = (async () => {
    await attempt(target, tags, 'first');
    await sleep(SETTLE_MS);
    await attempt(target, tags, 'settled');
  })().catch((error: unknown) => log.error({ err: error }, 'shared cache purge failed'));
  holder.pending.add(work);
  void work.finally(() => holder.pending.delete(work));
}

/** Waits for every purge under way in this process. */
export async function settlePurges(): Promise<void> {
  while (holder.pending.size > 0) await Promise.all([...holder.pending]);
}
