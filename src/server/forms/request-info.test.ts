import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { CLIENT_HEADER, clientAddress, clientHash, isCrossSitePost, requestLocale } from './request-info';

const headers = (init: Record<string, string>) => new Headers(init);

// env() is read once, on first use: the key is configured before any test runs.
process.env.CLIENT_HASH_SECRET = 'unit-test-key-0123456789';

describe('clientAddress', () => {
  it('reads only the header the production server always overwrites, never X-Forwarded-For', () => {
    expect(clientAddress(headers({ [CLIENT_HEADER]: '203.0.113.7' }))).toBe('203.0.113.7');
    expect(clientAddress(headers({ [CLIENT_HEADER]: '203.0.113.7', 'x-forwarded-for': '6.6.6.6' }))).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.7' }))).toBe('unknown');
    expect(clientAddress(headers({}))).toBe('unknown');
  });

  it('keeps a keyed hash of the address (HMAC-SHA-256 with CLIENT_HASH_SECRET), never the address', async () => {
    const hash = await clientHash('203.0.113.7');
    expect(hash).toBe(createHmac('sha256', 'unit-test-key-0123456789').update('203.0.113.7').digest('hex'));
    expect(hash).not.toBe(createHash('sha256').update('203.0.113.7').digest('hex'));
    expect(await clientHash('203.0.113.8')).not.toBe(hash);
  });
});

describe('requestLocale', () => {
  it('uses the locale field, then Accept-Language by preference, then fr', () => {
    expect(requestLocale('es', headers({ 'accept-language': 'en' }))).toBe('es');
    expect(requestLocale('de', headers({ 'accept-language': 'de-DE,en;q=0.8,es;q=0.9' }))).toBe('es');
    expect(requestLocale(null, headers({ 'accept-language': 'en-GB' }))).toBe('en');
    expect(requestLocale(null, headers({ 'accept-language': 'de;q=1, it;q=0.5' }))).toBe('fr');
    expect(requestLocale(null, headers({}))).toBe('fr');
  });
});

describe('isCrossSitePost', () => {
  const BASE = 'https://www.fundhouse.example';
  const URL_SEEN = 'http://10.0.0.4:3000/api/forms/contact';
  const crossSite = (init: Record<string, string>) => isCrossSitePost(headers(init), URL_SEEN, BASE);

  it('accepts the public origin, the host the request was sent to, and requests without Origin', () => {
    expect(crossSite({ origin: BASE })).toBe(false);
    expect(crossSite({ origin: 'https://WWW.fundhouse.example' })).toBe(false);
    expect(crossSite({ origin: 'http://intranet.local:3000', host: 'intranet.local:3000' })).toBe(false);
    expect(crossSite({ origin: 'http://10.0.0.4:3000' })).toBe(false);
    expect(crossSite({})).toBe(false);
    expect(crossSite({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(crossSite({ 'sec-fetch-site': 'none' })).toBe(false);
  });

  it('refuses another origin, an opaque one, and what the browser says is cross-site', () => {
    expect(crossSite({ origin: 'https://evil.example' })).toBe(true);
    expect(crossSite({ origin: 'http://www.fundhouse.example' })).toBe(true);
    expect(crossSite({ origin: 'https://www.fundhouse.example.evil.example' })).toBe(true);
    expect(crossSite({ origin: 'https://www.fundhouse.example:8443' })).toBe(true);
    expect(crossSite({ origin: 'null' })).toBe(true);
    expect(crossSite({ origin: 'https://evil.example', host: 'www.fundhouse.example' })).toBe(true);
    expect(crossSite({ origin: BASE, 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(crossSite({ 'sec-fetch-site': 'Cross-Site' })).toBe(true);
  });
});
