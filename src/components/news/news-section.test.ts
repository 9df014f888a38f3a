import { describe, expect, it } from 'vitest';
import { isNewsPath } from './news-section';

const newsBasePaths = ['/fr/actualites', '/en/news', '/es/noticias/'];

describe('isNewsPath', () => {
  it('matches each localized news list, category and article', () => {
    for (const path of ['/fr/actualites', '/fr/actualites/', '/fr/actualites/c/marches', '/en/news/rate-cut', '/es/noticias', '/es/noticias/c/x']) {
      expect(isNewsPath(path, newsBasePaths), path).toBe(true);
    }
  });

  it('does not match other pages or look-alike prefixes', () => {
    for (const path of ['/fr', '/fr/actualites-2024', '/en/newsletter', '/fr/news', '/en/about-us', '/es/noticia']) {
      expect(isNewsPath(path, newsBasePaths), path).toBe(false);
    }
  });

  it('ignores empty or root base paths', () => {
    expect(isNewsPath('/fr', ['', '/'])).toBe(false);
  });
});
