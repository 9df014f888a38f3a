import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptSources, scriptHash } from './cached-page-csp.mjs';
import { ByteBoundedCache, isOneBodyForMany, isShareable, matchesIfNoneMatch, negotiateEncoding, responseEncoder } from './compressed-responses.mjs';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip;q=0')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('isShareable', () => {
  it('keeps what a shared cache may keep', () => {
    expect(isShareable('s-maxage=300, stale-while-revalidate=31535700')).toBe(true);
    expect(isShareable('public, max-age=31536000, immutable')).toBe(true);
    expect(isShareable('private, no-cache, no-store, max-age=0, must-revalidate')).toBe(false);
    expect(isShareable('public, no-transform')).toBe(false);
    expect(isShareable('max-age=60')).toBe(false);
    expect(isShareable(undefined)).toBe(false);
  });
});

describe('isOneBodyForMany', () => {
  it('is a shareable answer, or one Next served from its cache even if private, never no-store', () => {
    expect(isOneBodyForMany('s-maxage=300', undefined)).toBe(true);
    expect(isOneBodyForMany('private, no-cache', 'HIT')).toBe(true);
    expect(isOneBodyForMany('private, no-cache', 'MISS')).toBe(true);
    expect(isOneBodyForMany('private, no-cache', undefined)).toBe(false);
    expect(isOneBodyForMany('private, no-cache, no-store, max-age=0, must-revalidate', 'HIT')).toBe(false);
    expect(isOneBodyForMany('private, no-transform', 'HIT')).toBe(false);
    expect(isOneBodyForMany(undefined, undefined)).toBe(false);
  });
});

describe('matchesIfNoneMatch', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('ByteBoundedCache', () => {
  it('evicts the least recently used entries beyond its bytes', () => {
    const cache = new ByteBoundedCache<string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.bytes).toBe(8);
    cache.set('huge', 'H', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(8);
    cache.grow('a', 3); // 11 bytes: c goes
    expect(cache.get('c')).toBeUndefined();
    expect(cache.bytes).toBe(7);
  });
});

/** A page the way Next sends one from its cache: headers, then the whole body in one end(). */
const PAGE = `<!DOCTYPE html><html lang="fr"><body>${'<p>Valeur liquidative au 20 novembre 2026 : 104,03 €</p>'.repeat(200)}</body></html>`;

describe('responseEncoder on a real HTTP server', () => {
  let server: Server;
  let base: string;
  const cache = new ByteBoundedCache(4 * 1024 * 1024);
  const send = (res: ServerResponse, cacheControl: string, body: string, type = 'text/html; charset=utf-8') => {
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
  };

  beforeAll(async () => {
    const encode = responseEncoder({ cache });
    server = createServer((req, res) => {
      encode(req, res);
      if (req.url === '/cached') send(res, 's-maxage=300, stale-while-revalidate=31535700', PAGE);
      else if (req.url === '/private') send(res, 'private, no-cache, no-store, max-age=0, must-revalidate', PAGE);
      else if (req.url === '/by-profile') {
        // A page Next serves from its cache, marked private by the proxy (docs/decisions/045).
        res.setHeader('x-nextjs-cache', 'HIT');
        send(res, 'private, no-cache', PAGE);
      }
      else if (req.url === '/buffer') {
        res.setHeader('Cache-Control', 'public, max-age=60');
        res.setHeader('Content-Type', 'application/json');
        res.end(Buffer.from(JSON.stringify({ page: PAGE })));
      } else if (req.url === '/own-etag') {
        res.setHeader('ETag', '"v42"');
        send(res, 'public, max-age=60', PAGE);
      } else if (req.url === '/pdf') send(res, 'public, max-age=3600', PAGE, 'application/pdf');
      else if (req.url === '/streamed') {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.write(PAGE.slice(0, 5000));
        res.end(PAGE.slice(5000));
      } else send(res, 'private, no-store', 'missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** node:http, not fetch: fetch would decode the body and hide the encoding. */
  function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(base + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends a cacheable page compressed once per encoding, with a weak ETag and Vary: Accept-Encoding', async () => {
    const br = await get('/cached', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(br.headers.vary).toContain('Accept-Encoding');
    const bytesAfterFirst = cache.bytes;
    expect(bytesAfterFirst).toBe(PAGE.length * 2 + br.body.length);

    const again = await get('/cached', { 'accept-encoding': 'br' });
    expect(again.body.equals(br.body)).toBe(true);
    expect(cache.bytes).toBe(bytesAfterFirst); // served from the cache, not compressed again

    const gzip = await get('/cached', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(cache.bytes).toBe(bytesAfterFirst + gzip.body.length);
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    expect(gzip.headers.etag).toBe(br.headers.etag);

    const identity = await get('/cached');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Number(identity.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
    expect(identity.body.toString()).toBe(PAGE);
    expect(identity.headers.etag).toBe(br.headers.etag);
  });

  it('does the same for a body sent as a Buffer', async () => {
    const first = await get('/buffer', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(first.body).toString())).toEqual({ page: PAGE });
    const revalidated = await get('/buffer', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('keeps a validator the handler chose', async () => {
    const first = await get('/own-etag', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBe('"v42"');
    expect(first.headers['content-encoding']).toBe('br');
    expect((await get('/own-etag', { 'if-none-match': '"v42"' })).status).toBe(304);
  });

  it('compresses once and validates a page Next served from its cache that is private to shared caches', async () => {
    const before = cache.bytes;
    const first = await get('/by-profile', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(brotliDecompressSync(first.body).toString()).toBe(PAGE);
    const grown = cache.bytes;
    expect(grown).toBeGreaterThanOrEqual(before);
    expect((await get('/by-profile', { 'accept-encoding': 'br' })).body.equals(first.body)).toBe(true);
    expect(cache.bytes).toBe(grown);
    expect((await get('/by-profile', { 'if-none-match': String(first.headers.etag) })).status).toBe(304);
  });

  it('answers 304 without a body when the browser has the page', async () => {
    const first = await get('/cached', { 'accept-encoding': 'br' });
    const revalidated = await get('/cached', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    const changed = await get('/cached', { 'if-none-match': 'W/"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('leaves private, streamed and binary answers to on-the-fly compression, without an ETag', async () => {
    const privatePage = await get('/private', { 'accept-encoding': 'gzip' });
    expect(privatePage.headers['content-encoding']).toBe('gzip');
    expect(privatePage.headers.etag).toBeUndefined();
    expect(gunzipSync(privatePage.body).toString()).toBe(PAGE);

    const streamed = await get('/streamed', { 'accept-encoding': 'gzip' });
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(streamed.body).toString()).toBe(PAGE);

    const pdf = await get('/pdf', { 'accept-encoding': 'gzip, br' });
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.toString()).toBe(PAGE);

    const small = await get('/missing', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('missing');
  });
});

describe('responseEncoder: the CSP of a cached page names its own inline scripts (docs/decisions/028)', () => {
  let server: Server;
  let base: string;
  let inspected = 0;
  const SCRIPT = 'self.__next_f.push([1,"x"])';
  const STAMPED = `<!DOCTYPE html><html><head><script src="/a.js" async="" nonce="old"></script></head><body>${'<p>NAV 104,03 €</p>'.repeat(100)}<script nonce="old">${SCRIPT}</script><script>alert(1)</script></body></html>`;

  beforeAll(async () => {
    const encode = responseEncoder({
      cache: new ByteBoundedCache(1024 * 1024),
      inlineScripts: (html) => {
        inspected += 1;
        return inlineScriptSources(html);
      },
    });
    server = createServer((req, res) => {
      encode(req, res);
      res.setHeader('Content-Security-Policy', `default-src 'self'; script-src 'self' 'nonce-${req.url === '/other' ? 'b' : 'a'}'; object-src 'none'`);
      res.setHeader('Cache-Control', req.url === '/missing' ? 'private, no-cache, no-store, max-age=0, must-revalidate' : 's-maxage=300');
      res.setHeader('Content-Type', req.url === '/rsc' ? 'text/x-component' : 'text/html; charset=utf-8');
      // A not-found page Next serves from its cache: another status, not shareable, same stamped body.
      if (req.url === '/missing') res.statusCode = 404;
      res.end(req.url === '/missing' ? STAMPED.replace('NAV', 'Not found') : STAMPED);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('adds the hashes once per distinct body, keeps each answer its own nonce, and never hashes the unstamped script', async () => {
    const first = await fetch(`${base}/page`);
    const policy = first.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(`default-src 'self'; script-src 'self' 'nonce-a' ${scriptHash(SCRIPT)}; object-src 'none'`);
    expect(policy).not.toContain(scriptHash('alert(1)'));
    const other = await fetch(`${base}/other`, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(other.status).toBe(304);
    expect(other.headers.get('content-security-policy')).toBe(`default-src 'self'; script-src 'self' 'nonce-b' ${scriptHash(SCRIPT)}; object-src 'none'`);
    expect(inspected).toBe(1);
  });

  it('names the own scripts of a whole HTML body of another status too (a cached not-found page), never the unstamped one', async () => {
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    const policy = missing.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(`default-src 'self'; script-src 'self' 'nonce-a' ${scriptHash(SCRIPT)}; object-src 'none'`);
    expect(policy).not.toContain(scriptHash('alert(1)'));
  });

  it('leaves the policy of what is not HTML alone', async () => {
    expect((await fetch(`${base}/rsc`)).headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self' 'nonce-a'; object-src 'none'");
  });
});
