/**
 * The audience a shared cache (Varnish, deploy/varnish.vcl) keys a page on, and the cookies it hands
 * the app in place of the visitor's (docs/decisions/056, docs/operations.md "Shared cache"). This one
 * table, built from the constants the proxy and the browser code use, is written into the VCL by
 * `npm run varnish:vcl` (scripts/varnish-vcl.ts) between two marker lines, and a test fails when the
 * file and this generator part ways. The same normalisation in TypeScript (`cacheAudience`) is what
 * the tests compare Varnish with. Pure.
 *
 * What decides a page's body, and so the key (with the URL and the host):
 * - the investor profile: the cookie's value when it is a profile, else DEFAULT_PROFILE (as src/proxy.ts);
 * - the country of residence: the cookie's value when it is well formed, else none (the app then uses
 *   its DEFAULT_COUNTRY). The VCL cannot know the database's list of countries: a well-formed code the
 *   site does not list gets an entry of its own holding the default country's page, right for that
 *   visitor, at most one entry per code and page (26² + 1 codes), never another country's page;
 * - on a page (a path under a locale), whether the `video` consent service is on: it adds the video
 *   player's origin to the CSP's frame-src (src/server/http/security-headers.ts). Varnish reads it
 *   with a strict pattern that accepts only what serializeConsent writes (percent-encoded, or
 *   decoded); anything the pattern leaves out counts as no video, and since the app is then sent no
 *   consent cookie, it renders exactly that. Elsewhere (documents under /e/, `/`) it is not read: no
 *   split, and the app is sent no consent cookie;
 * - the language: a page's or a document's from its path; elsewhere (`/`, whose redirect picks the
 *   language from it) the visitor's language cookie when it names a locale.
 * The disclaimer cookie is not in the key: the disclaimer popup is in every page and a script opens it
 * (docs/decisions/049). Analytics and every other cookie are dropped.
 *
 * The app never sees the visitor's own cookies on a request the cache may answer: Varnish replaces the
 * Cookie header with `canonicalCookie(audience)`, so the body the app renders is by construction the
 * body of the key, whatever duplicate or odd cookies a visitor sends.
 */
import { DEFAULT_PROFILE, INVESTOR_PROFILES, type InvestorProfile } from '../investor-profiles';
import { SUPPORTED_LOCALES, type Locale } from '../language/locale';
import { CONSENT_COOKIE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, PROFILE_COOKIE } from '../privacy/consent';
import { COUNTRY_CODE_PATTERN, COUNTRY_COOKIE } from '../registrations/audience';

export type CacheAudience = {
  profile: InvestorProfile;
  /** A well-formed country code, or null: the app's default country. */
  country: string | null;
  video: boolean;
  /** The locale of the path (a page's or a document's), else the visitor's language cookie when it names one, else null. */
  locale: Locale | null;
};

/** The lines around the generated block in deploy/varnish.vcl. */
export const VCL_BEGIN = '# BEGIN generated audience: `npm run varnish:vcl` writes this block from src/domain/cache/audience-key.ts; do not edit it by hand.';
export const VCL_END = '# END generated audience';

/** The consent cookie the app is sent when video is on: what serializeConsent writes, without the date. */
export const CANONICAL_VIDEO_CONSENT = encodeURIComponent(JSON.stringify({ v: 1, video: true }));

function regexLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * The consent values counted as "video on": serializeConsent's output with `video: true`, its date
 * optional, percent-encoded (as the browser writes it) or decoded. Every value it accepts is one
 * parseConsent reads as video on (a unit test checks it); key order, spaces or other fields are not
 * accepted, and such a visitor sees the site as without video consent.
 */
export function videoConsentPattern(): string {
  const form = (encode: (s: string) => string) =>
    `${regexLiteral(encode('{"v":1,"video":true'))}(?:${regexLiteral(encode(',"at":"'))}[0-9]{4}-[0-9]{2}-[0-9]{2}${regexLiteral(encode('"'))})?${regexLiteral(encode('}'))}`;
  return `^(?:${form(encodeURIComponent)}|${form((s) => s)})$`;
}

/** A page's locale at the start of a URL (`/fr`, `/fr/…`, `/fr?…`), in the first group. */
export function pathLocalePattern(): string {
  return `^/(${SUPPORTED_LOCALES.join('|')})(?:[/?]|$)`;
}

/** A document's or data file's locale (`/e/fr/docs/…`, src/app/e/[locale]), in the first group. */
export function documentLocalePattern(): string {
  return `^/e/(${SUPPORTED_LOCALES.join('|')})/`;
}

/** Paths that are files, not pages: the proxy does not hand them to next-intl, which then sets no language cookie (src/proxy.ts NOT_A_PAGE). */
export const FILE_PATH_PATTERN = '^[^?]*\\.[A-Za-z0-9]+(?:\\?|$)';

/** C's isspace, what vmod_cookie skips before a name. */
const SPACE = new Set([' ', '\t', '\n', '\v', '\f', '\r']);

/**
 * Parts of a Cookie header with no `=` (a browser sends `document.cookie = "flag"` as `flag`): removed
 * before vmod_cookie reads the header, which would otherwise take `flag; investor_profile` for the
 * name of the next cookie and lose it.
 */
export const VALUELESS_COOKIE_PATTERN = '(?:^|;)[^;=]*(?=;|$)';
const LEADING_SEPARATORS = '^[;\\s]+';

/**
 * The cookies of a Cookie header as deploy/varnish.vcl reads them: parts without `=` removed (above),
 * then as Varnish 7.1's vmod_cookie parses (vmod/vmod_cookie.c, `parse`): spaces skipped before a
 * name, the name up to the next `=`, the value up to the next `;`, kept as written (not decoded, not
 * trimmed); empty names and values ignored; a repeated name keeps its first place and its last value.
 */
export function varnishCookies(raw: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const header = raw?.replace(new RegExp(VALUELESS_COOKIE_PATTERN, 'g'), '').replace(new RegExp(LEADING_SEPARATORS), '');
  if (!header) return cookies;
  let p = 0;
  while (p < header.length) {
    while (p < header.length && SPACE.has(header[p] ?? '')) p += 1;
    const eq = header.indexOf('=', p);
    if (eq < 0) break;
    const name = header.slice(p, eq);
    const semicolon = header.indexOf(';', eq + 1);
    const value = header.slice(eq + 1, semicolon < 0 ? header.length : semicolon);
    if (name && value) cookies.set(name, value);
    if (semicolon < 0) break;
    p = semicolon + 1;
  }
  return cookies;
}

function isSupportedLocale(value: string | undefined): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '');
}

/** The locale a page's URL starts with, or null. */
export function pathLocale(url: string): Locale | null {
  const locale = new RegExp(pathLocalePattern()).exec(url)?.[1];
  return isSupportedLocale(locale) ? locale : null;
}

function documentLocale(url: string): Locale | null {
  const locale = new RegExp(documentLocalePattern()).exec(url)?.[1];
  return isSupportedLocale(locale) ? locale : null;
}

/** What the cache keys a request for `url` on, from the visitor's Cookie header: what deploy/varnish.vcl computes. */
export function cacheAudience(cookieHeader: string | null | undefined, url: string): CacheAudience {
  const cookies = varnishCookies(cookieHeader);
  const profile = cookies.get(PROFILE_COOKIE);
  const country = cookies.get(COUNTRY_COOKIE);
  const visitorLocale = cookies.get(LOCALE_COOKIE);
  const page = pathLocale(url);
  return {
    profile: (INVESTOR_PROFILES as readonly string[]).includes(profile ?? '') ? (profile as InvestorProfile) : DEFAULT_PROFILE,
    country: country !== undefined && COUNTRY_CODE_PATTERN.test(country) ? country : null,
    video: page !== null && new RegExp(videoConsentPattern()).test(cookies.get(CONSENT_COOKIE) ?? ''),
    locale: page ?? documentLocale(url) ?? (isSupportedLocale(visitorLocale) ? visitorLocale : null),
  };
}

/** The Cookie header the app is sent for a request of this audience: the only cookies a cached body may depend on. */
export function canonicalCookie(audience: CacheAudience): string {
  const cookies = [`${PROFILE_COOKIE}=${audience.profile}`];
  if (audience.country) cookies.push(`${COUNTRY_COOKIE}=${audience.country}`);
  if (audience.video) cookies.push(`${CONSENT_COOKIE}=${CANONICAL_VIDEO_CONSENT}`);
  if (audience.locale) cookies.push(`${LOCALE_COOKIE}=${audience.locale}`);
  return cookies.join('; ');
}

/** The audience's part of the cache key (beside the URL, the host and the encoding). */
export function audienceKey(audience: CacheAudience): string {
  return `${audience.profile}-${audience.country ?? ''};video=${audience.video ? 1 : 0};locale=${audience.locale ?? ''}`;
}

/**
 * The language cookie Varnish adds to an answer, or null: next-intl sets it on a page of a locale when
 * the visitor's cookie differs (src/i18n/routing.ts; next-intl's syncCookie), but the app is now always
 * sent the matching one, so the cache sets it, never storing it. Like next-intl, only on a document
 * request (no `Sec-Fetch-Dest`, or `document`). Unlike next-intl, also when the visitor has no language
 * cookie and the browser's first language is already the path's (next-intl then sets none): the cookie
 * then records the language next-intl would have negotiated anyway.
 */
export function localeCookieToSet(cookieHeader: string | null | undefined, url: string, secFetchDest: string | undefined): Locale | null {
  const locale = pathLocale(url);
  if (!locale || new RegExp(FILE_PATH_PATTERN).test(url)) return null;
  if (secFetchDest !== undefined && secFetchDest !== 'document') return null;
  return varnishCookies(cookieHeader).get(LOCALE_COOKIE) === locale ? null : locale;
}

/** The Set-Cookie attributes after the value, as next-intl writes them (its Expires comes from VCL's `now`). */
export const LOCALE_COOKIE_ATTRIBUTES = { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' } as const;

/** A VCL string literal: a long string `{"…"}` (no escapes in VCL), so that quotes need none. */
function vclString(text: string): string {
  if (text.includes('"}')) throw new Error(`cannot write ${text} as a VCL string`);
  return `{"${text}"}`;
}

const H = 'req.http.X-Fundhouse-Cache';

/**
 * The generated block of deploy/varnish.vcl: `fundhouse_audience` (called by vcl_recv on a request the
 * cache may answer) sets the audience headers and the Cookie the app gets; `fundhouse_locale_cookie`
 * (called by vcl_deliver) adds the language cookie. The headers it sets are removed from every
 * incoming request first and from every backend request (deploy/varnish.vcl).
 */
export function audienceVcl(): string {
  const profiles = `^(?:${INVESTOR_PROFILES.join('|')})$`;
  const locales = `^(?:${SUPPORTED_LOCALES.join('|')})$`;
  const { path, maxAge, sameSite } = LOCALE_COOKIE_ATTRIBUTES;
  return [
    VCL_BEGIN,
    '',
    '# The audience of a request the cache may answer, and the only cookies the app then gets (see the',
    '# module named above for why each is in the key, and why the disclaimer and analytics cookies are not).',
    'sub fundhouse_audience {',
    '  # A part with no `=` (`flag`) would make vmod_cookie lose the cookie after it: removed first.',
    `  set req.http.Cookie = regsub(regsuball(req.http.Cookie, ${vclString(VALUELESS_COOKIE_PATTERN)}, ""), ${vclString(LEADING_SEPARATORS)}, "");`,
    '  cookie.parse(req.http.Cookie);',
    `  # The investor profile: the cookie's when it is one, else ${DEFAULT_PROFILE} (as the proxy).`,
    `  set ${H}-Profile = cookie.get(${vclString(PROFILE_COOKIE)});`,
    `  if (${H}-Profile !~ ${vclString(profiles)}) {`,
    `    set ${H}-Profile = ${vclString(DEFAULT_PROFILE)};`,
    '  }',
    "  # The country of residence when well formed, else none (the app's DEFAULT_COUNTRY). Varnish does not",
    "  # know the site's countries: a well-formed unknown code gets its own entry holding the default",
    "  # country's page (right for that visitor, at most one entry per code).",
    `  set ${H}-Country = cookie.get(${vclString(COUNTRY_COOKIE)});`,
    `  if (${H}-Country !~ ${vclString(COUNTRY_CODE_PATTERN.source)}) {`,
    `    unset ${H}-Country;`,
    '  }',
    `  set ${H}-Video = "0";`,
    `  set ${H}-Visitor-Locale = cookie.get(${vclString(LOCALE_COOKIE)});`,
    `  if (req.url ~ ${vclString(pathLocalePattern())}) {`,
    "    # A page: its language from the path; video consent (the CSP's frame-src), only as serializeConsent writes it.",
    `    set ${H}-Locale = regsub(req.url, ${vclString(`${pathLocalePattern()}.*$`)}, "\\1");`,
    `    if (req.url !~ ${vclString(FILE_PATH_PATTERN)}) {`,
    `      set ${H}-Page-Locale = ${H}-Locale;`,
    '    }',
    `    if (cookie.get(${vclString(CONSENT_COOKIE)}) ~ ${vclString(videoConsentPattern())}) {`,
    `      set ${H}-Video = "1";`,
    '    }',
    `  } else if (req.url ~ ${vclString(documentLocalePattern())}) {`,
    "    # A document: the language of its path.",
    `    set ${H}-Locale = regsub(req.url, ${vclString(`${documentLocalePattern()}.*$`)}, "\\1");`,
    `  } else if (${H}-Visitor-Locale ~ ${vclString(locales)}) {`,
    "    # Elsewhere (/ redirects by it): the visitor's language cookie when it names a locale.",
    `    set ${H}-Locale = ${H}-Visitor-Locale;`,
    '  }',
    `  set req.http.Cookie = ${vclString(`${PROFILE_COOKIE}=`)} + ${H}-Profile;`,
    `  if (${H}-Country) {`,
    `    set req.http.Cookie = req.http.Cookie + ${vclString(`; ${COUNTRY_COOKIE}=`)} + ${H}-Country;`,
    '  }',
    `  if (${H}-Video == "1") {`,
    `    set req.http.Cookie = req.http.Cookie + ${vclString(`; ${CONSENT_COOKIE}=${CANONICAL_VIDEO_CONSENT}`)};`,
    '  }',
    `  if (${H}-Locale) {`,
    `    set req.http.Cookie = req.http.Cookie + ${vclString(`; ${LOCALE_COOKIE}=`)} + ${H}-Locale;`,
    '  }',
    `  set ${H}-Audience = ${H}-Profile + "-" + ${H}-Country + ";video=" + ${H}-Video + ";locale=" + ${H}-Locale;`,
    '}',
    '',
    '# The language cookie next-intl would have set (the app is always sent the matching one): on a page of a',
    "# locale, for a document request, when the visitor's cookie is not that locale. Never stored.",
    'sub fundhouse_locale_cookie {',
    `  if (${H}-Page-Locale && ${H}-Visitor-Locale != ${H}-Page-Locale && (!req.http.Sec-Fetch-Dest || req.http.Sec-Fetch-Dest == "document")) {`,
    `    header.append(resp.http.Set-Cookie, ${vclString(`${LOCALE_COOKIE}=`)} + ${H}-Page-Locale + ${vclString(`; Path=${path}; Expires=`)} + (now + ${maxAge}s) + ${vclString(`; Max-Age=${maxAge}; SameSite=${sameSite}`)});`,
    '  }',
    '}',
    '',
    VCL_END,
  ].join('\n');
}

/** `vcl` with its generated block replaced by `audienceVcl()`; throws when the markers are missing. */
export function withAudienceVcl(vcl: string): string {
  const begin = vcl.indexOf(VCL_BEGIN);
  const end = vcl.indexOf(VCL_END);
  if (begin < 0 || end < begin) throw new Error(`the VCL has no block between "${VCL_BEGIN}" and "${VCL_END}"`);
  return `${vcl.slice(0, begin)}${audienceVcl()}${vcl.slice(end + VCL_END.length)}`;
}
