import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/env';
import { parseAudienceSegment, type Audience } from '@/domain/registrations/audience';
import type { InvestorProfile } from '@/domain/catalog';
import { isOfferedLocale } from '@/server/site/languages-queries';

/** `profile` is the hidden audience segment the proxy adds: `RETAIL-FR` (docs/decisions/035). */
export type SiteParams = { locale: string; profile: string };

/**
 * The language and audience (investor profile × country of residence) of a page, from its path
 * segments (the audience segment is added by the proxy). Anything else is a 404. Also tells
 * next-intl the locale, so rendering never reads request headers and the page stays cacheable.
 */
export async function siteParams(
  params: Promise<SiteParams>,
): Promise<{ locale: Locale; profile: InvestorProfile; country: string; audience: Audience }> {
  const { locale, profile: segment } = await params;
  const audience = parseAudienceSegment(segment);
  if (!(await isOfferedLocale(locale)) || !audience) notFound();
  setRequestLocale(locale as Locale);
  return { locale: locale as Locale, profile: audience.profile, country: audience.country, audience };
}
