import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './retry';

describe('retryDelaySeconds', () => {
  it('backs off exponentially from 5 s, capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(10)).toBe(2560);
    expect(retryDelaySeconds(11)).toBe(3600);
    expect(retryDelaySeconds(500)).toBe(3600);
  });
});
