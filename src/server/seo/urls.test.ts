import { describe, expect, it } from 'vitest';
import { robotsFor } from './robots';
import { absoluteUrl, hreflangLinks, plainText } from './urls';

describe('absoluteUrl', () => {
  it('joins the base URL and a path with exactly one slash', () => {
    expect(absoluteUrl('/fr/esg', 'https://x.example')).toBe('https://x.example/fr/esg');
    expect(absoluteUrl('/fr/esg', 'https://x.example/')).toBe('https://x.example/fr/esg');
    expect(absoluteUrl('fr', 'https://x.example')).toBe('https://x.example/fr');
  });

  it('keeps an absolute URL as it is', () => {
    expect(absoluteUrl('https://press.example/a', 'https://x.example')).toBe('https://press.example/a');
  });
});

describe('hreflangLinks', () => {
  it('is empty for no version', () => {
    expect(hreflangLinks({}, 'https://x.example')).toEqual({});
  });

  it('lists the versions in the house’s order and puts x-default on the first, its default language (docs/decisions/061)', () => {
    const links = hreflangLinks({ en: '/en/about-us', fr: '/fr/nous-connaitre' }, 'https://x.example');
    expect(Object.keys(links)).toEqual(['en', 'fr', 'x-default']);
    expect(links['x-default']).toBe('https://x.example/en/about-us');
  });
});

describe('plainText', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<b>Aurore</b> &amp; <a href="/x">fils</a>\n\n d&#233;j&#xE0; &nbsp;là')).toBe('Aurore & fils déjà là');
    expect(plainText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });
});

describe('robotsFor', () => {
  it('allows every page, keeps crawlers off the machine endpoints and names the sitemap', () => {
    expect(robotsFor('https://x.example/')).toEqual({
      rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/graphql', '/_content/'] },
      sitemap: 'https://x.example/sitemap.xml',
    });
  });
});
