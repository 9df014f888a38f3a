/**
 * What the production server (runtime/server.mjs) adds around Next, seen from outside: pages
 * rendered for the profile cookie are private to shared caches yet still validated by ETag,
 * static files stay immutable, and unknown slugs are answered without a page of their own in
 * Next's cache (docs/decisions/013).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

test.describe('caching headers', () => {
  test('a page is private to shared caches, whatever the profile, and still answers 304 to its ETag', async ({ request }) => {
    for (const cookie of ['', 'investor_profile=INSTIT']) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const page = await request.get('/en/about-us', { headers });
      expect(page.status()).toBe(200);
      expect(page.headers()['cache-control'], cookie).toBe('private, no-cache');
      expect(page.headers()['vary']).toMatch(/\bCookie\b/);
      expect(page.headers()['x-fundhouse-profile-page']).toBeUndefined();
      const etag = page.headers()['etag'] ?? '';
      expect(etag).toMatch(/^W\/"/);
      const again = await request.get('/en/about-us', { headers: { ...headers, 'if-none-match': etag } });
      expect(again.status()).toBe(304);
      expect(again.headers()['cache-control']).toBe('private, no-cache');
    }
  });

  test("a page's RSC payload is private too", async ({ request }) => {
    const payload = await request.get('/en/about-us', { headers: { rsc: '1' } });
    expect(payload.status()).toBe(200);
    expect(payload.headers()['cache-control']).toMatch(/\bprivate\b/);
  });

  test('static files keep their long, shared caching', async ({ request }) => {
    const html = await (await request.get('/en')).text();
    const asset = /\/_next\/static\/[^"']+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

test.describe('unknown slugs', () => {
  /** Every file Next's route cache holds. */
  function cachedFiles(): string[] {
    try {
      return readdirSync(path.join('.next', 'server', 'route-cache'), { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
  }

  test('are 404, with the translated screen, and leave nothing in the page cache', async ({ request }) => {
    const slug = `no-such-${Date.now().toString(36)}`;
    const paths = [`/en/funds/${slug}`, `/fr/funds/${slug}/performances`, `/en/funds/${slug}/shares/${slug}`, `/fr/actualites/${slug}`, `/es/noticias/c/${slug}`, `/en/${slug}`];
    for (const p of paths) {
      const response = await request.get(p);
      expect(response.status(), p).toBe(404);
      expect(await response.text(), p).toMatch(/Page not found|Page non trouvée|Página no encontrada/);
    }
    expect(cachedFiles().filter((file) => file.includes(slug))).toEqual([]);
  });
});

test.describe('GraphQL answers replayed (docs/decisions/021)', () => {
  test('the layout query asked again is the same answer, compressed once by the route and decoded by the client', async ({ request }) => {
    const { LAYOUT_QUERY, LAYOUT_VARIABLES } = await import('../../src/graphql/operations');
    const data = { query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'es', investorProfile: 'CGP' } };
    for (const encoding of ['br', 'gzip']) {
      const headers = { 'accept-encoding': encoding, 'content-type': 'application/json' };
      const first = await request.post('/graphql', { data, headers });
      expect(first.status()).toBe(200);
      const answer = (await first.json()) as { data?: { fundCategories?: unknown[] }; errors?: unknown };
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.fundCategories?.length).toBeGreaterThan(0);
      // Another test may have asked first: from the second request on, it is a replay.
      const again = await request.post('/graphql', { data, headers });
      expect(again.headers()['x-graphql-cache']).toBe('HIT');
      expect(again.headers()['content-encoding']).toBe(encoding);
      expect(again.headers()['x-fundhouse-content-encoding']).toBeUndefined();
      expect(await again.json()).toEqual(answer);
    }
  });
});
