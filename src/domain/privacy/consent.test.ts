import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE, cookieAssignment, DISCLAIMER_MAX_AGE, NO_CONSENT, parseConsent, PROFILE_MAX_AGE, readCookie, readDecodedCookie, serializeConsent } from './consent';

describe('consent cookie', () => {
  it('round-trips a choice and marks it recorded', () => {
    const value = serializeConsent({ video: true }, new Date('2026-11-21T10:00:00Z'));
    expect(parseConsent(value)).toEqual({ recorded: true, video: true, captcha: true });
    expect(parseConsent(serializeConsent({ video: false }, new Date()))).toEqual({ recorded: true, video: false, captcha: true });
  });

  it('treats absent, unreadable or foreign values as no choice (video off, captcha on)', () => {
    for (const value of [undefined, null, '', 'yes', '%7B', encodeURIComponent('{"video":true}'), encodeURIComponent('[1]')]) {
      expect(parseConsent(value)).toEqual(NO_CONSENT);
    }
  });

  it('uses the lifetimes of docs/product.md §9', () => {
    expect(CONSENT_MAX_AGE).toBe(182 * 86400);
    expect(PROFILE_MAX_AGE).toBe(30 * 86400);
    expect(DISCLAIMER_MAX_AGE).toBe(30 * 86400);
  });

  it('reads one cookie among several and writes site-wide assignments', () => {
    expect(readCookie('a=1; cookie_consent=x%20y; b=2', 'cookie_consent')).toBe('x%20y');
    expect(readCookie('a=1', 'cookie_consent')).toBeUndefined();
    expect(readCookie(null, 'x')).toBeUndefined();
    expect(readCookie('xinvestor_profile=1; =2', 'investor_profile')).toBeUndefined();
    expect(readDecodedCookie('a=1; apollo-token=abc%20def', 'apollo-token')).toBe('abc def');
    expect(readDecodedCookie('investor_profile=%E0%A4%A', 'investor_profile')).toBe('%E0%A4%A');
    expect(readDecodedCookie(undefined, 'x')).toBeUndefined();
    expect(cookieAssignment('investor_profile', 'CGP', 2592000, true)).toBe('investor_profile=CGP; Path=/; Max-Age=2592000; SameSite=Lax; Secure');
    expect(cookieAssignment('investor_profile', 'CGP', 'session', false)).toBe('investor_profile=CGP; Path=/; SameSite=Lax');
  });
});
