import { describe, expect, it } from 'vitest';
import { createRateLimiter, routePattern, vitalsPayloadSchema } from './vitals';

const valid = {
  path: '/fr/gamme-fonds',
  navigationType: 'navigate',
  metrics: [
    { name: 'LCP', value: 2140, rating: 'good' },
    { name: 'CLS', value: 0.0123, rating: 'good' },
    { name: 'INP', value: 320, rating: 'needs-improvement' },
    { name: 'TTFB', value: 180, rating: 'good' },
    { name: 'FCP', value: 900, rating: 'good' },
  ],
};

describe('vitals payload', () => {
  it('accepts a complete report', () => {
    expect(vitalsPayloadSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['an unknown metric', { ...valid, metrics: [{ name: 'FID', value: 1, rating: 'good' }] }],
    ['no metric', { ...valid, metrics: [] }],
    ['too many metrics', { ...valid, metrics: [...valid.metrics, valid.metrics[0]] }],
    ['a negative value', { ...valid, metrics: [{ name: 'LCP', value: -1, rating: 'good' }] }],
    ['an absurd value', { ...valid, metrics: [{ name: 'LCP', value: 1e12, rating: 'good' }] }],
    ['a value as text', { ...valid, metrics: [{ name: 'LCP', value: '12', rating: 'good' }] }],
    ['an unknown rating', { ...valid, metrics: [{ name: 'LCP', value: 1, rating: 'great' }] }],
    ['a full URL', { ...valid, path: 'https://evil.example/fr' }],
    ['a long path', { ...valid, path: `/${'a'.repeat(600)}` }],
    ['an unknown navigation type', { ...valid, navigationType: 'teleport' }],
    ['an extra field (an identifier)', { ...valid, userId: 'abc' }],
    ['an extra metric field', { ...valid, metrics: [{ name: 'LCP', value: 1, rating: 'good', element: 'img#photo' }] }],
    ['an array', [valid]],
    ['null', null],
  ])('refuses %s', (_label, payload) => {
    expect(vitalsPayloadSchema.safeParse(payload).success).toBe(false);
  });
});

describe('routePattern', () => {
  it.each([
    ['/fr', '/fr'],
    ['/fr/gamme-fonds', '/fr/gamme-fonds'],
    ['/fr/gamme-fonds?sri=4&email=a@b.example', '/fr/gamme-fonds'],
    ['/fr/funds/fonds-actions-europe', '/fr/funds/*'],
    ['/fr/funds/fonds-actions-europe/part-a?x=1#top', '/fr/funds/*/*'],
    ['/e/fr/a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4/confirm/x/y', '/e/fr/*/*'],
    ['/fr/Jean.Dupont@example.com', '/fr/*'],
    ['/fr/%0d%0aSet-Cookie', '/fr/*'],
    ['/', '/'],
  ])('%s is logged as %s', (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});

describe('rate limiter', () => {
  it('allows max beacons a window per client, then again in the next window', () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000, maxClients: 100 });
    expect([1, 2, 3, 4].map(() => limiter.allow('a', 1_000))).toEqual([true, true, true, false]);
    expect(limiter.allow('b', 1_000)).toBe(true);
    expect(limiter.allow('a', 60_999)).toBe(false);
    expect(limiter.allow('a', 61_000)).toBe(true);
  });

  it('stays bounded under a flood of addresses, forgetting the oldest', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000, maxClients: 1_000 });
    limiter.allow('first', 0);
    expect(limiter.allow('first', 1)).toBe(false);
    for (let i = 0; i < 50_000; i++) limiter.allow(`10.0.${i >> 8}.${i & 255}`, 2);
    expect(limiter.size).toBe(1_000);
    // Forgotten, so allowed again: the price of a bounded map, at most one extra beacon.
    expect(limiter.allow('first', 3)).toBe(true);
  });
});
