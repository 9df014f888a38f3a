import { describe, expect, it } from 'vitest';
import { assignClientHeader, CLIENT_HEADER, clientAddress, isTrusted, normalizeAddress, parseTrustedProxies } from './client-address.mjs';
import { CLIENT_HEADER as APP_CLIENT_HEADER } from '../src/server/forms/request-info';

describe('normalizeAddress', () => {
  it('keeps addresses, unwraps IPv4-mapped IPv6, drops ports, brackets and zones', () => {
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress(' ::FFFF:203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeAddress('203.0.113.7:5678')).toBe('203.0.113.7');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', 'unknown', '999.1.1.1', 'example.com', '1.2.3', '::ffff:1.2.3', undefined, null]) expect(normalizeAddress(bad)).toBeNull();
  });
});

describe('parseTrustedProxies', () => {
  it('reads nothing as "trust no proxy"', () => {
    expect(parseTrustedProxies(undefined)).toBeNull();
    expect(parseTrustedProxies('  ')).toBeNull();
  });

  it('reads a number of hops', () => {
    expect(parseTrustedProxies('1')).toEqual({ hops: 1 });
    expect(parseTrustedProxies(' 2 ')).toEqual({ hops: 2 });
  });

  it('reads IPv4 and IPv6 addresses and ranges, and matches them', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 127.0.0.1/32,192.0.2.5, fd00::/8, ::1');
    expect(trusted && 'entries' in trusted ? trusted.entries : null).toEqual(['10.0.0.0/8', '127.0.0.1/32', '192.0.2.5/32', 'fd00::/8', '::1/128']);
    expect(isTrusted(trusted, '10.200.3.4')).toBe(true);
    expect(isTrusted(trusted, '11.0.0.1')).toBe(false);
    expect(isTrusted(trusted, '127.0.0.1')).toBe(true);
    expect(isTrusted(trusted, '127.0.0.2')).toBe(false);
    expect(isTrusted(trusted, '192.0.2.5')).toBe(true);
    expect(isTrusted(trusted, 'fd12:3456::1')).toBe(true);
    expect(isTrusted(trusted, 'fe80::1')).toBe(false);
    expect(isTrusted(trusted, '::1')).toBe(true);
    expect(isTrusted(trusted, null)).toBe(false);
  });

  it('refuses a bad entry, naming it', () => {
    expect(() => parseTrustedProxies('0')).toThrow(/between 1 and 32/);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/"10\.0\.0\.0\/33"/);
    expect(() => parseTrustedProxies('10.0.0.0/8,proxy.internal')).toThrow(/"proxy\.internal"/);
    expect(() => parseTrustedProxies('fd00::/129')).toThrow(/fd00::\/129/);
    expect(() => parseTrustedProxies('10.0.0.0/8/1')).toThrow(/10\.0\.0\.0\/8\/1/);
    expect(() => parseTrustedProxies('10.0.0.0/')).toThrow();
  });
});

describe('clientAddress', () => {
  it('without trusted proxies, is the socket address and ignores X-Forwarded-For entirely', () => {
    expect(clientAddress('::ffff:198.51.100.2', '6.6.6.6', null)).toBe('198.51.100.2');
    expect(clientAddress('198.51.100.2', '6.6.6.6, 7.7.7.7', null)).toBe('198.51.100.2');
    expect(clientAddress('2001:db8::9', undefined, null)).toBe('2001:db8::9');
    expect(clientAddress(undefined, '6.6.6.6', null)).toBe('unknown');
  });

  it('with a number of hops, takes what the outermost trusted proxy appended, whatever the client claimed', () => {
    const one = parseTrustedProxies('1');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7', one)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '203.0.113.7', one)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', ['6.6.6.6', '203.0.113.7'], one)).toBe('203.0.113.7');
    const two = parseTrustedProxies('2');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7, 172.16.0.9', two)).toBe('203.0.113.7');
    // Fewer entries than hops (a request that skipped the CDN): the leftmost is as far as anyone knows.
    expect(clientAddress('10.0.0.2', '203.0.113.7', two)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', undefined, two)).toBe('10.0.0.2');
  });

  it('with ranges, walks X-Forwarded-For from the right skipping trusted hops', () => {
    const ranges = parseTrustedProxies('10.0.0.0/8,127.0.0.1/32,fd00::/8');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3', ranges)).toBe('203.0.113.7');
    expect(clientAddress('fd00::5', '2001:db8::7', ranges)).toBe('2001:db8::7');
    expect(clientAddress('::ffff:10.0.0.4', '[2001:db8::7]:51000', ranges)).toBe('2001:db8::7');
    // A peer outside the ranges is the client, whatever it wrote in the header.
    expect(clientAddress('198.51.100.2', '203.0.113.7', ranges)).toBe('198.51.100.2');
    // A client cannot hide behind a forged trusted-looking entry: it is skipped, the real client stays.
    expect(clientAddress('10.0.0.2', '10.9.9.9, 203.0.113.7', ranges)).toBe('203.0.113.7');
    // Only trusted hops (a health check from inside): the leftmost one.
    expect(clientAddress('127.0.0.1', '10.0.0.3', ranges)).toBe('10.0.0.3');
    // Garbage appended after our proxies: the last trusted hop, not the garbage.
    expect(clientAddress('10.0.0.2', 'not-an-ip', ranges)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', 'evil, 10.0.0.8', ranges)).toBe('10.0.0.8');
  });

  it('is carried in the header the app reads, always overwritten', () => {
    expect(CLIENT_HEADER).toBe(APP_CLIENT_HEADER);
    const forged = { socket: { remoteAddress: '::ffff:198.51.100.2' }, headers: { [CLIENT_HEADER]: '6.6.6.6', 'x-forwarded-for': '7.7.7.7' } as Record<string, string> };
    expect(assignClientHeader(forged, null)).toBe('198.51.100.2');
    expect(forged.headers[CLIENT_HEADER]).toBe('198.51.100.2');
    const proxied = { socket: { remoteAddress: '10.0.0.2' }, headers: { [CLIENT_HEADER]: '6.6.6.6', 'x-forwarded-for': '7.7.7.7, 203.0.113.7' } as Record<string, string> };
    assignClientHeader(proxied, parseTrustedProxies('10.0.0.0/8'));
    expect(proxied.headers[CLIENT_HEADER]).toBe('203.0.113.7');
  });
});
