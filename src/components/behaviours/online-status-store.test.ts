import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_ONLINE_MESSAGE_MS, createOnlineStatus } from './online-status-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const connection = (initiallyOnline: boolean) => {
  let online = initiallyOnline;
  let notify: (() => void) | null = null;
  return {
    source: {
      isOnline: () => online,
      listen: (onChange: () => void) => {
        notify = onChange;
        return () => {
          notify = null;
        };
      },
    },
    set(value: boolean) {
      online = value;
      notify?.();
    },
    listening: () => notify !== null,
  };
};

describe('online status', () => {
  it('starts from navigator.onLine; the server always assumes online', () => {
    expect(createOnlineStatus(connection(false).source).getSnapshot()).toBe('offline');
    expect(createOnlineStatus(connection(false).source).getServerSnapshot()).toBe('online');
  });

  it('goes offline, then back online for a few seconds, then plain online', () => {
    const net = connection(true);
    const status = createOnlineStatus(net.source);
    const listener = vi.fn();
    const off = status.subscribe(listener);
    expect(status.getSnapshot()).toBe('online');
    net.set(false);
    expect(status.getSnapshot()).toBe('offline');
    net.set(true);
    expect(status.getSnapshot()).toBe('back-online');
    vi.advanceTimersByTime(BACK_ONLINE_MESSAGE_MS - 1);
    expect(status.getSnapshot()).toBe('back-online');
    vi.advanceTimersByTime(1);
    expect(status.getSnapshot()).toBe('online');
    expect(listener).toHaveBeenCalledTimes(3);
    off();
    expect(net.listening()).toBe(false);
  });

  it('drops the "back online" message when the connection is lost again', () => {
    const net = connection(false);
    const status = createOnlineStatus(net.source);
    status.subscribe(() => undefined);
    status.getSnapshot();
    net.set(true);
    net.set(false);
    vi.advanceTimersByTime(BACK_ONLINE_MESSAGE_MS);
    expect(status.getSnapshot()).toBe('offline');
  });
});
