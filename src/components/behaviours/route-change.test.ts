import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentRoute, nextRouteChange, onRouteChange, publishRoute } from './route-change';

afterEach(() => {
  vi.useRealTimers();
});

describe('route change store', () => {
  it('tells listeners about real changes only, with the previous route', () => {
    const listener = vi.fn();
    const off = onRouteChange(listener);
    publishRoute({ pathname: '/fr', search: '' });
    publishRoute({ pathname: '/fr', search: '' });
    publishRoute({ pathname: '/fr/actualites', search: '?page=2' });
    off();
    publishRoute({ pathname: '/en', search: '' });
    expect(listener.mock.calls).toEqual([
      [{ pathname: '/fr', search: '' }, null],
      [{ pathname: '/fr/actualites', search: '?page=2' }, { pathname: '/fr', search: '' }],
    ]);
    expect(currentRoute()).toEqual({ pathname: '/en', search: '' });
  });

  it('nextRouteChange resolves on the next change or after the timeout', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    void nextRouteChange(1500).then(onChange);
    publishRoute({ pathname: '/es', search: '' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onChange).toHaveBeenCalledTimes(1);

    const onTimeout = vi.fn();
    void nextRouteChange(1500).then(onTimeout);
    await vi.advanceTimersByTimeAsync(1499);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
