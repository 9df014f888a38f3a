/** docs/product.md §9: the page-loading indicator. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
export const LOADING_BAR_TICK_MS = 100;
export const LOADING_BAR_HIDE_MS = 500;
/** Progress while loading stays below this: only finish() reaches 100 %. */
export const LOADING_BAR_MAX_PROGRESS = 99;

export type LoadingBarStatus = 'idle' | 'loading' | 'finished' | 'failed';
export type LoadingBarState = { status: LoadingBarStatus; visible: boolean; progress: number };

export type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  now: () => number;
};

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

const IDLE: LoadingBarState = { status: 'idle', visible: false, progress: 0 };

/**
 * Estimated progress after `elapsed` ms: 95 % at the nominal duration, then creeping on,
 * capped below 100 so a slow load never looks finished.
 */
export function estimatedProgress(elapsed: number, duration = LOADING_BAR_DURATION_MS): number {
  return Math.min(LOADING_BAR_MAX_PROGRESS, 100 * (1 - Math.exp((-3 * Math.max(0, elapsed)) / duration)));
}

export function createLoadingBar(timers: Timers = browserTimers) {
  let state = IDLE;
  let pending = 0;
  let anyFailed = false;
  let shownAt = 0;
  let throttle: unknown = null;
  let ticker: unknown = null;
  let hider: unknown = null;
  const listeners = new Set<() => void>();

  const set = (next: LoadingBarState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const stopTimers = () => {
    if (throttle !== null) timers.clearTimeout(throttle);
    if (ticker !== null) timers.clearInterval(ticker);
    if (hider !== null) timers.clearTimeout(hider);
    throttle = ticker = hider = null;
  };
  const show = () => {
    throttle = null;
    shownAt = timers.now();
    set({ status: 'loading', visible: true, progress: 0 });
    ticker = timers.setInterval(() => set({ ...state, progress: estimatedProgress(timers.now() - shownAt) }), LOADING_BAR_TICK_MS);
  };
  const end = (status: 'finished' | 'failed') => {
    stopTimers();
    anyFailed = false;
    // A fast success never shows the bar; a failure always does, so it is noticed.
    if (status === 'finished' && !state.visible) return set(IDLE);
    set({ status, visible: true, progress: 100 });
    hider = timers.setTimeout(() => {
      hider = null;
      set(IDLE);
    }, LOADING_BAR_HIDE_MS);
  };

  return {
    /** A request began: the bar appears if it is still running after the throttle. */
    start() {
      pending += 1;
      if (pending > 1) return;
      if (state.visible && state.status === 'loading') return;
      stopTimers();
      if (state.visible) show(); // was fading out: carry on at once, no new throttle
      else throttle = timers.setTimeout(show, LOADING_BAR_THROTTLE_MS);
    },
    /** A request ended well; the bar ends when every started request has ended. */
    finish() {
      if (pending === 0) return;
      pending -= 1;
      if (pending === 0) end(anyFailed ? 'failed' : 'finished');
    },
    /** A request failed: the bar ends as failed (error colour) once every request has ended. */
    fail() {
      anyFailed = true;
      pending = Math.max(0, pending - 1);
      if (pending === 0) end('failed');
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    getServerSnapshot: () => IDLE,
  };
}

export type LoadingBar = ReturnType<typeof createLoadingBar>;

/** The page's one loading bar. */
export const loadingBar = createLoadingBar();

/**
 * Shows the loading bar while a client request runs; resolves or rejects like `promise`. A response
 * with a 4xx or 5xx status ends the bar as failed (docs/product.md §4, §8), as a request that never answers does.
 */
export async function trackRequest<T>(promise: Promise<T>, bar: LoadingBar = loadingBar): Promise<T> {
  bar.start();
  try {
    const value = await promise;
    if (value instanceof Response && !value.ok) bar.fail();
    else bar.finish();
    return value;
  } catch (error) {
    bar.fail();
    throw error;
  }
}
