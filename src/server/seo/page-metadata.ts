import 'server-only';
import type { Metadata } from 'next';
import { cache } from 'react';
import type { Locale } from '@/env';
import type { PageCode } from '@/domain/catalog';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import type { AppPathname } from '@/i18n/routing';
import { getCompany, getPage } from '@/server/site/queries';
import { buildPageMetadata, socialImage } from './metadata';
import { offeredLocales } from '@/server/site/languages-queries';

/** One company read per request, shared by every metadata call of the render. */
const companyOf = cache((locale: Locale) => getCompany(locale));

/**
 * The metadata of a content page (docs/product.md §3 Page) for generateMetadata: its title and description
 * from the database, canonical and hreflang links to the same route in every served language.
 * A page missing from the database gets no title here; the page itself answers 404.
 */
export async function contentPageMetadata(code: PageCode, locale: Locale, routeKey: AppPathname): Promise<Metadata> {
  const [page, company] = await Promise.all([getPage(locale, code), companyOf(locale)]);
  if (!page) return {};
  return buildPageMetadata({
    locale,
    title: page.title,
    description: page.description,
    pathname: localizedPath(routeKey, locale),
    alternates: alternatePaths(routeKey, await offeredLocales()),
    siteName: company?.title ?? null,
    siteImage: socialImage(company),
    type: 'website',
  });
}
