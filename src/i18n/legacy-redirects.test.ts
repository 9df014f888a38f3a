import { describe, expect, it } from 'vitest';
import { legacyNewsPageRedirects } from './legacy-redirects';

describe('legacyNewsPageRedirects', () => {
  it('sends ?page=N of every news list and category list to the page in the path', () => {
    const redirects = legacyNewsPageRedirects();
    expect(redirects).toHaveLength(6);
    expect(redirects.map((r) => [r.source, r.destination])).toEqual([
      ['/fr/actualites', '/fr/actualites/page/:page'],
      ['/fr/actualites/c/:category', '/fr/actualites/c/:category/page/:page'],
      ['/en/news', '/en/news/page/:page'],
      ['/en/news/c/:category', '/en/news/c/:category/page/:page'],
      ['/es/noticias', '/es/noticias/pagina/:page'],
      ['/es/noticias/c/:category', '/es/noticias/c/:category/pagina/:page'],
    ]);
    for (const r of redirects) {
      expect(r.permanent).toBe(true);
      const value = new RegExp(`^${r.has[0]?.value}$`);
      expect(value.exec('12')?.groups?.page).toBe('12');
      expect(value.test('0')).toBe(false);
      expect(value.test('2;x')).toBe(false);
    }
  });
});
