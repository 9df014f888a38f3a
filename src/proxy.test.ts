import { NextRequest } from 'next/server';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { NOT_FOUND_PAGE_HEADER, UNKNOWN_PAGE_SEGMENT } from './proxy';

async function loadProxy(envVars: Record<string, string | undefined> = {}) {
  vi.resetModules();
  vi.unstubAllEnvs();
  for (const [k, v] of Object.entries(envVars)) vi.stubEnv(k, v ?? '');
  const handle = (await import('./proxy')).default;
  // While the site is open (no gate published), every answer is made at once.
  return (request: NextRequest) => {
    const response = handle(request);
    if (response instanceof Promise) throw new Error('the proxy of an open site answered later');
    return response;
  };
}

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, 'http://localhost:3000'), { headers });

describe('proxy', () => {
  beforeEach(() => {
    vi.unstubAllEnvs();
  });

  it('rewrites a localized path to its route folder with the profile segment (docs/decisions/001)', async () => {
    const proxy = await loadProxy();
    const retail = proxy(request('/fr/nous-connaitre'));
    expect(new URL(retail.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/fr/RETAIL-FR/about-us');
    const instit = proxy(request('/fr/nous-connaitre', { cookie: 'investor_profile=INSTIT' }));
    expect(new URL(instit.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/fr/INSTIT-FR/about-us');
    const home = proxy(request('/en', { cookie: 'investor_profile=CGP' }));
    expect(new URL(home.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/en/CGP-FR');
    // The accessibility statement, at its path of each language.
    for (const [path, folder] of [['/fr/accessibilite', '/fr/RETAIL-FR/accessibility'], ['/en/accessibility', '/en/RETAIL-FR/accessibility'], ['/es/accesibilidad', '/es/RETAIL-FR/accessibility']]) {
      expect(new URL(proxy(request(path ?? '')).headers.get('x-middleware-rewrite') ?? '').pathname, path).toBe(folder);
    }
  });

  it('adds the country of residence from its cookie to the hidden segment, else DEFAULT_COUNTRY (docs/decisions/035)', async () => {
    const rewritten = (proxy: Awaited<ReturnType<typeof loadProxy>>, cookie: string) =>
      new URL(proxy(request('/es/conocernos', cookie ? { cookie } : {})).headers.get('x-middleware-rewrite') ?? '').pathname;
    const proxy = await loadProxy();
    expect(rewritten(proxy, 'investor_profile=INSTIT; investor_country=CH')).toBe('/es/INSTIT-CH/about-us');
    expect(rewritten(proxy, 'investor_country=INT')).toBe('/es/RETAIL-INT/about-us');
    // Not a country code: the default, never a segment the attacker wrote.
    for (const forged of ['investor_country=ch', 'investor_country=FR%2F..', 'investor_country=FR-INSTIT', 'investor_country=' + 'X'.repeat(300)]) {
      expect(rewritten(proxy, forged), forged).toBe('/es/RETAIL-FR/about-us');
    }
    expect(rewritten(await loadProxy({ DEFAULT_COUNTRY: 'LU' }), '')).toBe('/es/RETAIL-LU/about-us');
  });

  it('ignores an unknown profile cookie and cannot be steered into the internal segment', async () => {
    const proxy = await loadProxy();
    const forged = proxy(request('/fr/INSTIT-FR/about-us', { cookie: 'investor_profile=ADMIN' }));
    expect(new URL(forged.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/fr/RETAIL-FR/INSTIT-FR/about-us');
  });

  it('sends / to ROOT_REDIRECT when it is set, else negotiates the language', async () => {
    const redirected = (await loadProxy({ ROOT_REDIRECT: '/en/fund-range' }))(request('/'));
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get('location')).toBe('http://localhost:3000/en/fund-range');
    const negotiated = (await loadProxy())(request('/', { 'accept-language': 'es-ES,es;q=0.9' }));
    expect(negotiated.headers.get('location')).toBe('http://localhost:3000/es');
    const fallback = (await loadProxy())(request('/', { 'accept-language': 'de-DE' }));
    expect(fallback.headers.get('location')).toBe('http://localhost:3000/fr');
  });

  it('follows the languages the house offers: / goes to the first, a path in another language is the 404 page (docs/decisions/061)', async () => {
    const { publishOfferedLanguages } = await import('./server/http/offered-languages');
    const proxy = await loadProxy();
    publishOfferedLanguages(['en', 'fr']);
    try {
      expect(proxy(request('/')).headers.get('location')).toBe('http://localhost:3000/en');
      expect(proxy(request('/', { 'accept-language': 'es-ES,es;q=0.9' })).headers.get('location')).toBe('http://localhost:3000/en');
      expect(proxy(request('/', { 'accept-language': 'fr-FR,fr;q=0.9' })).headers.get('location')).toBe('http://localhost:3000/fr');
      // A language cookie naming a language no longer offered is not followed.
      expect(proxy(request('/', { cookie: 'i18n_redirected=es' })).headers.get('location')).toBe('http://localhost:3000/en');
      const gone = proxy(request('/es/conocernos?x=1'));
      expect(new URL(gone.headers.get('x-middleware-rewrite') ?? '').pathname).toBe(`/en/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
      expect(gone.headers.get(NOT_FOUND_PAGE_HEADER)).toBe('1');
      expect(new URL(proxy(request('/fr/nous-connaitre')).headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/fr/RETAIL-FR/about-us');
      publishOfferedLanguages(['es']);
      expect(proxy(request('/')).headers.get('location')).toBe('http://localhost:3000/es');
      expect(proxy(request('/fr/nous-connaitre')).headers.get(NOT_FOUND_PAGE_HEADER)).toBe('1');
    } finally {
      publishOfferedLanguages(undefined);
    }
  });

  it('answers 404 to an undecodable path and leaves APIs and documents alone', async () => {
    const proxy = await loadProxy();
    expect(proxy(request('/fr/%E0%A4%A')).status).toBe(404);
    for (const path of ['/graphql', '/api/health', '/e/fr/docs/funds/x/KIID', '/_content/fr/news', '/icon.svg']) {
      const response = proxy(request(path));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
    }
  });

  it('sets the security headers, with a new nonce for every page and no unsafe script source', async () => {
    const proxy = await loadProxy();
    const response = proxy(request('/fr'));
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'sha256-/);
    // (eval stays allowed outside production builds only: security-headers.test.ts)
    expect(policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain("'unsafe-inline'");
    expect(response.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const nonceOf = (p: string | null) => /'nonce-([^']+)'/.exec(p ?? '')?.[1];
    expect(nonceOf(proxy(request('/fr')).headers.get('content-security-policy'))).not.toBe(nonceOf(policy));
  });

  it('leaves the house’s images (/brand) to their route with their own CSP and nosniff, never the site’s policy (docs/decisions/062)', async () => {
    const proxy = await loadProxy();
    for (const path of ['/brand/logo.0123456789abcdef.svg', '/brand/favicon.0123456789abcdef.png', '/brand/unknown']) {
      const response = proxy(request(path, { 'accept-language': 'en' }));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
      expect(response.headers.get('content-security-policy'), path).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    // A look-alike page path keeps the site's policy.
    expect(proxy(request('/fr/brand')).headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    // A proposed image opened from the review screen gets the images' policy too; the screen keeps the back-office's.
    const proposed = proxy(request('/admin/reviews/12/image'));
    expect(proposed.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(proposed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(proxy(request('/admin/reviews/12')).headers.get('content-security-policy')).toMatch(/script-src/);
  });

  it('sends an unknown fund, share, article or category to one 404 path per language and profile, once the catalog is loaded', async () => {
    const proxy = await loadProxy();
    const { publishRouteCatalog } = await import('./server/http/known-routes');
    const rewritten = (path: string, cookie = '') => new URL(proxy(request(path, cookie ? { cookie } : {})).headers.get('x-middleware-rewrite') ?? '').pathname;
    // Before the first load nothing is judged.
    publishRouteCatalog(undefined);
    expect(rewritten('/en/funds/no-such-fund')).toBe('/en/RETAIL-FR/funds/no-such-fund');
    publishRouteCatalog({
      funds: new Map([['aurore-bonds', new Set(['aurore-bonds-i'])]]),
      news: new Map([['fr', new Set(['une-nouvelle'])]]),
      newsCounts: new Map([['fr', new Map([['', 1], ['markets', 1]])]]),
      newsCategories: new Set(['markets']),
      countries: new Set(['FR', 'CH', 'INT']),
    });
    try {
      expect(rewritten('/en/funds/aurore-bonds')).toBe('/en/RETAIL-FR/funds/aurore-bonds');
      // A country the table does not hold is the default one: one cached page per known country only.
      expect(rewritten('/en/funds/aurore-bonds', 'investor_country=DE')).toBe('/en/RETAIL-FR/funds/aurore-bonds');
      expect(rewritten('/en/funds/aurore-bonds', 'investor_country=CH')).toBe('/en/RETAIL-CH/funds/aurore-bonds');
      expect(rewritten('/en/funds/aurore-bonds/shares/aurore-bonds-i', 'investor_profile=CGP')).toBe('/en/CGP-FR/funds/aurore-bonds/shares/aurore-bonds-i');
      expect(rewritten('/fr/actualites/une-nouvelle')).toBe('/fr/RETAIL-FR/news/une-nouvelle');
      expect(rewritten('/fr/actualites/c/markets')).toBe('/fr/RETAIL-FR/news/c/markets');
      expect(rewritten('/en/funds/no-such-fund')).toBe(`/en/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
      expect(rewritten('/en/funds/aurore-bonds/shares/no-such-share', 'investor_profile=INSTIT')).toBe(`/en/INSTIT-FR/${UNKNOWN_PAGE_SEGMENT}`);
      expect(rewritten('/fr/actualites/pas-une-nouvelle')).toBe(`/fr/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
      expect(rewritten('/es/noticias/c/no-such-category')).toBe(`/es/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
      expect(rewritten('/fr/nimporte-quoi')).toBe(`/fr/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
      expect(rewritten('/fr/nous-connaitre')).toBe('/fr/RETAIL-FR/about-us');
      // runtime/server.mjs answers the marked rewrites with status 404 (docs/decisions/019).
      expect(proxy(request('/fr/nimporte-quoi')).headers.get(NOT_FOUND_PAGE_HEADER)).toBe('1');
      expect(proxy(request('/fr/nous-connaitre')).headers.get(NOT_FOUND_PAGE_HEADER)).toBeNull();
      // Without the finder's facets, the fund range is rendered per request whatever its query.
      expect(rewritten('/fr/gamme-fonds?category=equities')).toBe('/fr/RETAIL-FR/fund-range');
    } finally {
      publishRouteCatalog(undefined);
    }
  });

  it('serves the fund range and its single filters from one cached page each, the rest per request (docs/decisions/021)', async () => {
    const proxy = await loadProxy();
    const { publishRouteCatalog } = await import('./server/http/known-routes');
    const rewritten = (path: string, cookie = '') => new URL(proxy(request(path, cookie ? { cookie } : {})).headers.get('x-middleware-rewrite') ?? '').pathname;
    publishRouteCatalog({
      funds: new Map(),
      news: new Map(),
      newsCounts: new Map(),
      newsCategories: new Set(),
      finder: { categories: new Set(['equities']), currencies: new Set(['EUR']) },
    });
    try {
      expect(rewritten('/fr/gamme-fonds')).toBe('/fr/RETAIL-FR/fund-range/all');
      expect(rewritten('/en/fund-range?category=equities', 'investor_profile=INSTIT')).toBe('/en/INSTIT-FR/fund-range/category.equities');
      expect(rewritten('/es/nuestros-fondos?sort=name&currency=eur')).toBe('/es/RETAIL-FR/fund-range/currency.EUR~sort.name');
      // Random query strings land on the pages they render: no new cached page.
      expect(rewritten('/fr/gamme-fonds?category=x1&sri=99&foo=bar')).toBe('/fr/RETAIL-FR/fund-range/all');
      expect(rewritten('/fr/gamme-fonds?q=euro')).toBe('/fr/RETAIL-FR/fund-range');
      expect(rewritten('/fr/gamme-fonds?category=equities&sri=3')).toBe('/fr/RETAIL-FR/fund-range');
      // The cached pages cannot be asked for by their internal path.
      expect(rewritten('/fr/fund-range/all')).toBe(`/fr/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
    } finally {
      publishRouteCatalog(undefined);
    }
  });

  it("serves the document library's unfiltered first page from cache, every other view per request (docs/decisions/032)", async () => {
    const proxy = await loadProxy();
    const { publishRouteCatalog } = await import('./server/http/known-routes');
    const rewritten = (path: string, cookie = '') => new URL(proxy(request(path, cookie ? { cookie } : {})).headers.get('x-middleware-rewrite') ?? '').pathname;
    publishRouteCatalog({ funds: new Map(), news: new Map(), newsCounts: new Map(), newsCategories: new Set() });
    try {
      expect(rewritten('/fr/documents')).toBe('/fr/RETAIL-FR/documents/all');
      expect(rewritten('/es/documentos', 'investor_profile=CGP')).toBe('/es/CGP-FR/documents/all');
      // The empty form submitted without JavaScript, page 1 and unknown parameters are the unfiltered page too.
      expect(rewritten('/en/documents?q=&fund=&share=&type=&language=&month=&from=&to=&page=1&utm_source=x')).toBe('/en/RETAIL-FR/documents/all');
      for (const query of ['q=aurore', 'fund=x', 'type=KIID', 'language=es', 'month=2026-11', 'from=2026-01-01', 'archive=1', 'page=2']) {
        expect(rewritten(`/en/documents?${query}`), query).toBe('/en/RETAIL-FR/documents');
      }
      expect(rewritten('/fr/documents/all')).toBe(`/fr/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
    } finally {
      publishRouteCatalog(undefined);
    }
  });
});

describe('proxy: the back-office', () => {
  it('leaves /admin and /api/admin unlocalized, with their own no-store, noindex and nonce CSP headers', async () => {
    const proxy = await loadProxy();
    for (const path of ['/admin', '/admin/login', '/admin/accounts/x', '/api/admin/v1/me']) {
      const response = proxy(request(path, { 'accept-language': 'en' }));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.headers.get('location'), path).toBeNull();
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(response.headers.get('content-security-policy'), path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    }
    const a = proxy(request('/admin')).headers.get('content-security-policy');
    const b = proxy(request('/admin')).headers.get('content-security-policy');
    expect(a).not.toBe(b);
  });

  it('does not treat look-alike public paths as the back-office', async () => {
    const proxy = await loadProxy();
    const response = proxy(request('/fr/administration'));
    expect(response.headers.get('x-robots-tag')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toMatch(/'strict-dynamic'/);
  });
});

describe('the site not yet public (issue 43)', () => {
  const SECRET = 'a-test-secret-of-the-staff-cookies';
  const signed = (token: string, secret = SECRET) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

  async function closedProxy() {
    vi.resetModules();
    vi.unstubAllEnvs();
    const { publishSiteGate } = await import('./server/http/site-gate');
    publishSiteGate({ open: false, company: { fr: 'Maison Exemple', en: 'Example House' }, sessionSecret: SECRET });
    return (await import('./proxy')).default;
  }

  afterEach(async () => {
    const { publishSiteGate } = await import('./server/http/site-gate');
    publishSiteGate({ open: true, company: {}, sessionSecret: null });
  });

  it('answers visitors 503 with noindex, in the language of the path, naming the house', async () => {
    const proxy = await closedProxy();
    for (const path of ['/fr/gamme-fonds', '/en', '/e/fr/docs/x.pdf', '/sitemap.xml', '/api/forms/contact']) {
      const response = await proxy(request(path));
      expect(response.status, path).toBe(503);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('retry-after'), path).toBe('3600');
    }
    expect(await (await proxy(request('/en/funds'))).text()).toContain('The Example House website is being prepared');
    expect(await (await proxy(request('/fr'))).text()).toContain('Le site de Maison Exemple est en préparation');
  });

  it('serves the back-office, health and unsubscription links as usual', async () => {
    const proxy = await closedProxy();
    for (const path of ['/admin/setup', '/api/health', '/api/newsletter/unsubscribe', '/api/alerts', '/brand/logo.0123456789abcdef.svg']) expect((await proxy(request(path))).status, path).not.toBe(503);
  });

  it('serves staff whose session cookie the server signed, kept by no cache; a forged or unsigned cookie gets the 503', async () => {
    const proxy = await closedProxy();
    const staff = await proxy(request('/fr/nous-connaitre', { cookie: `staff.session_token=${signed('abc123')}` }));
    expect(staff.status).toBe(200);
    expect(new URL(staff.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/fr/RETAIL-FR/about-us');
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    expect(staff.headers.get('x-robots-tag')).toBe('noindex');
    const secure = await proxy(request('/fr', { cookie: `x=1; __Secure-staff.session_token=${signed('def456')}` }));
    expect(secure.status).toBe(200);
    for (const cookie of [`staff.session_token=${signed('abc123', 'another-secret')}`, 'staff.session_token=abc123', `staff.session_token=${signed('abc123')}x`, `other.session_token=${signed('abc123')}`]) {
      expect((await proxy(request('/fr', { cookie }))).status, cookie).toBe(503);
    }
  });
});

describe('proxy matcher', () => {
  it('leaves the import API uploads to their routes (no 10 MB body cut, docs/decisions/018) and runs everywhere else', async () => {
    const { unstable_doesMiddlewareMatch: matches } = await import('next/experimental/testing/server');
    const { config } = await import('./proxy');
    for (const path of ['/api/admin/v1/navs', '/api/admin/v1/benchmarks', '/api/admin/v1/documents', '/api/admin/v1/scenarios', '/api/admin/v1/registrations', '/api/admin/v1/distributions', '/api/admin/v1/events', '/api/admin/v1/events/3/notices']) {
      expect(matches({ config, url: path }), path).toBe(false);
    }
    for (const path of ['/api/admin/v1/me', '/admin/tokens', '/en', '/fr/nous-connaitre', '/api/forms/contact', '/_next/data/x.json']) {
      expect(matches({ config, url: path }), path).toBe(true);
    }
    expect(matches({ config, url: '/_next/static/chunk.js' })).toBe(false);
    // Only the GraphQL endpoint itself, which sets its own headers (docs/decisions/051).
    expect(matches({ config, url: '/graphql' })).toBe(false);
    for (const path of ['/graphql/schema.graphql', '/graphqlx', '/graphql/x']) expect(matches({ config, url: path }), path).toBe(true);
  });
});
