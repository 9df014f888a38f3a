import { describe, expect, it } from 'vitest';
import { captchaConfigError, judgeSiteverify } from './captcha';

describe('captchaConfigError (SPEC §5: v3 needs a site key and a version)', () => {
  it('names what is missing, the key first', () => {
    expect(captchaConfigError({ siteKey: null, version: 3 })).toBe('noKey');
    expect(captchaConfigError({ siteKey: '', version: null })).toBe('noKey');
    expect(captchaConfigError({ siteKey: 'key', version: null })).toBe('noVersion');
    expect(captchaConfigError({ siteKey: 'key', version: 3 })).toBeNull();
  });
});

describe('judgeSiteverify', () => {
  it('accepts a successful token of the same action with a score of at least 0.5', () => {
    expect(judgeSiteverify({ success: true, score: 0.9, action: 'contact' }, 'contact')).toEqual({ ok: true, score: 0.9 });
    expect(judgeSiteverify({ success: true, score: 0.5, action: 'contact' }, 'contact').ok).toBe(true);
  });

  it('refuses a failed token, another action’s token and a low score', () => {
    expect(judgeSiteverify({ success: false, 'error-codes': ['invalid-input-response'] }, 'contact')).toEqual({ ok: false, reason: 'invalid-input-response' });
    expect(judgeSiteverify({ success: true, score: 0.9, action: 'career' }, 'contact').ok).toBe(false);
    expect(judgeSiteverify({ success: true, score: 0.3, action: 'contact' }, 'contact').ok).toBe(false);
    expect(judgeSiteverify({}, 'contact').ok).toBe(false);
  });
});
