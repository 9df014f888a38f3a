import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCachedPagePath, isKnownPagePath, oldNewsRedirect, PER_REQUEST_PAGES, SINGLE_SEGMENT_PAGES, type RouteCatalog } from './known-paths';

const catalog: RouteCatalog = {
  funds: new Map([
    ['aurore-bonds', new Set(['aurore-bonds-i', 'aurore-bonds-r'])],
    ['aurore-equity', new Set<string>()],
  ]),
  news: new Map([
    ['fr', new Set(['une-nouvelle'])],
    ['en', new Set(['some-news'])],
  ]),
  // 20 French articles: 3 pages of 9; 10 in "markets": 2 pages.
  newsCounts: new Map([['fr', new Map([['', 20], ['markets', 10]])]]),
  newsCategories: new Set(['markets', 'esg']),
  oldNews: new Map([['fr', new Map([['ancienne-nouvelle', 'une-nouvelle'], ['une-nouvelle', 'autre']])]]),
};
const known = (p: string, locale = 'fr') => isKnownPagePath(p === '' ? [] : p.split('/'), locale, catalog);

describe('isKnownPagePath', () => {
  it('knows the pages without parameters, and nothing below them', () => {
    for (const page of ['', 'about-us', 'accessibility', 'contact', 'fund-range', 'shareholder-notices', 'subscribe', 'funds', 'news']) expect(known(page), page).toBe(true);
    expect(known('about-us/more')).toBe(false);
    expect(known('no-such-page')).toBe(false);
  });

  it('knows the information page of a country with a page and a registration, its code in lower case (docs/decisions/035)', () => {
    const withCountries: RouteCatalog = { ...catalog, countryPages: new Set(['CH', 'INT']) };
    const knownHere = (p: string) => isKnownPagePath(p.split('/'), 'fr', withCountries);
    expect(knownHere('investor-information/ch')).toBe(true);
    expect(knownHere('investor-information/int')).toBe(true);
    for (const p of ['investor-information/es', 'investor-information/CH', 'investor-information', 'investor-information/ch/more', 'investor-information/c%68', 'investor-information/../ch']) {
      expect(knownHere(p), p).toBe(false);
    }
    // Before the countries are loaded, a well-formed code is rendered (the page answers 404 itself).
    expect(known('investor-information/es')).toBe(true);
    expect(known('investor-information/xyz')).toBe(false);
  });

  it('knows the funds, their tabs and share classes', () => {
    expect(known('funds/aurore-bonds')).toBe(true);
    expect(known('funds/aurore-bonds/performances')).toBe(true);
    expect(known('funds/aurore-bonds/shares')).toBe(true);
    expect(known('funds/aurore-bonds/shares/aurore-bonds-r')).toBe(true);
    expect(known('funds/no-such-fund')).toBe(false);
    expect(known('funds/no-such-fund/performances')).toBe(false);
    expect(known('funds/aurore-bonds/overview')).toBe(true); // redirects to the fund page
    expect(known('funds/aurore-bonds/no-such-tab')).toBe(false);
    expect(known('funds/aurore-bonds/shares/no-such-share')).toBe(false);
    expect(known('funds/aurore-equity/shares/aurore-bonds-i')).toBe(false);
    expect(known('funds/aurore-bonds/shares/aurore-bonds-r/more')).toBe(false);
    // A share's regulatory pages, and nothing under them or under an unknown share.
    expect(known('funds/aurore-bonds/shares/aurore-bonds-r/past-performance')).toBe(true);
    expect(known('funds/aurore-bonds/shares/aurore-bonds-r/performance-scenarios')).toBe(true);
    expect(known('funds/aurore-bonds/shares/aurore-bonds-r/past-performance/x')).toBe(false);
    expect(known('funds/aurore-bonds/shares/no-such-share/past-performance')).toBe(false);
    expect(known('funds/aurore-bonds/performances/past-performance')).toBe(false);
    expect(known('funds/aurore-bonds/shares//past-performance')).toBe(false);
  });

  it('knows the articles of each language, the categories and the pages of the lists', () => {
    expect(known('news/une-nouvelle')).toBe(true);
    expect(known('news/une-nouvelle/doc')).toBe(true);
    expect(known('news/some-news')).toBe(false);
    expect(known('news/some-news', 'en')).toBe(true);
    expect(known('news/une-nouvelle/more')).toBe(false);
    expect(known('news/c/markets')).toBe(true);
    expect(known('news/c/esg')).toBe(true);
    expect(known('news/c/no-such-category')).toBe(false);
    expect(known('news/page/3')).toBe(true);
    expect(known('news/page/4')).toBe(false);
    expect(known('news/page/x')).toBe(false);
    expect(known('news/c/markets/page/2')).toBe(true);
    expect(known('news/c/markets/page/3')).toBe(false);
    expect(known('news/c/esg/page/2')).toBe(false);
    expect(known('news/page/2', 'es')).toBe(false);
  });

  it('lists every page folder of the app that takes no parameter', () => {
    const root = path.join(import.meta.dirname, '..', '..', 'app', '[locale]', '[profile]');
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
      .map((entry) => entry.name)
      // unknown-page: where the proxy sends unknown paths (src/proxy.ts), never a page of its own.
      .filter((name) => name !== 'funds' && name !== 'news' && name !== 'unknown-page' && name !== 'investor-information');
    expect([...SINGLE_SEGMENT_PAGES].filter(Boolean).sort()).toEqual(folders.sort());
  });
});

describe('isCachedPagePath', () => {
  it('is true for pages served from the cache, false for those rendered per request and for an article\'s document', () => {
    for (const p of ['', 'about-us', 'funds/aurore-bonds', 'funds/aurore-bonds/shares/aurore-bonds-i', 'news', 'news/une-nouvelle', 'fund-range/category.equities', 'documents/all', 'unknown-page']) {
      expect(isCachedPagePath(p === '' ? [] : p.split('/')), p).toBe(true);
    }
    for (const p of ['fund-range', 'documents', 'shareholder-notices', 'unsubscribe', 'error-test', 'news/une-nouvelle/doc']) {
      expect(isCachedPagePath(p.split('/')), p).toBe(false);
    }
  });

  it('lists every page that reads the query string or renders per request', () => {
    const root = path.join(import.meta.dirname, '..', '..', 'app', '[locale]', '[profile]');
    const perRequest = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
      .filter((entry) => {
        try {
          return /force-dynamic|searchParams/.test(readFileSync(path.join(root, entry.name, 'page.tsx'), 'utf8'));
        } catch {
          return false; // no page of its own at this level
        }
      })
      .map((entry) => entry.name);
    expect([...PER_REQUEST_PAGES].sort()).toEqual(perRequest.sort());
  });
});

describe('oldNewsRedirect', () => {
  it('sends an article\'s previous slug, and its document, to the current localized address', () => {
    expect(oldNewsRedirect(['news', 'ancienne-nouvelle'], 'fr', catalog)).toBe('/fr/actualites/une-nouvelle');
    expect(oldNewsRedirect(['news', 'ancienne-nouvelle', 'doc'], 'fr', catalog)).toBe('/fr/news/une-nouvelle/doc');
  });

  it('never redirects a current slug, another language, another shape or an unknown slug', () => {
    expect(oldNewsRedirect(['news', 'une-nouvelle'], 'fr', catalog)).toBeNull();
    expect(oldNewsRedirect(['news', 'ancienne-nouvelle'], 'en', catalog)).toBeNull();
    expect(oldNewsRedirect(['news', 'ancienne-nouvelle', 'other'], 'fr', catalog)).toBeNull();
    expect(oldNewsRedirect(['funds', 'ancienne-nouvelle'], 'fr', catalog)).toBeNull();
    expect(oldNewsRedirect(['news', 'nothing'], 'fr', catalog)).toBeNull();
  });
});
