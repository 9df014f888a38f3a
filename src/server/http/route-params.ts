import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { env, type Locale } from '@/env';
import { isInvestorProfile, type InvestorProfile } from '@/domain/catalog';

export type SiteParams = { locale: string; profile: string };

/**
 * The language and investor profile of a page, from its path segments (the profile segment is
 * added by the proxy). Anything else is a 404. Also tells next-intl the locale, so rendering
 * never reads request headers and the page stays cacheable.
 */
export async function siteParams(params: Promise<SiteParams>): Promise<{ locale: Locale; profile: InvestorProfile }> {
  const { locale, profile } = await params;
  if (!(env().locales as readonly string[]).includes(locale) || !isInvestorProfile(profile)) notFound();
  setRequestLocale(locale as Locale);
  return { locale: locale as Locale, profile };
}
