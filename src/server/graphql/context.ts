import 'server-only';
import { createGraphQLError } from 'graphql-yoga';
import { env, type Locale } from '@/env';
import { AUTH_COOKIE, readDecodedCookie } from '@/domain/privacy/consent';
import type { Audience } from '@/domain/registrations/audience';
import { DEFAULT_PROFILE, INVESTOR_PROFILES, isInvestorProfile, type InvestorProfile } from '@/domain/catalog';
import { knownCountries } from '@/server/funds/queries';
import { publishedOfferedLanguages } from '@/server/http/offered-languages';

export type GraphQLContext = {
  /** `Bearer <token>` from the Authorization header, or made from the apollo-token cookie (docs/product.md §6). */
  authorization: string | null;
};

/** docs/product.md §6: an apollo-token cookie, when present, is turned into a bearer header. No login flow exists. */
export function authorizationFrom(headers: Headers): string | null {
  const header = headers.get('authorization');
  if (header) return header;
  const token = readDecodedCookie(headers.get('cookie'), AUTH_COOKIE);
  return token ? `Bearer ${token}` : null;
}

export function badInput(message: string) {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** A locale argument: one of the languages the house offers (published by the server, docs/decisions/061). */
export function requireLocale(value: unknown): Locale {
  const locales = publishedOfferedLanguages();
  if (typeof value === 'string' && (locales as readonly string[]).includes(value)) return value as Locale;
  throw badInput(`Unknown locale "${String(value)}". Available locales: ${locales.join(', ')}.`);
}

export function profileOf(value: unknown): InvestorProfile {
  if (value === undefined || value === null || value === '') return DEFAULT_PROFILE;
  if (isInvestorProfile(value)) return value;
  throw badInput(`Unknown investor profile "${String(value)}". Available profiles: ${INVESTOR_PROFILES.join(', ')}.`);
}

/** A country of residence argument: a code of the country table; absent, DEFAULT_COUNTRY (docs/decisions/035). */
export async function countryOf(value: unknown): Promise<string> {
  if (value === undefined || value === null || value === '') return env().DEFAULT_COUNTRY;
  const countries = await knownCountries();
  if (typeof value === 'string' && countries.includes(value)) return value;
  throw badInput(`Unknown country "${String(value).slice(0, 20)}". Available countries: ${countries.join(', ')}.`);
}

/** The audience of a field's arguments: investorProfile and country, each with its default. */
export async function audienceOf(args: Record<string, unknown>): Promise<Audience> {
  return { profile: profileOf(args.investorProfile), country: await countryOf(args.country) };
}
