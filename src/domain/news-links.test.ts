import { describe, expect, it } from 'vitest';
import { newsArticlePath, newsCategoryPath, newsLink, newsListPath } from './news-links';

describe('newsLink (SPEC §2 link rule)', () => {
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
});
