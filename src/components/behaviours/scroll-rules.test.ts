import { describe, expect, it } from 'vitest';
import { decideScroll, hashTarget, isNewsPath, type RouteStep } from './scroll-rules';

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

describe('hashTarget', () => {
  it('decodes the id and treats an empty hash as none', () => {
    expect(hashTarget('#news')).toBe('news');
    expect(hashTarget('#caf%C3%A9')).toBe('café');
    expect(hashTarget('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(hashTarget('#')).toBeNull();
    expect(hashTarget('')).toBeNull();
  });
});

describe('decideScroll', () => {
  const step = (from: string, to: string, extra: Partial<RouteStep> = {}): RouteStep => {
    const [fromPath = '', fromSearch = ''] = from.split(/(?=\?)/);
    const [toPath = '', toSearch = ''] = to.split(/(?=\?)/);
    return { from: { pathname: fromPath, search: fromSearch }, to: { pathname: toPath, search: toSearch }, hash: '', popped: false, newsBasePaths, ...extra };
  };

  it('scrolls to the news section between news pages', () => {
    expect(decideScroll(step('/fr/actualites', '/fr/actualites/c/marches'))).toEqual({ type: 'news' });
    expect(decideScroll(step('/en/news/a', '/en/news'))).toEqual({ type: 'news' });
    expect(decideScroll(step('/en/news', '/en/news?page=2'))).toEqual({ type: 'news' });
  });

  it('scrolls to the top when entering or leaving the news, or between other pages', () => {
    expect(decideScroll(step('/fr', '/fr/actualites'))).toEqual({ type: 'top' });
    expect(decideScroll(step('/fr/actualites', '/fr/contact'))).toEqual({ type: 'top' });
    expect(decideScroll(step('/fr/actualites', '/en/news'))).toEqual({ type: 'news' });
    expect(decideScroll(step('/fr/esg', '/fr/expertise'))).toEqual({ type: 'top' });
  });

  it('leaves the scroll alone when only the query of another page changes', () => {
    expect(decideScroll(step('/fr/funds/a', '/fr/funds/a?tab=documents'))).toEqual({ type: 'none' });
  });

  it('goes to the anchor when the new URL has a hash', () => {
    expect(decideScroll(step('/fr', '/fr/esg', { hash: '#label' }))).toEqual({ type: 'anchor', id: 'label' });
    expect(decideScroll(step('/fr/actualites', '/fr/actualites/c/x', { hash: '#item-3' }))).toEqual({ type: 'anchor', id: 'item-3' });
  });

  it('restores the saved position on back/forward', () => {
    expect(decideScroll(step('/fr/actualites', '/fr/actualites/c/x', { popped: true, hash: '#a' }))).toEqual({ type: 'restore' });
  });
});
