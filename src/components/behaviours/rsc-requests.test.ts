import { describe, expect, it } from 'vitest';
import { isFailedAnswer, rscRequestKind } from './rsc-requests';

describe('rscRequestKind', () => {
  it('tells the router’s navigations and refreshes from its prefetches and from other requests', () => {
    expect(rscRequestKind(new Headers({ RSC: '1', 'Next-Router-State-Tree': '%5B%5D' }))).toBe('navigation');
    expect(rscRequestKind(new Headers({ RSC: '1', 'Next-Router-Prefetch': '1' }))).toBe('prefetch');
    expect(rscRequestKind(new Headers({ RSC: '1', 'Next-Router-Segment-Prefetch': '/_tree' }))).toBe('prefetch');
    expect(rscRequestKind(new Headers({ accept: 'application/json' }))).toBeNull();
    expect(rscRequestKind(new Headers({ RSC: '0' }))).toBeNull();
  });
});

describe('isFailedAnswer', () => {
  it('fails on 4xx, 5xx and network errors, not on success, redirects or an abort', () => {
    expect(isFailedAnswer({ status: 200 })).toBe(false);
    expect(isFailedAnswer({ status: 304 })).toBe(false);
    expect(isFailedAnswer({ status: 404 })).toBe(true);
    expect(isFailedAnswer({ status: 500 })).toBe(true);
    expect(isFailedAnswer({ error: new TypeError('Failed to fetch') })).toBe(true);
    expect(isFailedAnswer({ error: new DOMException('The user aborted a request.', 'AbortError') })).toBe(false);
  });
});
