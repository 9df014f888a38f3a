import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { DISCLAIMER_SCRIPT } from '@/domain/content/disclaimer-script';
import { adminContentSecurityPolicy, consentedServices, contentSecurityPolicy, CSP_REPORT_PATH, newNonce, strictTransportSecurity } from './security-headers';

const PRODUCTION = { nonce: 'bm9uY2U=', production: true, https: true };
const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
const video = encodeURIComponent(JSON.stringify({ v: 1, video: true, at: '2026-11-21' }));

describe('content security policy', () => {
  it('admits the reCAPTCHA hosts only when reCAPTCHA is configured', () => {
    const without = contentSecurityPolicy(consentedServices(undefined, false), PRODUCTION);
    expect(without).not.toContain('google.com');
    expect(without).not.toContain('gstatic.com');
    expect(without).toContain("frame-src 'none'");
    const withCaptcha = contentSecurityPolicy(consentedServices(undefined, true), PRODUCTION);
    expect(scriptSrc(withCaptcha)).toMatch(/^script-src 'self' 'nonce-bm9uY2U=' 'sha256-[^']+' https:\/\/www\.google\.com https:\/\/www\.gstatic\.com$/);
    expect(withCaptcha).toContain('frame-src https://www.google.com https://recaptcha.google.com');
  });

  it('admits the video hosts only once the visitor turned video on', () => {
    expect(consentedServices(undefined, true)).toEqual(['captcha']);
    expect(consentedServices(video, true)).toEqual(['captcha', 'video']);
    expect(consentedServices(video, false)).toEqual(['video']);
    expect(contentSecurityPolicy(consentedServices(video, false), PRODUCTION)).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
  });
});

describe('strict content security policy (docs/decisions/028)', () => {
  it('never allows inline scripts or eval in production: only this nonce and the disclaimer preview by its hash', () => {
    for (const services of [[], ['captcha'], ['captcha', 'video']] as const) {
      for (const https of [true, false]) {
        const policy = contentSecurityPolicy([...services], { ...PRODUCTION, https });
        expect(scriptSrc(policy)).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*|data:|blob:|https?: |https?:$/);
        expect(policy).toContain("object-src 'none'");
        expect(policy).toContain("base-uri 'self'");
        expect(policy.includes('upgrade-insecure-requests')).toBe(https);
      }
    }
    const admin = adminContentSecurityPolicy('bm9uY2U=', true, true);
    expect(scriptSrc(admin)).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  it('allows the disclaimer popup script by the hash of its exact text', () => {
    const hash = `'sha256-${createHash('sha256').update(DISCLAIMER_SCRIPT).digest('base64')}'`;
    expect(scriptSrc(contentSecurityPolicy([], PRODUCTION))).toContain(hash);
    expect(scriptSrc(adminContentSecurityPolicy('bm9uY2U=', true, true))).toContain(hash);
  });

  it('keeps eval for the development server only', () => {
    expect(scriptSrc(contentSecurityPolicy([], { ...PRODUCTION, production: false }))).toContain("'unsafe-eval'");
    expect(scriptSrc(contentSecurityPolicy([], { ...PRODUCTION, https: false }))).not.toContain("'unsafe-eval'");
  });

  it('reports violations to the same-origin endpoint, by report-uri and report-to', () => {
    const policy = contentSecurityPolicy([], PRODUCTION);
    expect(policy).toContain(`report-uri ${CSP_REPORT_PATH}`);
    expect(policy).toContain('report-to csp');
  });

  it('makes a new nonce every time, in the characters Next accepts', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{16,}={0,2}$/);
  });
});

describe('strict transport security', () => {
  it('covers the subdomains by default and asks for preload only when configured', () => {
    expect(strictTransportSecurity({ HSTS_INCLUDE_SUBDOMAINS: true, HSTS_PRELOAD: false })).toBe('max-age=63072000; includeSubDomains');
    expect(strictTransportSecurity({ HSTS_INCLUDE_SUBDOMAINS: false, HSTS_PRELOAD: false })).toBe('max-age=63072000');
    expect(strictTransportSecurity({ HSTS_INCLUDE_SUBDOMAINS: true, HSTS_PRELOAD: true })).toBe('max-age=63072000; includeSubDomains; preload');
    // The preload lists refuse a policy without includeSubDomains.
    expect(strictTransportSecurity({ HSTS_INCLUDE_SUBDOMAINS: false, HSTS_PRELOAD: true })).toBe('max-age=63072000; includeSubDomains; preload');
  });
});
