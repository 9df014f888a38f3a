import { describe, expect, it } from 'vitest';
import { currentUrl, localeSwitchHref } from './locale-switch';

describe('localeSwitchHref', () => {
  it('points at /api/locale with the target language and the encoded current URL', () => {
    const href = localeSwitchHref('en', '/fr/actualites?page=2&c=a b');
    expect(href.startsWith('/api/locale?')).toBe(true);
    const params = new URL(href, 'http://site.test').searchParams;
    expect(params.get('to')).toBe('en');
    expect(params.get('from')).toBe('/fr/actualites?page=2&c=a b');
  });
});

describe('currentUrl', () => {
  it('joins path and query, with or without the leading "?"', () => {
    expect(currentUrl('/fr', '')).toBe('/fr');
    expect(currentUrl('/fr/actualites', 'page=2')).toBe('/fr/actualites?page=2');
    expect(currentUrl('/fr/actualites', '?page=2')).toBe('/fr/actualites?page=2');
  });
});
