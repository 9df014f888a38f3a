import { describe, expect, it } from 'vitest';
import { createScrollPositions, MAX_SCROLL_POSITIONS, SCROLL_POSITIONS_KEY, scrollKey } from './scroll-positions';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('scroll positions', () => {
  it('keys entries by path, query and hash', () => {
    expect(scrollKey({ pathname: '/fr/actualites', search: '?page=2', hash: '#news' })).toBe('/fr/actualites?page=2#news');
  });

  it('survives a reload through storage', () => {
    const storage = memoryStorage();
    const first = createScrollPositions(() => storage);
    first.set('/fr', 812.4);
    first.save();
    const second = createScrollPositions(() => storage);
    expect(second.get('/fr')).toBe(812);
    expect(second.get('/en')).toBeUndefined();
  });

  it('keeps only the most recent entries', () => {
    const positions = createScrollPositions(() => null);
    for (let i = 0; i <= MAX_SCROLL_POSITIONS; i += 1) positions.set(`/p${i}`, i);
    positions.set('/p1', 1); // touched again: now recent
    positions.set('/new', 5);
    expect(positions.get('/p0')).toBeUndefined();
    expect(positions.get('/p2')).toBeUndefined();
    expect(positions.get('/p1')).toBe(1);
    expect(positions.get('/new')).toBe(5);
  });

  it('ignores garbage and blocked storage', () => {
    expect(createScrollPositions(() => memoryStorage({ [SCROLL_POSITIONS_KEY]: '{not json' })).get('/fr')).toBeUndefined();
    expect(createScrollPositions(() => memoryStorage({ [SCROLL_POSITIONS_KEY]: '{"/fr":"x","/en":3}' })).get('/en')).toBe(3);
    const blocked = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceeded'); } };
    const positions = createScrollPositions(() => blocked);
    positions.set('/fr', 10);
    expect(() => positions.save()).not.toThrow();
    expect(positions.get('/fr')).toBe(10);
  });
});
