import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentRoute, onRouteChange, publishRoute } from './route-change';

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
});
