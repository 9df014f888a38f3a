import { COUNTRY_COOKIE, COUNTRY_STORAGE_KEY, isCountryCode } from '@/domain/registrations/audience';
import { isInvestorProfile, type InvestorProfile } from '@/domain/investor-profiles';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  cookieAssignment,
  DISCLAIMER_COOKIE,
  DISCLAIMER_MAX_AGE,
  DISCLAIMER_STORAGE_KEY,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  parseConsent,
  PROFILE_COOKIE,
  PROFILE_MAX_AGE,
  PROFILE_STORAGE_KEY,
  readCookie,
  serializeConsent,
} from '@/domain/privacy/consent';
import { CONSENT_CHANGE_EVENT } from '@/components/consent/use-consent';

/**
 * The visitor's choices in the browser (docs/product.md §4, §9; docs/product.md "Client state"): localStorage
 * always; the 30-day `investor_profile`, `investor_country` and `disclaimer_validated` cookies only
 * once a consent choice is recorded. Before that choice the profile and the country are also kept in
 * session cookies, so that the server renders every page for them (docs/decisions/025, 035). Every access tolerates a browser that refuses
 * storage (private modes, policies).
 */
function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function getItem(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Announces a change made in this tab (the `storage` event only reports other tabs). */
export const STORAGE_CHANGE_EVENT = 'fundhouse:storage-change';

function setItem(key: string, value: string): void {
  try {
    local()?.setItem(key, value);
  } catch {
    /* storage refused or full: the cookie (with consent) still holds the choice */
  }
  window.dispatchEvent(new CustomEvent(STORAGE_CHANGE_EVENT));
}

/** For useSyncExternalStore: changes from this tab and from the others. */
export function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener(STORAGE_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(STORAGE_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function cookie(name: string): string | undefined {
  return readCookie(document.cookie, name);
}

function setCookie(name: string, value: string, maxAge: number | 'session'): void {
  document.cookie = cookieAssignment(name, value, maxAge, window.location.protocol === 'https:');
}

export function consentRecorded(): boolean {
  return parseConsent(cookie(CONSENT_COOKIE)).recorded;
}

export function storedProfile(): InvestorProfile | null {
  const value = getItem(PROFILE_STORAGE_KEY);
  return isInvestorProfile(value) ? value : null;
}

export function profileCookie(): InvestorProfile | null {
  const value = cookie(PROFILE_COOKIE);
  return isInvestorProfile(value) ? value : null;
}

/**
 * Saves the profile: localStorage always; the cookie the server renders pages for, for 30 days with
 * a recorded consent choice, else for this browser session only (docs/decisions/025).
 */
export function saveProfile(profile: InvestorProfile): void {
  setItem(PROFILE_STORAGE_KEY, profile);
  writeProfileCookie(profile);
}

/** Writes the profile cookie only (see saveProfile); true when the browser kept it. */
export function writeProfileCookie(profile: InvestorProfile): boolean {
  setCookie(PROFILE_COOKIE, profile, consentRecorded() ? PROFILE_MAX_AGE : 'session');
  return profileCookie() === profile;
}

export function storedCountry(): string | null {
  const value = getItem(COUNTRY_STORAGE_KEY);
  return isCountryCode(value) ? value : null;
}

/**
 * Saves the country of residence as the profile is saved (docs/decisions/025, 035): localStorage
 * always; its cookie for 30 days with a recorded consent choice, else for the browser session.
 */
export function saveCountry(country: string): void {
  setItem(COUNTRY_STORAGE_KEY, country);
  writeCountryCookie(country);
}

/** Writes the country cookie only (see saveCountry); true when the browser kept it. */
export function writeCountryCookie(country: string): boolean {
  setCookie(COUNTRY_COOKIE, country, consentRecorded() ? PROFILE_MAX_AGE : 'session');
  return cookie(COUNTRY_COOKIE) === country;
}

/** docs/product.md §4: validation recorded in the storage flag (equal to "true") or in the cookie. */
export function disclaimerRecorded(): boolean {
  return getItem(DISCLAIMER_STORAGE_KEY) === 'true' || cookie(DISCLAIMER_COOKIE) === 'true';
}

export function saveDisclaimerValidated(validated: boolean): void {
  setItem(DISCLAIMER_STORAGE_KEY, String(validated));
  if (validated && consentRecorded()) setCookie(DISCLAIMER_COOKIE, 'true', DISCLAIMER_MAX_AGE);
  if (!validated) setCookie(DISCLAIMER_COOKIE, '', 0);
}

export function saveLocale(locale: string): void {
  setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
}

/**
 * Records a consent choice for 182 days, then writes the preference cookies the choice now allows
 * (profile and disclaimer, from localStorage) so the server renders the visitor's profile.
 */
export function saveConsent(choice: { video: boolean }): void {
  setCookie(CONSENT_COOKIE, serializeConsent(choice, new Date()), CONSENT_MAX_AGE);
  const profile = storedProfile();
  if (profile) setCookie(PROFILE_COOKIE, profile, PROFILE_MAX_AGE);
  const country = storedCountry();
  if (country) setCookie(COUNTRY_COOKIE, country, PROFILE_MAX_AGE);
  if (getItem(DISCLAIMER_STORAGE_KEY) === 'true') setCookie(DISCLAIMER_COOKIE, 'true', DISCLAIMER_MAX_AGE);
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT));
}
