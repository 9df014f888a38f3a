/** Online, offline, or just back online (shown for a few seconds). */
export type OnlineStatus = 'online' | 'offline' | 'back-online';

export const BACK_ONLINE_MESSAGE_MS = 4000;

export type ConnectionSource = {
  isOnline: () => boolean;
  /** Calls `onChange` on every online/offline event; returns the unsubscribe. */
  listen: (onChange: () => void) => () => void;
};

type Timers = { setTimeout: (callback: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A useSyncExternalStore source over navigator.onLine that remembers a recent return online. */
export function createOnlineStatus(source: ConnectionSource, timers: Timers = globalTimers) {
  let status: OnlineStatus | null = null;
  let backOnlineTimer: unknown = null;
  const listeners = new Set<() => void>();
  let stopListening: (() => void) | null = null;

  const set = (next: OnlineStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of [...listeners]) listener();
  };
  const update = () => {
    if (backOnlineTimer !== null) timers.clearTimeout(backOnlineTimer);
    backOnlineTimer = null;
    if (!source.isOnline()) return set('offline');
    if (status !== 'offline') return set('online');
    set('back-online');
    backOnlineTimer = timers.setTimeout(() => {
      backOnlineTimer = null;
      set('online');
    }, BACK_ONLINE_MESSAGE_MS);
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      stopListening ??= source.listen(update);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopListening?.();
          stopListening = null;
        }
      };
    },
    getSnapshot(): OnlineStatus {
      status ??= source.isOnline() ? 'online' : 'offline';
      return status;
    },
    getServerSnapshot: (): OnlineStatus => 'online',
  };
}
