import { describe, expect, it } from 'vitest';
import { ALL_PAGES, DOCUMENT_LIBRARY_PAGES, FUND_RANGE_PAGES, decodeChange, encodeChange, MAX_NOTIFY_BYTES, mergeScopes, NEWS_PAGES, pageTargets, SITEMAP_TAG } from './publication';

describe('pages a change makes stale', () => {
  it('lists a fund’s pages, tabs and changed share pages for every language and profile, with the home and fund list', () => {
    const targets = pageTargets({ funds: [{ slug: 'aurore-tresorerie', shares: ['part-c'] }] }, ['fr', 'en'], {}, ['FR', 'CH']);
    // The fund range's cached filters, every one of them, and the document library's cached first page.
    expect(targets.patterns).toEqual([FUND_RANGE_PAGES, DOCUMENT_LIBRARY_PAGES]);
    expect(targets.tags).toEqual([]);
    expect(targets.paths).toContain('/fr/RETAIL-FR/funds/aurore-tresorerie');
    // Every country's pages: they are cached per country too (docs/decisions/035).
    expect(targets.paths).toContain('/en/INSTIT-CH/funds/aurore-tresorerie/shares/part-c');
    expect(targets.paths).toContain('/en/CGP-FR/funds/aurore-tresorerie/performances');
    expect(targets.paths).toContain('/en/INSTIT-FR/funds/aurore-tresorerie/shares/part-c');
    expect(targets.paths).toContain('/en/INSTIT-FR/funds/aurore-tresorerie/shares/part-c/past-performance');
    expect(targets.paths).toContain('/fr/CGP-FR/funds/aurore-tresorerie/shares/part-c/performance-scenarios');
    expect(targets.paths).toContain('/fr/INSTIT-FR');
    expect(targets.paths).toContain('/en/RETAIL-FR/funds');
    expect(targets.paths).not.toContain('/fr/RETAIL-FR/funds/aurore-tresorerie/overview');
    expect(targets.paths.some((p) => p.startsWith('/es/'))).toBe(false);
    // 2 languages × 3 profiles × 2 countries × (home, list, overview, 5 tabs, shares, one share and its 2 regulatory pages)
    expect(targets.paths).toHaveLength(2 * 3 * 2 * 12);
  });

  it('turns a change of the fund menu, or of everything, into every page and the sitemap', () => {
    expect(pageTargets({ menu: true, funds: [{ slug: 'x' }] }, ['fr'])).toEqual({ paths: [], patterns: [ALL_PAGES], tags: [SITEMAP_TAG] });
    expect(pageTargets({ all: true }, ['fr'])).toEqual({ paths: [], patterns: [ALL_PAGES], tags: [SITEMAP_TAG] });
  });

  it('expires exactly the pages of the audiences whose registrations changed, through their cache tags, and the sitemap', () => {
    const targets = pageTargets({ registrations: [{ country: 'CH', profile: 'INSTIT' }, { country: 'CH', profile: 'INSTIT' }, { country: 'LU', profile: 'RETAIL' }] }, ['fr', 'en'], {}, ['FR', 'CH', 'LU']);
    expect(targets).toEqual({ paths: [], patterns: [], tags: ['audience:INSTIT-CH', 'audience:RETAIL-LU', SITEMAP_TAG] });
    // With the funds whose classes changed, their pages in every country too (their share lists).
    const withFunds = pageTargets({ registrations: [{ country: 'CH', profile: 'INSTIT' }], funds: [{ slug: 'x' }] }, ['fr'], {}, ['CH']);
    expect(withFunds.tags).toEqual(['audience:INSTIT-CH', SITEMAP_TAG]);
    expect(withFunds.paths).toContain('/fr/RETAIL-CH/funds/x');
  });

  it('expires the fund range’s cached filters with its content page', () => {
    expect(pageTargets({ pages: ['fund-range'] }, ['fr'], { 'fund-range': '/fund-range' }).patterns).toEqual([FUND_RANGE_PAGES]);
  });

  it('maps content pages through their routed path and news to the news pages', () => {
    const targets = pageTargets({ pages: ['home', 'about-us', 'unknown'], news: true }, ['es'], { home: '/', 'about-us': '/about-us' }, ['FR']);
    expect(targets.paths).toEqual(['/es/RETAIL-FR', '/es/RETAIL-FR/about-us', '/es/INSTIT-FR', '/es/INSTIT-FR/about-us', '/es/CGP-FR', '/es/CGP-FR/about-us']);
    expect(targets.patterns).toEqual([NEWS_PAGES]);
    expect(targets.tags).toEqual([SITEMAP_TAG]);
  });

  it('expires the home page (its latest news) with the news pages', () => {
    const targets = pageTargets({ news: true }, ['fr'], {}, ['FR']);
    expect(targets.paths).toEqual(['/fr/RETAIL-FR', '/fr/INSTIT-FR', '/fr/CGP-FR']);
    expect(targets.patterns).toEqual([NEWS_PAGES]);
  });
});

describe('change messages', () => {
  it('round-trip, and anything else on the channel is ignored', () => {
    const message = { origin: 'p1', scope: { funds: [{ slug: 'a', shares: ['b'] }], news: true } };
    expect(decodeChange(encodeChange(message))).toEqual(message);
    expect(decodeChange('not json')).toBeNull();
    expect(decodeChange('{"origin":1,"scope":{}}')).toBeNull();
    expect(decodeChange('{"origin":"x","scope":{"funds":[{"nope":1}]}}')).toBeNull();
    expect(decodeChange(undefined)).toBeNull();
  });

  it('become "everything" when too long for a NOTIFY', () => {
    const funds = Array.from({ length: 400 }, (_, i) => ({ slug: `fund-number-${i}`, shares: [`share-${i}`] }));
    const text = encodeChange({ origin: 'p', scope: { funds } });
    expect(text.length).toBeLessThan(MAX_NOTIFY_BYTES);
    expect(decodeChange(text)).toEqual({ origin: 'p', scope: { all: true } });
  });

  it('merge', () => {
    expect(mergeScopes({ funds: [{ slug: 'a', shares: ['1'] }] }, { funds: [{ slug: 'a', shares: ['2'] }, { slug: 'b' }], news: true })).toEqual({
      news: true,
      funds: [
        { slug: 'a', shares: ['1', '2'] },
        { slug: 'b', shares: [] },
      ],
    });
  });
});
