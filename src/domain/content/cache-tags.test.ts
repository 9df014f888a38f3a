import { describe, expect, it } from 'vitest';
import { changeTags, COMPANY_TAG, FUNDS_TAG, fundTag, MENU_TAG, NEWS_TAG, NOTICES_TAG, pageTag, shareTag, SITEMAP_TAG } from './cache-tags';

describe('changeTags', () => {
  it('turns a fund change into its own tags, its changed shares’ and the fund lists’, whatever the languages, profiles and countries', () => {
    expect(changeTags({ funds: [{ slug: 'aurore-tresorerie', shares: ['part-c', 'part-i'] }, { slug: 'boreal' }] })).toEqual([
      FUNDS_TAG,
      'fund:aurore-tresorerie',
      'share:aurore-tresorerie/part-c',
      'share:aurore-tresorerie/part-i',
      'fund:boreal',
    ]);
    // The same share slug in another fund is another share class.
    expect(shareTag('a', 'part-c')).not.toBe(shareTag('b', 'part-c'));
  });

  it('leaves every other fund out: a change to one fund never names another', () => {
    const tags = changeTags({ funds: [{ slug: 'aurore-tresorerie', shares: ['part-c'] }] });
    expect(tags).not.toContain(fundTag('boreal'));
    expect(tags).not.toContain(MENU_TAG);
    expect(tags.some((tag) => tag.startsWith('fund:') && tag !== fundTag('aurore-tresorerie'))).toBe(false);
  });

  it('turns a change of the fund menu into every page (they all carry the menu) and the sitemap', () => {
    expect(changeTags({ menu: true })).toEqual([MENU_TAG, SITEMAP_TAG]);
  });

  it('turns a change of everything into the tags every page and every data cache follows', () => {
    expect(changeTags({ all: true }).sort()).toEqual([COMPANY_TAG, FUNDS_TAG, MENU_TAG, NEWS_TAG, NOTICES_TAG, SITEMAP_TAG].sort());
  });

  it('expires exactly the audiences whose registrations changed, each once, and the sitemap', () => {
    expect(changeTags({ registrations: [{ country: 'CH', profile: 'INSTIT' }, { country: 'CH', profile: 'INSTIT' }, { country: 'LU', profile: 'RETAIL' }] })).toEqual([
      'audience:INSTIT-CH',
      'audience:RETAIL-LU',
      SITEMAP_TAG,
    ]);
  });

  it('turns content pages into their page tags and news into the news pages and the sitemap, each tag once', () => {
    expect(changeTags({ pages: ['news', 'home'], news: true })).toEqual([NEWS_TAG, SITEMAP_TAG, pageTag('news'), pageTag('home')]);
    expect(changeTags({ pages: ['fund-range'] })).toEqual(['page:fund-range']);
  });

  it('names nothing for an empty change', () => {
    expect(changeTags({})).toEqual([]);
    expect(changeTags({ funds: [], pages: [], registrations: [] })).toEqual([]);
  });
});

describe('a notices change', () => {
  it('expires the notices list, its feeds and the sitemap, and the fund named with it', () => {
    expect(changeTags({ notices: true, funds: [{ slug: 'f', shares: ['s'] }] }).sort()).toEqual(['fund:f', 'funds', 'notices', 'share:f/s', 'sitemap']);
    expect(changeTags({ all: true })).toContain('notices');
  });
});
