import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_SETTLE_MS } from '@/domain/clock/moments';
import { registerMemoryCache } from '@/server/cache/registry';
import { applyChangeLocally } from './publish';

/**
 * A change is applied in this process twice: at once, and RENDER_SETTLE_MS later for the renders
 * that read the database just before it and filled a cache after the first expiry (the CI run where
 * the home page kept its old x-default). Seen here through memory caches, which the second round
 * empties again; pages go through the same tags.
 */
describe('applyChangeLocally', () => {
  const cleared: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    cleared.length = 0;
    registerMemoryCache({ name: 'settle news', holds: 'test', invalidatedBy: ['news'], clear: () => cleared.push('news') });
    registerMemoryCache({ name: 'settle pages', holds: 'test', invalidatedBy: ['page:'], clear: () => cleared.push('pages') });
  });
  afterEach(() => vi.useRealTimers());

  it('empties the caches a change names at once, then once more when the renders under way are over', () => {
    applyChangeLocally({ news: true });
    expect(cleared).toEqual(['news']);
    vi.advanceTimersByTime(RENDER_SETTLE_MS - 1);
    expect(cleared).toEqual(['news']);
    vi.advanceTimersByTime(1);
    expect(cleared).toEqual(['news', 'news']);
    vi.advanceTimersByTime(10 * RENDER_SETTLE_MS);
    expect(cleared).toEqual(['news', 'news']);
  });

  it('gathers the changes of one window into a single second round that names them all', () => {
    applyChangeLocally({ news: true });
    vi.advanceTimersByTime(RENDER_SETTLE_MS / 2);
    applyChangeLocally({ pages: ['about-us'] });
    expect(cleared).toEqual(['news', 'pages']);
    vi.advanceTimersByTime(RENDER_SETTLE_MS / 2);
    expect(cleared.slice(2).sort()).toEqual(['news', 'pages']);
    // The second change's own window is the first's: one timer at a time, nothing left behind.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing for a change that names nothing', () => {
    applyChangeLocally({});
    vi.advanceTimersByTime(RENDER_SETTLE_MS);
    expect(cleared).toEqual([]);
  });
});
