import { describe, expect, it } from 'vitest';
import { matchLocalizedPath } from './match';

const ALL = ['fr', 'en', 'es'] as const;

describe('matchLocalizedPath', () => {
  it('finds the route of a localized path', () => {
    expect(matchLocalizedPath('/fr/nous-connaitre', ALL)).toEqual({ locale: 'fr', pathname: '/about-us', params: {} });
    expect(matchLocalizedPath('/es/noticias/c/esg', ALL)).toEqual({ locale: 'es', pathname: '/news/c/[category]', params: { category: 'esg' } });
    expect(matchLocalizedPath('/en/news/some%20slug', ALL)).toEqual({ locale: 'en', pathname: '/news/[slug]', params: { slug: 'some slug' } });
    expect(matchLocalizedPath('/fr/funds/f/shares/s?x=1', ALL)).toEqual({
      locale: 'fr',
      pathname: '/funds/[fundSlug]/shares/[shareSlug]',
      params: { fundSlug: 'f', shareSlug: 's' },
    });
    expect(matchLocalizedPath('/en', ALL)).toEqual({ locale: 'en', pathname: '/', params: {} });
    expect(matchLocalizedPath('/en/', ALL)).toEqual({ locale: 'en', pathname: '/', params: {} });
  });

  it('prefers a static route to a dynamic one', () => {
    expect(matchLocalizedPath('/fr/actualites/c/x', ALL)?.pathname).toBe('/news/c/[category]');
    expect(matchLocalizedPath('/en/news/x/doc', ALL)?.pathname).toBe('/news/[slug]/doc');
  });

  it('returns null for another language prefix, a path of another language, or garbage', () => {
    expect(matchLocalizedPath('/de/about-us', ALL)).toBeNull();
    expect(matchLocalizedPath('/fr/about-us', ALL)).toBeNull();
    expect(matchLocalizedPath('/en/news/%E0%A4%A', ALL)).toBeNull();
    expect(matchLocalizedPath('/fr', ['en'])).toBeNull();
  });
});
