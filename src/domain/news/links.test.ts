import { describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE, newsFeedPath, newsArticlePath, newsCategoryPath, newsLink, newsListPath, newsPageCount, newsPagePath, parsePageNumber } from './links';

describe('newsLink (docs/product.md §2 link rule)', () => {
  it('sends an item with an external URL there, even when it also has documents', () => {
    expect(newsLink({ slug: 'a', externalUrl: 'https://press.example/a', documentCount: 2 }, 'fr')).toEqual({
      route: 'https://press.example/a',
      routeType: 'external',
    });
  });

  it('sends an item with documents and no external URL to its document route', () => {
    expect(newsLink({ slug: 'lettre-q3', externalUrl: null, documentCount: 1 }, 'es')).toEqual({
      route: '/es/news/lettre-q3/doc',
      routeType: 'doc',
    });
  });

  it('sends any other item to its article under the localized news route', () => {
    expect(newsLink({ slug: 'marches', externalUrl: null, documentCount: 0 }, 'fr').route).toBe('/fr/actualites/marches');
    expect(newsLink({ slug: 'markets', externalUrl: '', documentCount: 0 }, 'en')).toEqual({
      route: '/en/news/markets',
      routeType: 'plain',
    });
  });

  it('builds the list and category routes per language', () => {
    expect(newsListPath('es')).toBe('/es/noticias');
    expect(newsCategoryPath('fr', 'esg')).toBe('/fr/actualites/c/esg');
    expect(newsArticlePath('en', 'a b')).toBe('/en/news/a%20b');
  });

  it('an external URL wins over a document in every language, and is kept exactly as given', () => {
    for (const locale of ['fr', 'en', 'es'] as const) {
      expect(newsLink({ slug: 'x', externalUrl: 'https://press.example/a?b=1#c', documentCount: 1 }, locale).route).toBe('https://press.example/a?b=1#c');
    }
  });

  it('builds the document route under /news in every language (docs/product.md §2 /news/{slug}/doc), slug encoded', () => {
    expect(newsLink({ slug: 'lettre-t3', externalUrl: null, documentCount: 3 }, 'fr')).toEqual({ route: '/fr/news/lettre-t3/doc', routeType: 'doc' });
    expect(newsLink({ slug: 'a/b', externalUrl: null, documentCount: 1 }, 'en').route).toBe('/en/news/a%2Fb/doc');
    expect(newsLink({ slug: 'carta', externalUrl: null, documentCount: 0 }, 'es')).toEqual({ route: '/es/noticias/carta', routeType: 'plain' });
  });
});

describe('news pages', () => {
  it('page 1 is the list itself; the next pages are in the path, localized', () => {
    expect(newsPagePath('fr', 1)).toBe('/fr/actualites');
    expect(newsPagePath('fr', 2)).toBe('/fr/actualites/page/2');
    expect(newsPagePath('es', 3)).toBe('/es/noticias/pagina/3');
    expect(newsPagePath('en', 1, 'esg')).toBe('/en/news/c/esg');
    expect(newsPagePath('en', 2, 'esg')).toBe('/en/news/c/esg/page/2');
    expect(newsPagePath('es', 2, 'market-views')).toBe('/es/noticias/c/market-views/pagina/2');
  });

  it('reads page numbers strictly', () => {
    expect(parsePageNumber('2')).toBe(2);
    expect(parsePageNumber('9999')).toBe(9999);
    for (const bad of [undefined, '', '0', '01', '-1', '1.5', '2a', ' 2', '10000', 'page']) expect(parsePageNumber(bad), String(bad)).toBeNull();
  });

  it('has one feed per language', () => {
    expect(newsFeedPath('es')).toBe('/es/rss.xml');
  });

  it('counts pages, one at least', () => {
    expect(NEWS_PAGE_SIZE).toBe(9);
    expect(newsPageCount(0)).toBe(1);
    expect(newsPageCount(9)).toBe(1);
    expect(newsPageCount(10)).toBe(2);
    expect(newsPageCount(21)).toBe(3);
  });
});

