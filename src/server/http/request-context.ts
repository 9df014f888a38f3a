import 'server-only';
import { env, type Locale } from '@/env';
import { COUNTRY_COOKIE, countryFromCookie, type Audience } from '@/domain/registrations/audience';
import { DEFAULT_PROFILE, isInvestorProfile, type InvestorProfile } from '@/domain/catalog';
import { PROFILE_COOKIE, readDecodedCookie } from '@/domain/privacy/consent';
import { publishedRouteCatalog } from './known-routes';
import { isOfferedLocale } from '@/server/site/languages-queries';

/** The locale of a route parameter, or null when it is not one of the languages the house offers (then: 404). */
export async function routeLocale(value: string): Promise<Locale | null> {
  return (await isOfferedLocale(value)) ? (value as Locale) : null;
}

/** docs/product.md §4: server rendering uses the profile cookie when present, else RETAIL. */
export function profileFromCookies(cookieValue: string | undefined | null): InvestorProfile {
  return isInvestorProfile(cookieValue) ? cookieValue : DEFAULT_PROFILE;
}

export function profileFromRequest(request: Request): InvestorProfile {
  return profileFromCookies(readDecodedCookie(request.headers.get('cookie'), PROFILE_COOKIE));
}

/** The audience of a request: the profile and country cookies, else RETAIL and DEFAULT_COUNTRY (docs/decisions/035). */
export function audienceFromRequest(request: Request): Audience {
  const cookies = request.headers.get('cookie');
  return {
    profile: profileFromCookies(readDecodedCookie(cookies, PROFILE_COOKIE)),
    country: countryFromCookie(readDecodedCookie(cookies, COUNTRY_COOKIE), publishedRouteCatalog()?.countries, env().DEFAULT_COUNTRY),
  };
}

/** The audience of a first visit (the sitemap's, the RSS feed's): RETAIL in DEFAULT_COUNTRY. */
export function defaultAudience(): Audience {
  return { profile: DEFAULT_PROFILE, country: env().DEFAULT_COUNTRY };
}
