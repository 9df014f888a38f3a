import { describe, expect, it } from 'vitest';
import { changeTags } from '@/domain/content/cache-tags';
import { clearMemoryCaches, isInvalidatedBy, memoryCaches, registerMemoryCache } from './registry';

describe('the memory cache registry', () => {
  it('matches a cache by tag name, by family, or by any tag', () => {
    expect(isInvalidatedBy({ invalidatedBy: ['funds', 'menu'] }, changeTags({ funds: [{ slug: 'a' }] }))).toBe(true);
    expect(isInvalidatedBy({ invalidatedBy: ['funds', 'menu'] }, changeTags({ news: true }))).toBe(false);
    expect(isInvalidatedBy({ invalidatedBy: ['audience:'] }, changeTags({ registrations: [{ country: 'CH', profile: 'INSTIT' }] }))).toBe(true);
    expect(isInvalidatedBy({ invalidatedBy: ['audience:'] }, changeTags({ pages: ['about-us'] }))).toBe(false);
    expect(isInvalidatedBy({ invalidatedBy: '*' }, changeTags({ pages: ['about-us'] }))).toBe(true);
    // Nothing changed: nothing is emptied, not even by '*'.
    expect(isInvalidatedBy({ invalidatedBy: '*' }, [])).toBe(false);
  });

  it('empties exactly the caches a change names, once per registered name, and a failing one does not stop the others', () => {
    const cleared: string[] = [];
    registerMemoryCache({ name: 'test funds', holds: 'test', invalidatedBy: ['funds'], clear: () => cleared.push('old funds') });
    // The same module loaded by another bundle replaces its entry rather than adding a second one.
    registerMemoryCache({ name: 'test funds', holds: 'test', invalidatedBy: ['funds'], clear: () => cleared.push('funds') });
    registerMemoryCache({ name: 'test news', holds: 'test', invalidatedBy: ['news'], clear: () => cleared.push('news') });
    registerMemoryCache({
      name: 'test broken',
      holds: 'test',
      invalidatedBy: '*',
      clear: () => {
        throw new Error('broken');
      },
    });
    expect(clearMemoryCaches(changeTags({ funds: [{ slug: 'a', shares: ['b'] }] }))).toEqual(['test funds']);
    expect(cleared).toEqual(['funds']);
    expect(clearMemoryCaches(changeTags({ all: true }))).toEqual(['test funds', 'test news']);
    expect(memoryCaches().filter((c) => c.name.startsWith('test ')).map((c) => c.name)).toEqual(['test funds', 'test news', 'test broken']);
  });
});
