import 'server-only';
import { env, type Locale } from '@/env';
import { DEFAULT_PROFILE, isInvestorProfile, type InvestorProfile } from '@/domain/catalog';
import { PROFILE_COOKIE, readDecodedCookie } from '@/domain/consent';

/** The locale of a route parameter, or null when it is not one of the configured languages (then: 404). */
export function routeLocale(value: string): Locale | null {
  return (env().locales as readonly string[]).includes(value) ? (value as Locale) : null;
}

/** docs/product.md §4: server rendering uses the profile cookie when present, else RETAIL. */
export function profileFromCookies(cookieValue: string | undefined | null): InvestorProfile {
  return isInvestorProfile(cookieValue) ? cookieValue : DEFAULT_PROFILE;
}

export function profileFromRequest(request: Request): InvestorProfile {
  return profileFromCookies(readDecodedCookie(request.headers.get('cookie'), PROFILE_COOKIE));
}
