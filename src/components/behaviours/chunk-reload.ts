/** docs/product.md §4, §8, §9: after a chunk fails to load the page reloads, at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk_reload_at';

// Webpack, Turbopack ("Failed to load chunk"), and the ES-module loaders of Chrome, Safari, Firefox.
const CHUNK_ERROR_MESSAGES = [
  /Loading (CSS )?chunk [^\s]+ failed/i,
  /Failed to load chunk/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

/** Whether an error, a rejection reason or an error message says a code chunk did not load. */
export function isChunkLoadError(value: unknown): boolean {
  if (typeof value === 'string') return CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(value));
  if (typeof value !== 'object' || value === null) return false;
  const { name, message } = value as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && isChunkLoadError(message));
}

/** Reload unless the last chunk reload was less than the guard period ago. */
export function mayReload(lastReloadAt: number | null, now: number, guardMs = CHUNK_RELOAD_GUARD_MS): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= guardMs || now < lastReloadAt;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type ChunkReloadDeps = {
  storage: () => KeyValueStorage | null;
  now: () => number;
  reload: () => void;
  /** Called instead of reloading when a reload happened less than the guard period ago. */
  onBlocked: () => void;
};

/**
 * Builds the recovery step: reload (recording when) or, within the guard period, give up.
 * Without a working storage it gives up too: reloading blind could loop forever.
 */
export function createChunkRecovery({ storage, now, reload, onBlocked }: ChunkReloadDeps) {
  let reloading = false;
  return function recover(): 'reloaded' | 'blocked' | 'pending' {
    if (reloading) return 'pending';
    const at = now();
    try {
      const store = storage();
      if (!store) throw new Error('no storage');
      const raw = store.getItem(CHUNK_RELOAD_STORAGE_KEY);
      if (mayReload(raw === null ? null : Number(raw), at)) {
        store.setItem(CHUNK_RELOAD_STORAGE_KEY, String(at));
        reloading = true;
        reload();
        return 'reloaded';
      }
    } catch {
      // Storage blocked (privacy mode) or full: fall through to the failed bar.
    }
    onBlocked();
    return 'blocked';
  };
}
