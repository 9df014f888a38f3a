import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './nav-match';

describe('isCurrentPath', () => {
  it('matches the page itself, with or without a trailing slash', () => {
    expect(isCurrentPath('/fr/actualites', '/fr/actualites')).toBe(true);
    expect(isCurrentPath('/fr/actualites/', '/fr/actualites')).toBe(true);
    expect(isCurrentPath('/fr/actualites', '/fr/actualites/')).toBe(true);
  });

  it('matches pages inside the section by path prefix', () => {
    expect(isCurrentPath('/fr/actualites/c/marches', '/fr/actualites')).toBe(true);
    expect(isCurrentPath('/en/funds/aurore-europe/shares/a-eur', '/en/funds/aurore-europe')).toBe(true);
  });

  it('does not match a sibling whose name only starts the same', () => {
    expect(isCurrentPath('/fr/esg-report', '/fr/esg')).toBe(false);
    expect(isCurrentPath('/fr/contact', '/fr/con')).toBe(false);
  });

  it('matches the locale home only on the home page', () => {
    expect(isCurrentPath('/fr', '/fr')).toBe(true);
    expect(isCurrentPath('/fr/contact', '/fr')).toBe(false);
  });

  it('honours exact', () => {
    expect(isCurrentPath('/fr/actualites/c/marches', '/fr/actualites', { exact: true })).toBe(false);
  });

  it('ignores the query and hash of the link, and external or missing paths', () => {
    expect(isCurrentPath('/en/news', '/en/news?page=2#top')).toBe(true);
    expect(isCurrentPath('/en/news', 'https://example.com/en/news')).toBe(false);
    expect(isCurrentPath(null, '/en/news')).toBe(false);
  });

  it('compares decoded paths', () => {
    expect(isCurrentPath('/es/noticias/a%C3%B1o', '/es/noticias/año')).toBe(true);
  });
});
