import { describe, expect, it } from 'vitest';
import { closedLocale, closedPageHtml, isGatedPath, splitSignedCookie } from './site-gate';

describe('the not-yet-public gate', () => {
  it('holds back pages, documents, feeds, data and the visitor APIs, never the back-office or an unsubscription', () => {
    for (const path of ['/', '/fr', '/en/funds/x', '/e/fr/docs/x.pdf', '/_content/fr', '/sitemap.xml', '/robots.txt', '/api/forms/contact', '/api/alerts/subscribe', '/api/alerts/manage', '/api/locale']) {
      expect(isGatedPath(path), path).toBe(true);
    }
    for (const path of ['/admin', '/admin/setup', '/api/admin/auth/sign-in/email', '/api/admin/v1/navs', '/api/health', '/_next/static/x.js', '/api/newsletter/unsubscribe', '/api/alerts', '/api/csp-report']) {
      expect(isGatedPath(path), path).toBe(false);
    }
  });

  it('reads a signed cookie as Better Auth writes it, and nothing else', () => {
    const signature = 'A'.repeat(43) + '=';
    expect(splitSignedCookie(encodeURIComponent(`tok.en.${signature}`))).toEqual({ value: 'tok.en', signature });
    expect(splitSignedCookie(`token.${'A'.repeat(44)}`)).toBeNull();
    expect(splitSignedCookie('token')).toBeNull();
    expect(splitSignedCookie('%E0%A4%A')).toBeNull();
    expect(splitSignedCookie(`${'x'.repeat(600)}.${signature}`)).toBeNull();
  });

  it('answers in the language of the path when served, else the first served language', () => {
    expect(closedLocale('/es/fondos', ['fr', 'en', 'es'])).toBe('es');
    expect(closedLocale('/de/fonds', ['en', 'fr'])).toBe('en');
    expect(closedLocale('/', ['fr'])).toBe('fr');
  });

  it('names the house, escaped, in a page that no robot indexes', () => {
    const html = closedPageHtml('en', { title: 'Site being prepared', message: 'The {company} website is being prepared.', anonymous: 'This website is being prepared.' }, 'A&B <Funds>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('The A&#38;B &#60;Funds&#62; website is being prepared.');
    expect(html).not.toContain('<script');
    expect(closedPageHtml('en', { title: 'T', message: '{company} m', anonymous: 'Anonymous.' }, ' ')).toContain('<p>Anonymous.</p>');
  });
});
