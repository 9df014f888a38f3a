/**
 * Who a page is rendered for: an investor profile and a country of residence (cross-border
 * distribution, docs/decisions/035). Pages are cached per language × profile × country under one
 * hidden path segment the proxy adds, `/{locale}/{profile}-{country}/…` (`/fr/RETAIL-FR/about-us`),
 * read back by parseAudienceSegment. Pure.
 */
import { INVESTOR_PROFILES, isInvestorProfile, type InvestorProfile } from '../investor-profiles';

export type Audience = { profile: InvestorProfile; country: string };

/** The browser storage key and cookie of the country of residence (as the profile's, decision 025). */
export const COUNTRY_STORAGE_KEY = 'investor_country';
export const COUNTRY_COOKIE = 'investor_country';

/** The international choice ("Other countries"): it sees only what is registered for it. */
export const INTERNATIONAL_COUNTRY = 'INT';

/** A country code as the country table holds them: two letters (ISO 3166-1) or INT; the shared cache's VCL is generated from it (src/domain/cache/audience-key.ts). */
export const COUNTRY_CODE_PATTERN = /^(?:[A-Z]{2}|INT)$/;

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && COUNTRY_CODE_PATTERN.test(value);
}

export function audienceSegment(audience: Audience): string {
  return `${audience.profile}-${audience.country}`;
}

/** The audience of a hidden path segment, or null when the segment is not one (then: 404). */
export function parseAudienceSegment(segment: string): Audience | null {
  const dash = segment.indexOf('-');
  if (dash <= 0) return null;
  const profile = segment.slice(0, dash);
  const country = segment.slice(dash + 1);
  return isInvestorProfile(profile) && isCountryCode(country) ? { profile, country } : null;
}

/**
 * The country the server renders for: the cookie's when it names a known country, else the default.
 * `known` undefined (the list is not loaded yet) accepts any well-formed code.
 */
export function countryFromCookie(value: string | undefined | null, known: ReadonlySet<string> | undefined, fallback: string): string {
  if (!isCountryCode(value)) return fallback;
  return !known || known.has(value) ? value : fallback;
}

/** The key of one cell of the matrix: a share class, a country, a profile. */
export function registrationKey(shareId: number, country: string, profile: string): string {
  return `${shareId}|${country}|${profile}`;
}

/** Per country, the profiles of (country, profile) registrations, countries and profiles in a stable order. */
export function profilesByCountry(cells: readonly { country: string; profile: string }[]): { country: string; investorProfiles: InvestorProfile[] }[] {
  const byCountry = new Map<string, Set<string>>();
  for (const { country, profile } of cells) byCountry.set(country, (byCountry.get(country) ?? new Set()).add(profile));
  return [...byCountry.keys()]
    .sort()
    .map((country) => ({ country, investorProfiles: INVESTOR_PROFILES.filter((p) => byCountry.get(country)?.has(p)) }))
    .filter((entry) => entry.investorProfiles.length > 0);
}

/**
 * The country the disclaimer preselects from the browser's languages (`es-ES` → ES): a suggestion
 * the visitor confirms, never applied by itself. Null when no language names a listed country.
 */
export function preselectedCountry(languages: readonly string[], countries: readonly string[]): string | null {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}-([a-z]{2})(?:-|$)/i.exec(tag.trim())?.[1]?.toUpperCase();
    if (region && countries.includes(region)) return region;
  }
  return null;
}

/** The cache tag every page rendered for an audience carries: a registration change expires exactly those pages. */
export function audienceTag(audience: { profile: string; country: string }): string {
  return `audience:${audience.profile}-${audience.country}`;
}

/** The code of a country's page in the page table ("Information for investors in {country}"). */
export function countryPageCode(country: string): string {
  return `country-${country}`;
}
