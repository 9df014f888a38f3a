import { describe, expect, it } from 'vitest';
import { captchaConfigError, judgeSiteverify } from './captcha';

describe('captchaConfigError (docs/product.md §5: v3 needs a site key and a version)', () => {
  it('names what is missing, the key first', () => {
    expect(captchaConfigError({ siteKey: null, version: 3 })).toBe('noKey');
    expect(captchaConfigError({ siteKey: '', version: null })).toBe('noKey');
    expect(captchaConfigError({ siteKey: 'key', version: null })).toBe('noVersion');
    expect(captchaConfigError({ siteKey: 'key', version: 3 })).toBeNull();
  });
});

describe('judgeSiteverify', () => {
  const SITE = 'www.fundhouse.example';
  const ours = { hostname: SITE };

  it('accepts a successful token of the same action, solved on this site, with a score of at least 0.5', () => {
    expect(judgeSiteverify({ ...ours, success: true, score: 0.9, action: 'contact' }, 'contact', SITE)).toEqual({ ok: true, score: 0.9 });
    expect(judgeSiteverify({ ...ours, success: true, score: 0.5, action: 'contact' }, 'contact', SITE).ok).toBe(true);
    expect(judgeSiteverify({ hostname: 'WWW.FundHouse.example', success: true, score: 0.9, action: 'contact' }, 'contact', SITE).ok).toBe(true);
  });

  it('refuses a failed token, another action’s token and a low score', () => {
    expect(judgeSiteverify({ success: false, 'error-codes': ['invalid-input-response'] }, 'contact', SITE)).toEqual({ ok: false, reason: 'invalid-input-response' });
    expect(judgeSiteverify({ ...ours, success: true, score: 0.9, action: 'career' }, 'contact', SITE).ok).toBe(false);
    expect(judgeSiteverify({ ...ours, success: true, score: 0.3, action: 'contact' }, 'contact', SITE).ok).toBe(false);
    expect(judgeSiteverify({}, 'contact', SITE).ok).toBe(false);
  });

  it('refuses a token solved on another site, or whose answer names no site', () => {
    expect(judgeSiteverify({ hostname: 'harvester.example', success: true, score: 0.9, action: 'contact' }, 'contact', SITE)).toEqual({
      ok: false,
      reason: `hostname harvester.example, expected ${SITE}`,
    });
    expect(judgeSiteverify({ hostname: `${SITE}.evil.example`, success: true, score: 0.9, action: 'contact' }, 'contact', SITE).ok).toBe(false);
    expect(judgeSiteverify({ success: true, score: 0.9, action: 'contact' }, 'contact', SITE)).toEqual({ ok: false, reason: `hostname (none), expected ${SITE}` });
  });
});
