import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLoadingBar,
  estimatedProgress,
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_HIDE_MS,
  LOADING_BAR_THROTTLE_MS,
  LOADING_BAR_TICK_MS,
  trackRequest,
} from './loading-bar-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading bar constants (docs/product.md §9)', () => {
  it('are 200 ms throttle, 5000 ms duration, 100 ms tick, 500 ms hide', () => {
    expect([LOADING_BAR_THROTTLE_MS, LOADING_BAR_DURATION_MS, LOADING_BAR_TICK_MS, LOADING_BAR_HIDE_MS]).toEqual([200, 5000, 100, 500]);
  });
});

describe('estimatedProgress', () => {
  it('starts at 0, is about 95 % at 5 s and never reaches 100', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(5000)).toBeCloseTo(95.02, 1);
    expect(estimatedProgress(60_000)).toBe(99);
    expect(estimatedProgress(1e9)).toBeLessThan(100);
  });
});

describe('loading bar', () => {
  it('stays hidden when the request ends within the 200 ms throttle', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.getSnapshot().visible).toBe(false);
    bar.finish();
    vi.advanceTimersByTime(1000);
    expect(bar.getSnapshot()).toEqual({ status: 'idle', visible: false, progress: 0 });
  });

  it('shows after 200 ms and advances every 100 ms, approaching 100 % over about 5 s', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(200);
    expect(bar.getSnapshot()).toEqual({ status: 'loading', visible: true, progress: 0 });
    vi.advanceTimersByTime(99);
    expect(bar.getSnapshot().progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(bar.getSnapshot().progress).toBeCloseTo(estimatedProgress(100), 5);
    vi.advanceTimersByTime(4900);
    expect(bar.getSnapshot().progress).toBeCloseTo(95.02, 1);
    vi.advanceTimersByTime(60_000);
    expect(bar.getSnapshot()).toMatchObject({ status: 'loading', progress: 99 });
  });

  it('finish() sets 100 % and "finished", then hides 500 ms later', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.finish();
    expect(bar.getSnapshot()).toEqual({ status: 'finished', visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getSnapshot()).toEqual({ status: 'idle', visible: false, progress: 0 });
  });

  it('fail() shows "failed" even without a start, then hides 500 ms later', () => {
    const bar = createLoadingBar();
    bar.fail();
    expect(bar.getSnapshot()).toEqual({ status: 'failed', visible: true, progress: 100 });
    vi.advanceTimersByTime(500);
    expect(bar.getSnapshot().visible).toBe(false);
  });

  it('counts nested starts and ends when all have ended, as failed if one failed', () => {
    const bar = createLoadingBar();
    bar.start();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.fail();
    expect(bar.getSnapshot().status).toBe('loading');
    bar.finish();
    expect(bar.getSnapshot().status).toBe('failed');
    bar.finish(); // extra finish: ignored
    vi.advanceTimersByTime(500);
    expect(bar.getSnapshot().status).toBe('idle');
  });

  it('stops ticking once ended', () => {
    const bar = createLoadingBar();
    const listener = vi.fn();
    bar.subscribe(listener);
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(500);
    listener.mockClear();
    vi.advanceTimersByTime(10_000);
    expect(listener).not.toHaveBeenCalled();
  });

  it('a start while fading out restarts at once, without a new throttle', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(200);
    bar.start();
    expect(bar.getSnapshot()).toEqual({ status: 'loading', visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    expect(bar.getSnapshot().visible).toBe(true);
  });

  it('uses the timers it is given', () => {
    const setTimeout = vi.fn(() => 1);
    const bar = createLoadingBar({ setTimeout, clearTimeout: vi.fn(), setInterval: vi.fn(), clearInterval: vi.fn(), now: () => 0 });
    bar.start();
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 200);
  });

  it('keeps a stable snapshot between changes', () => {
    const bar = createLoadingBar();
    expect(bar.getSnapshot()).toBe(bar.getSnapshot());
    expect(bar.getServerSnapshot()).toEqual({ status: 'idle', visible: false, progress: 0 });
  });
});

describe('trackRequest', () => {
  it('finishes the bar when the request resolves and returns its value', async () => {
    const bar = createLoadingBar();
    const result = trackRequest(new Promise<number>((resolve) => setTimeout(() => resolve(42), 1000)), bar);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(42);
    expect(bar.getSnapshot().status).toBe('finished');
  });

  it('fails the bar when the request rejects and rethrows', async () => {
    const bar = createLoadingBar();
    const result = trackRequest(Promise.reject(new Error('boom')), bar);
    await expect(result).rejects.toThrow('boom');
    expect(bar.getSnapshot().status).toBe('failed');
  });
});

describe('trackRequest and HTTP statuses', () => {
  it('ends the bar as failed when the response is a 4xx or 5xx, finished when it is a 2xx', async () => {
    const bar = createLoadingBar();
    const answer = await trackRequest(Promise.resolve(new Response('{}', { status: 503 })), bar);
    expect(answer.status).toBe(503);
    expect(bar.getSnapshot()).toEqual({ status: 'failed', visible: true, progress: 100 });
    vi.advanceTimersByTime(LOADING_BAR_HIDE_MS);
    expect(bar.getSnapshot().visible).toBe(false);
    await trackRequest(Promise.resolve(new Response('{}', { status: 404 })), bar);
    expect(bar.getSnapshot().status).toBe('failed');
    vi.advanceTimersByTime(LOADING_BAR_HIDE_MS);
    await trackRequest(Promise.resolve(new Response('{}', { status: 200 })), bar);
    expect(bar.getSnapshot().status).not.toBe('failed');
  });
});
