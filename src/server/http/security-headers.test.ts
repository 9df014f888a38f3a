import { describe, expect, it } from 'vitest';
import { consentedServices, contentSecurityPolicy, strictTransportSecurity } from './security-headers';

const video = encodeURIComponent(JSON.stringify({ v: 1, video: true, at: '2026-11-21' }));

describe('content security policy', () => {
  it('admits the reCAPTCHA hosts only when reCAPTCHA is configured', () => {
    const without = contentSecurityPolicy(consentedServices(undefined, false), true);
    expect(without).not.toContain('google.com');
    expect(without).not.toContain('gstatic.com');
    expect(without).toContain("frame-src 'none'");
    const withCaptcha = contentSecurityPolicy(consentedServices(undefined, true), true);
    expect(withCaptcha).toContain("script-src 'self' 'unsafe-inline' https://www.google.com https://www.gstatic.com");
    expect(withCaptcha).toContain('frame-src https://www.google.com https://recaptcha.google.com');
  });

  it('admits the video hosts only once the visitor turned video on', () => {
    expect(consentedServices(undefined, true)).toEqual(['captcha']);
    expect(consentedServices(video, true)).toEqual(['captcha', 'video']);
    expect(consentedServices(video, false)).toEqual(['video']);
    expect(contentSecurityPolicy(consentedServices(video, false), true)).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
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
