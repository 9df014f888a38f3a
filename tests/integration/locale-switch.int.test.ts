/**
 * GET /api/locale (the language switch) with whatever a visitor or a scanner puts in `from`: the
 * answer is a redirect to a path of this site, or a 404 for an unknown language; never a 500,
 * never a Location that leaves the site or carries a control character.
 */
import { describe, expect, it } from 'vitest';
import { GET } from '../../src/app/api/locale/route';
import { news } from '../../src/server/db/seed/fixtures/content/news';

const plainNews = news.find((n) => !n.externalUrl && !n.hasDocument);

async function switchTo(to: string, from: string | null) {
  const params = new URLSearchParams({ to });
  if (from !== null) params.set('from', from);
  const response = await GET(new Request(`http://localhost/api/locale?${params.toString()}`));
  return { status: response.status, location: response.headers.get('location') };
}

const HOSTILE = [
  '/fr/nous-connaitre?x=\r\nSet-Cookie: pwned=1',
  '/fr/nous-connaitre\r\nLocation: https://evil.example',
  '/fr/gamme-fonds?q=a\u0000b&sort=\u0007',
  '/fr/actualites/\u0000',
  '/fr/actualites/%00',
  '/fr/actualites/%0d%0aSet-Cookie:%20x=1',
  '/fr/actualites/%E0%A4%A',
  '/fr/gamme-fonds?q=%E0%A4%A',
  '/fr/funds/%0d%0a',
  '/fr/funds/..%2F..%2F..%2Fevil',
  '/fr/funds/..',
  '//evil.example/fr',
  '/\\evil.example',
  '/\t/evil.example',
  '\r\n/fr',
  'https://evil.example/',
  'javascript:alert(1)',
  '/fr/\u2028\u2029\ud800',
  `/fr/${'a/'.repeat(2000)}`,
  '',
  '?',
  '#',
];

describe('GET /api/locale', () => {
  it('keeps the page and the query, and follows a news article to its translation', async () => {
    expect(await switchTo('es', '/fr/nous-connaitre')).toEqual({ status: 303, location: '/es/conocernos' });
    expect(await switchTo('en', '/fr/gamme-fonds?q=obligations vertes&sort=name')).toEqual({ status: 303, location: '/en/fund-range?q=obligations+vertes&sort=name' });
    expect(await switchTo('en', `/fr/actualites/${plainNews?.translations.fr.slug}`)).toEqual({ status: 303, location: `/en/news/${plainNews?.translations.en.slug}` });
    expect(await switchTo('fr', null)).toEqual({ status: 303, location: '/fr' });
  });

  it('answers 404 to a language the site does not serve', async () => {
    expect((await switchTo('de', '/fr')).status).toBe(404);
    expect((await switchTo('en\r\n', '/fr')).status).toBe(404);
  });

  it.each(HOSTILE)('redirects %j to a safe path of this site', async (from) => {
    const { status, location } = await switchTo('en', from);
    expect(status).toBe(303);
    expect(location).toMatch(/^\/en(\/|\?|$)/);
    expect(location).not.toMatch(/[\u0000-\u001f\u007f\s\\]/);
    expect(new URL(location ?? '', 'http://site.example').origin).toBe('http://site.example');
  });

  it('sends a news slug nobody wrote to the news list', async () => {
    expect(await switchTo('es', '/fr/actualites/%00')).toEqual({ status: 303, location: '/es/noticias' });
    expect(await switchTo('es', '/fr/actualites/nothing-like-this')).toEqual({ status: 303, location: '/es/noticias' });
  });
});
