import { describe, expect, it } from 'vitest';
import { createBoundedResponseCache } from './response-cache-store';

/** An answer whose JSON takes about `bytes` bytes. */
const answer = (bytes: number) => ({ data: { text: 'x'.repeat(bytes - 20) } });
const size = (result: object) => Buffer.byteLength(JSON.stringify(result));

describe('the response cache store', () => {
  it('keeps answers up to its byte budget, dropping the least recently used', () => {
    const cache = createBoundedResponseCache({ maxBytes: 10_000, maxEntryBytes: 4_000 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, answer(3_000), [], 60_000);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    expect(cache.get('k9')).toEqual(answer(3_000));
    expect(cache.get('k0')).toBeNull();
    expect(cache.bytes).toBe(3 * size(answer(3_000)));
  });

  it('never keeps an answer above the entry limit', () => {
    const cache = createBoundedResponseCache({ maxBytes: 100_000, maxEntryBytes: 4_000 });
    cache.set('big', answer(5_000), [], 60_000);
    cache.set('small', answer(1_000), [], 60_000);
    expect(cache.get('big')).toBeNull();
    expect(cache.get('small')).not.toBeNull();
    expect(cache.size).toBe(1);
  });

  it('forgets answers after their time to live', async () => {
    const cache = createBoundedResponseCache({ maxBytes: 100_000, maxEntryBytes: 4_000 });
    cache.set('short', answer(100), [], 5);
    cache.set('long', answer(100), [], 60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')).not.toBeNull();
  });

  it('drops everything when asked to invalidate', () => {
    const cache = createBoundedResponseCache({ maxBytes: 100_000, maxEntryBytes: 4_000 });
    cache.set('a', answer(100), [], 60_000);
    cache.invalidate([{ typename: 'Fund' }]);
    expect(cache.size).toBe(0);
  });
});
