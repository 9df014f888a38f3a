import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY, createChunkRecovery, isChunkLoadError, mayReload } from './chunk-reload';

describe('isChunkLoadError', () => {
  it('recognises chunk failures from each bundler and browser', () => {
    const chunkError = Object.assign(new Error('whatever'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.\n(error: https://x/_next/static/chunks/123.js)'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app-layout failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Failed to load chunk /_next/static/chunks/a1b2.js from module 42'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError('TypeError: error loading dynamically imported module: https://x/a.js')).toBe(true);
    expect(isChunkLoadError({ message: 'Uncaught ChunkLoadError: Loading chunk 7 failed.' })).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});

describe('mayReload (60 s guard)', () => {
  it('reloads the first time, not again within 60 s, again from 60 s on', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(mayReload(null, 1_000_000)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000)).toBe(false);
    expect(mayReload(1_000_000, 1_059_999)).toBe(false);
    expect(mayReload(1_000_000, 1_060_000)).toBe(true);
  });

  it('does not trust a garbled or future timestamp', () => {
    expect(mayReload(Number.NaN, 5)).toBe(true);
    expect(mayReload(2_000_000, 1_000_000)).toBe(true);
  });
});

describe('createChunkRecovery', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it('reloads once, records the time, and marks the bar failed within the next 60 s', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const reload = vi.fn();
    const onBlocked = vi.fn();
    const deps = { storage: () => storage, now: () => now, reload, onBlocked };

    expect(createChunkRecovery(deps)()).toBe('reloaded');
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');

    // The reloaded page fails again 30 s later: no second reload.
    now += 30_000;
    expect(createChunkRecovery(deps)()).toBe('blocked');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onBlocked).toHaveBeenCalledTimes(1);

    now += 30_000;
    expect(createChunkRecovery(deps)()).toBe('reloaded');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignores further errors while the reload is under way', () => {
    const reload = vi.fn();
    const onBlocked = vi.fn();
    const recover = createChunkRecovery({ storage: memoryStorage, now: () => 0, reload, onBlocked });
    recover();
    expect(recover()).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('does not reload when storage is unavailable', () => {
    const reload = vi.fn();
    const onBlocked = vi.fn();
    const throwing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined };
    expect(createChunkRecovery({ storage: () => throwing, now: () => 0, reload, onBlocked })()).toBe('blocked');
    expect(createChunkRecovery({ storage: () => null, now: () => 0, reload, onBlocked })()).toBe('blocked');
    expect(reload).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalledTimes(2);
  });
});
