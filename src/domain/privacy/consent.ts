/**
 * The names, lifetimes and formats of everything the site keeps in the visitor's browser
 * (docs/product.md §4, §9; docs/product.md "Client state"). Pure: the browser stores and the proxy read them.
 */
const DAY = 24 * 60 * 60;

export const CONSENT_COOKIE = 'cookie_consent';
export const PROFILE_COOKIE = 'investor_profile';
export const DISCLAIMER_COOKIE = 'disclaimer_validated';

/** The GraphQL bearer token's cookie (docs/product.md §6, §9: 7 days); the site never writes it. */
export const AUTH_COOKIE = 'apollo-token';

/** localStorage keys (docs/product.md §9): always written, consent or not. */
export const PROFILE_STORAGE_KEY = 'investor_profile';
export const DISCLAIMER_STORAGE_KEY = 'disclaimer_validated';

/** The language cookie (docs/product.md §4, §9): its name is the redirect marker of the language negotiation. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * DAY;

/** Cookie lifetimes in seconds (docs/product.md §9). */
export const CONSENT_MAX_AGE = 182 * DAY;
export const PROFILE_MAX_AGE = 30 * DAY;
export const DISCLAIMER_MAX_AGE = 30 * DAY;

/**
 * Consent services (docs/product.md §4): the required cookies are always on; captcha is a required service
 * (on, not switchable: it protects the forms); video is optional and off until the visitor turns it on.
 */
export const CONSENT_SERVICES = ['required', 'captcha', 'video'] as const;
export type ConsentService = (typeof CONSENT_SERVICES)[number];
export const OPTIONAL_SERVICES = ['video'] as const satisfies readonly ConsentService[];

export type ConsentState = {
  /** The visitor made a choice (any consent button). Until then: no optional service, no preference cookie. */
  recorded: boolean;
  video: boolean;
  captcha: true;
};

export const NO_CONSENT: ConsentState = { recorded: false, video: false, captcha: true };

/** The consent cookie's value: `{"v":1,"video":false,"at":"2026-11-21"}`, URI-encoded. Unreadable counts as no choice. */
export function parseConsent(cookieValue: string | undefined | null): ConsentState {
  if (!cookieValue) return NO_CONSENT;
  try {
    const parsed = JSON.parse(decodeURIComponent(cookieValue)) as unknown;
    if (!parsed || typeof parsed !== 'object' || (parsed as { v?: unknown }).v !== 1) return NO_CONSENT;
    return { recorded: true, video: (parsed as { video?: unknown }).video === true, captcha: true };
  } catch {
    return NO_CONSENT;
  }
}

export function serializeConsent(choice: { video: boolean }, at: Date): string {
  return encodeURIComponent(JSON.stringify({ v: 1, video: choice.video, at: at.toISOString().slice(0, 10) }));
}

/**
 * Reads one cookie, as written, from a `Cookie` request header or `document.cookie`: the one reader
 * of the browser code, the proxy's neighbours and the server. Undefined when absent.
 */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The same, percent-decoded; a value that is not valid percent-encoding comes back as it is. */
export function readDecodedCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  const value = readCookie(cookieHeader, name);
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A `Set-Cookie`/`document.cookie` assignment for a site-wide first-party cookie; `'session'` gives
 * no Max-Age, so the browser drops it when its session ends.
 */
export function cookieAssignment(name: string, value: string, maxAgeSeconds: number | 'session', secure: boolean): string {
  const lifetime = maxAgeSeconds === 'session' ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${name}=${value}; Path=/${lifetime}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
