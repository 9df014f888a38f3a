import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, INVESTOR_PROFILES } from '../investor-profiles';
import { SUPPORTED_LOCALES } from '../language/locale';
import { CONSENT_COOKIE, LOCALE_COOKIE_MAX_AGE, parseConsent, PROFILE_COOKIE, readCookie, readDecodedCookie, serializeConsent } from '../privacy/consent';
import { COUNTRY_COOKIE, countryFromCookie } from '../registrations/audience';
import {
  audienceKey,
  audienceVcl,
  cacheAudience,
  CANONICAL_VIDEO_CONSENT,
  canonicalCookie,
  localeCookieToSet,
  pathLocale,
  varnishCookies,
  VCL_BEGIN,
  VCL_END,
  videoConsentPattern,
  withAudienceVcl,
  type CacheAudience,
} from './audience-key';

const video = (at: string) => serializeConsent({ video: true }, new Date(at));

describe('cacheAudience: what the shared cache keys a page on', () => {
  it('takes the profile when it is one, else the default, as the proxy does', () => {
    for (const profile of INVESTOR_PROFILES) expect(cacheAudience(`investor_profile=${profile}`, '/fr').profile).toBe(profile);
    for (const cookie of [undefined, '', 'investor_profile=ADMIN', 'investor_profile=instit', 'investor_profile=', 'investor_profile=INSTIT%20']) {
      expect(cacheAudience(cookie, '/fr').profile, String(cookie)).toBe(DEFAULT_PROFILE);
    }
  });

  it('takes a well-formed country, else none (the app then uses its default)', () => {
    expect(cacheAudience('investor_country=LU', '/fr').country).toBe('LU');
    expect(cacheAudience('investor_country=INT', '/fr').country).toBe('INT');
    // Unknown to the site but well formed: its own entry, holding the default country's page.
    expect(cacheAudience('investor_country=ZZ', '/fr').country).toBe('ZZ');
    for (const bad of ['lu', 'LUX', 'L', '', '../FR', '%46R', 'F R']) expect(cacheAudience(`investor_country=${bad}`, '/fr').country, bad).toBeNull();
  });

  it('reads video consent only from what serializeConsent writes, encoded or not', () => {
    expect(cacheAudience(`cookie_consent=${video('2026-11-21')}`, '/fr').video).toBe(true);
    expect(cacheAudience(`cookie_consent=${decodeURIComponent(video('2026-11-21'))}`, '/fr').video).toBe(true);
    expect(cacheAudience(`cookie_consent=${CANONICAL_VIDEO_CONSENT}`, '/fr').video).toBe(true);
    expect(cacheAudience(`cookie_consent=${serializeConsent({ video: false }, new Date('2026-11-21'))}`, '/fr').video).toBe(false);
    expect(cacheAudience(undefined, '/fr').video).toBe(false);
  });

  it('never counts as video on a value parseConsent reads as off (the pattern is strict, never loose)', () => {
    const pattern = new RegExp(videoConsentPattern());
    const base = decodeURIComponent(video('2026-11-21'));
    const values = new Set<string>();
    // Every value serializeConsent can write, and mutations of them: one character dropped, doubled, or replaced.
    for (const day of ['2026-01-01', '2026-11-21', '1999-12-31']) {
      for (const on of [true, false]) {
        const value = serializeConsent({ video: on }, new Date(day));
        values.add(value);
        values.add(decodeURIComponent(value));
      }
    }
    for (const seed of [base, encodeURIComponent(base), CANONICAL_VIDEO_CONSENT]) {
      for (let i = 0; i < seed.length; i++) {
        values.add(seed.slice(0, i) + seed.slice(i + 1));
        values.add(seed.slice(0, i) + seed[i] + seed.slice(i));
        for (const c of ['0', '2', '"', '%', ' ', 'f', '}', ',']) values.add(seed.slice(0, i) + c + seed.slice(i + 1));
      }
    }
    let accepted = 0;
    for (const value of values) {
      if (!pattern.test(value)) continue;
      accepted += 1;
      expect(parseConsent(value).video, value).toBe(true);
    }
    expect(accepted).toBeGreaterThan(4);
    // What the pattern leaves out although parseConsent reads video on: such a visitor is served, and the app renders, the page without video.
    for (const loose of ['{"video":true,"v":1}', '{"v":1, "video":true}', '%7b%22v%22%3a1%2c%22video%22%3atrue%7d']) {
      expect(parseConsent(loose).video, loose).toBe(true);
      expect(pattern.test(loose), loose).toBe(false);
    }
  });

  it('reads consent on pages only: a document or a redirect does not depend on it', () => {
    const consent = `cookie_consent=${video('2026-11-21')}`;
    expect(cacheAudience(consent, '/en/funds').video).toBe(true);
    expect(cacheAudience(consent, '/e/en/docs/funds/aurore/KID').video).toBe(false);
    expect(cacheAudience(consent, '/').video).toBe(false);
  });

  it("takes a document's language from its path, not from the visitor's cookie", () => {
    expect(cacheAudience('i18n_redirected=es', '/e/en/docs/funds/aurore/KID').locale).toBe('en');
    expect(cacheAudience('i18n_redirected=es', '/e/de/docs/funds/aurore/KID').locale).toBe('es');
  });

  it('takes the language from the path, else from the language cookie when it names a locale', () => {
    expect(cacheAudience('i18n_redirected=fr', '/en/funds').locale).toBe('en');
    expect(cacheAudience(undefined, '/es').locale).toBe('es');
    expect(cacheAudience(undefined, '/fr?x=1').locale).toBe('fr');
    expect(cacheAudience('i18n_redirected=es', '/').locale).toBe('es');
    expect(cacheAudience('i18n_redirected=de', '/').locale).toBeNull();
    expect(cacheAudience(undefined, '/frx').locale).toBeNull();
    expect(pathLocale('/english')).toBeNull();
    for (const locale of SUPPORTED_LOCALES) expect(pathLocale(`/${locale}/x`)).toBe(locale);
  });

  it('is split by no other cookie: analytics, the disclaimer, the session', () => {
    const plain = cacheAudience('investor_profile=INSTIT; investor_country=LU', '/fr/fonds');
    for (const noise of ['_ga=GA1.2.123.456', '_gid=GA1.2.9', 'disclaimer_validated=true', 'better-auth.session_token=x', 'flag']) {
      expect(cacheAudience(`${noise}; investor_profile=INSTIT; ${noise}; investor_country=LU; ${noise}`, '/fr/fonds'), noise).toEqual(plain);
    }
  });
});

describe('varnishCookies: a Cookie header as Varnish reads it', () => {
  it('keeps the last of a repeated cookie, values as written, and skips parts without a value', () => {
    expect([...varnishCookies('a=1; b=2; a=3')]).toEqual([
      ['a', '3'],
      ['b', '2'],
    ]);
    expect(varnishCookies('x=%7B%22v%22; y={"v":1}').get('y')).toBe('{"v":1}');
    expect(varnishCookies('flag; investor_profile=CGP; other').get('investor_profile')).toBe('CGP');
    expect(varnishCookies('investor_profile=; b=').size).toBe(0);
    expect(varnishCookies('a=b=c').get('a')).toBe('b=c');
    expect(varnishCookies(undefined).size).toBe(0);
  });
});

describe('canonicalCookie: the only cookies the app gets on a request the cache may answer', () => {
  const audiences: CacheAudience[] = [];
  for (const profile of INVESTOR_PROFILES) for (const country of ['FR', 'INT', null]) for (const on of [true, false]) for (const locale of [...SUPPORTED_LOCALES, null]) audiences.push({ profile, country, video: on, locale });

  it('makes the app render the audience of the key', () => {
    for (const audience of audiences) {
      const cookie = canonicalCookie(audience);
      expect(readCookie(cookie, PROFILE_COOKIE)).toBe(audience.profile);
      expect(countryFromCookie(readDecodedCookie(cookie, COUNTRY_COOKIE), undefined, 'DEFAULT')).toBe(audience.country ?? 'DEFAULT');
      expect(parseConsent(readCookie(cookie, CONSENT_COOKIE)).video).toBe(audience.video);
      expect(readCookie(cookie, 'i18n_redirected') ?? null).toBe(audience.locale);
      // Read back by the cache itself, the canonical cookie is its own key.
      if (audience.locale) expect(cacheAudience(cookie, `/${audience.locale}/x`)).toEqual(audience);
    }
  });

  it('gives every audience its own key', () => {
    expect(new Set(audiences.map(audienceKey)).size).toBe(audiences.length);
  });
});

describe('localeCookieToSet: the language cookie next-intl would have set', () => {
  it('is set on a page of a locale when the visitor has another or none, for a document request only', () => {
    expect(localeCookieToSet(undefined, '/en/funds', undefined)).toBe('en');
    expect(localeCookieToSet('i18n_redirected=fr', '/en/funds', 'document')).toBe('en');
    expect(localeCookieToSet('i18n_redirected=en', '/en/funds', undefined)).toBeNull();
    expect(localeCookieToSet('i18n_redirected=fr', '/en/funds', 'empty')).toBeNull();
    expect(localeCookieToSet('i18n_redirected=fr', '/', undefined)).toBeNull();
    expect(localeCookieToSet('i18n_redirected=fr', '/en/rss.xml', undefined)).toBeNull();
  });
});

describe('audienceVcl: the generated block of deploy/varnish.vcl', () => {
  const block = audienceVcl();

  it('is written from the domain constants', () => {
    expect(block.startsWith(VCL_BEGIN)).toBe(true);
    expect(block.endsWith(VCL_END)).toBe(true);
    expect(block).toContain(`{"^(?:${INVESTOR_PROFILES.join('|')})$"}`);
    expect(block).toContain(`{"${DEFAULT_PROFILE}"}`);
    expect(block).toContain('{"^(?:[A-Z]{2}|INT)$"}');
    expect(block).toContain(`{"^/(${SUPPORTED_LOCALES.join('|')})(?:[/?]|$)"}`);
    for (const name of [PROFILE_COOKIE, COUNTRY_COOKIE, CONSENT_COOKIE, 'i18n_redirected']) expect(block).toContain(`cookie.get({"${name}"})`);
    expect(block).toContain(`Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=lax`);
    expect(block).toContain(`(now + ${LOCALE_COOKIE_MAX_AGE}s)`);
  });

  it('replaces only what lies between its markers', () => {
    const vcl = `vcl 4.1;\nbefore\n${VCL_BEGIN}\nold\n${VCL_END}\nafter\n`;
    expect(withAudienceVcl(vcl)).toBe(`vcl 4.1;\nbefore\n${block}\nafter\n`);
    expect(withAudienceVcl(withAudienceVcl(vcl))).toBe(withAudienceVcl(vcl));
    expect(() => withAudienceVcl('vcl 4.1;\n')).toThrow(/no block/);
  });
});
