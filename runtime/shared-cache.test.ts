import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptSources } from './cached-page-csp.mjs';
import { pagePathOf } from './page-tags-cache-handler.mjs';
import { responseEncoder } from './compressed-responses.mjs';
import { markForSharedCache, MAX_TAGS_HEADER, pageTags, rewrittenPath, surrogateMaxAge, withoutNonce } from './shared-cache.mjs';


describe('the tags registry', () => {
  it('reads the page path out of the route cache key of Next 16.4', () => {
    expect(pagePathOf('/route-cache/APP_PAGE/142beb48e68cb5979290f2b4578eb2290a94a71a3e43e86e006456a67a8ec307/$/fr/RETAIL-FR')).toBe('/fr/RETAIL-FR');
    expect(pagePathOf('/route-cache/APP_PAGE/abc/$/en/INSTIT-LU/funds/aurore-patrimoine')).toBe('/en/INSTIT-LU/funds/aurore-patrimoine');
    expect(pagePathOf('/route-cache/APP_ROUTE/abc/$/sitemap.xml')).toBeNull();
    expect(pagePathOf('0f1e2d3c')).toBeNull();
    expect(pagePathOf(undefined)).toBeNull();
  });

  it('gives the tags of a known page, space-separated, and nothing for an unknown or unsafe one', () => {
    const registry = new Map([
      ['/fr/RETAIL-FR', ['menu', 'audience:RETAIL-FR', 'page:home', 'funds']],
      ['/fr/RETAIL-FR/funds/été', ['fund:été']],
      ['/fr/RETAIL-FR/odd', ['menu', 'two words']],
      ['/fr/RETAIL-FR/huge', Array.from({ length: 400 }, (_, i) => `fund:a-rather-long-fund-slug-${i}`)],
    ]);
    expect(pageTags('/fr/RETAIL-FR', registry)).toBe('menu audience:RETAIL-FR page:home funds');
    expect(pageTags('/fr/RETAIL-FR/funds/%C3%A9t%C3%A9', registry)).toBeNull();
    expect(pageTags('/fr/RETAIL-FR/other', registry)).toBeNull();
    expect(pageTags('/fr/RETAIL-FR/odd', registry)).toBeNull();
    expect(pageTags('/fr/RETAIL-FR/huge', registry)).toBeNull();
    expect(pageTags(null, registry)).toBeNull();
    expect(MAX_TAGS_HEADER).toBeLessThan(8192);
  });

  it('reads the rewrite, absolute or not, and bounds the lifetime', () => {
    expect(rewrittenPath('/fr/RETAIL-FR')).toBe('/fr/RETAIL-FR');
    expect(rewrittenPath('http://localhost:3000/fr/INSTIT-LU/funds/x?tab=docs')).toBe('/fr/INSTIT-LU/funds/x');
    expect(rewrittenPath(undefined)).toBeNull();
    expect(surrogateMaxAge('300')).toBe(300);
    expect(surrogateMaxAge(undefined)).toBe(600);
    expect(surrogateMaxAge('0')).toBe(600);
    expect(surrogateMaxAge('1e9')).toBe(600);
    expect(withoutNonce("default-src 'self'; script-src 'self' 'nonce-YWJj' 'sha256-x='; style-src 'self'")).toBe("default-src 'self'; script-src 'self' 'sha256-x='; style-src 'self'");
  });
});

/** A page as Next renders it with the nonce `n0nce`, long enough to be compressed once. */
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" nonce="n0nce"></script><script nonce="n0nce">self.__next_f=[]</script></head><body>${'<p>Fund</p>'.repeat(200)}</body></html>`;

type Answer = { status: number; headers: IncomingHttpHeaders };

describe('markForSharedCache, behind the compress-once encoder (as runtime/server.mjs mounts it)', () => {
  let server: Server;
  let base: string;
  const registry = new Map([['/fr/RETAIL-FR/funds/aurore', ['menu', 'audience:RETAIL-FR', 'fund:aurore']]]);

  beforeAll(async () => {
    const encode = responseEncoder({ inlineScripts: inlineScriptSources, shared: (req, res) => markForSharedCache(req, res, { maxAge: 120, registry }) });
    server = createServer((req, res) => {
      encode(req, res);
      const url = new URL(req.url ?? '/', 'http://x');
      // What Next and the proxy leave on a cached page: its rewrite, the proxy's Cache-Control, Next's cache mark, a CSP with this request's nonce.
      res.setHeader('x-middleware-rewrite', url.searchParams.get('rewrite') ?? '/fr/RETAIL-FR/funds/aurore');
      res.setHeader('Cache-Control', url.searchParams.get('cc') ?? 'private, no-cache');
      if (url.searchParams.get('next') !== 'none') res.setHeader('x-nextjs-cache', 'HIT');
      res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self' 'nonce-ZnJlc2g='");
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (url.searchParams.has('cookie')) res.setHeader('Set-Cookie', 'i18n_redirected=fr; Path=/');
      if (url.searchParams.has('unknown')) res.setHeader('x-fundhouse-not-found', '1');
      res.statusCode = Number(url.searchParams.get('status') ?? 200);
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function get(query = '', method = 'GET'): Promise<Answer> {
    const response = await fetch(`${base}/page${query}`, { method });
    await response.arrayBuffer();
    return { status: response.status, headers: Object.fromEntries(response.headers) };
  }

  it('a cached page gets its lifetime and tags for the shared cache, and a CSP by hashes alone', async () => {
    const { headers } = await get();
    expect(headers['surrogate-control']).toBe('max-age=120');
    expect(headers['xkey']).toBe('menu audience:RETAIL-FR fund:aurore');
    expect(headers['surrogate-key']).toBe('menu audience:RETAIL-FR fund:aurore');
    expect(headers['cache-control']).toBe('private, no-cache');
    expect(headers['content-security-policy']).not.toContain('nonce-');
    expect(headers['content-security-policy']).toContain("'sha256-");
    expect((await get('', 'HEAD')).headers['xkey']).toBe('menu audience:RETAIL-FR fund:aurore');
  });

  it('as the attacker: nothing per visitor or unknown is ever marked', async () => {
    for (const [query, why] of [
      ['?cookie=1', 'a Set-Cookie'],
      ['?cc=private,%20no-cache,%20no-store', 'a page rendered per request'],
      ['?next=none', 'not from Next’s cache (a route, a form answer)'],
      ['?status=404', 'a 404'],
      ['?unknown=1', 'the unknown-page route, a 404 once its head is written'],
      ['?rewrite=/fr/RETAIL-FR/funds/unknown', 'tags unknown'],
    ] as const) {
      const { headers } = await get(query);
      expect(headers['surrogate-control'], why).toBeUndefined();
      expect(headers['xkey'], why).toBeUndefined();
    }
    const post = await fetch(`${base}/page`, { method: 'POST', body: 'x' });
    await post.arrayBuffer();
    expect(post.headers.get('surrogate-control')).toBeNull();
    // An unmarked page keeps this request's nonce.
    expect((await get('?cookie=1')).headers['content-security-policy']).toContain("'nonce-ZnJlc2g='");
  });
});
