import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import type { AppPathname } from '@/i18n/routing';
import { getCompany } from '@/server/site/queries';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { offeredLocales } from '@/server/site/languages-queries';

/** The metadata of a form page (careers, subscribe): its title and description come from the messages. */
export async function formPageMetadata(namespace: 'Career' | 'Subscribe', locale: Locale, routeKey: AppPathname): Promise<Metadata> {
  const [t, company] = await Promise.all([getTranslations({ locale, namespace }), getCompany(locale)]);
  return buildPageMetadata({
    locale,
    title: t('title'),
    description: t('description', { company: company?.title ?? '' }),
    pathname: localizedPath(routeKey, locale),
    alternates: alternatePaths(routeKey, await offeredLocales()),
    siteName: company?.title ?? null,
    siteImage: socialImage(company),
    type: 'website',
  });
}
