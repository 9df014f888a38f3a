import type { Audience } from '@/domain/registrations/audience';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { DistributorData } from '@/components/documents/distributor-data';
import { DocumentLibrary } from '@/components/documents/document-library';
import { env, type Locale } from '@/env';
import { libraryPageCount, parseLibraryQuery } from '@/domain/documents/library';
import type { SearchParamsInput } from '@/domain/funds/finder';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { archivedLibraryPage, currentLibraryPage, libraryFacets } from '@/server/documents/library-queries';
import { getCompany } from '@/server/site/queries';
import { restrictionsByFund } from '@/server/events/queries';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { offeredLocales } from '@/server/site/languages-queries';

/** Every filtered list has the unfiltered library as canonical URL. */
export async function documentLibraryMetadata(locale: Locale): Promise<Metadata> {
  const [t, company] = await Promise.all([getTranslations({ locale, namespace: 'DocumentLibrary' }), getCompany(locale)]);
  return buildPageMetadata({
    locale,
    title: t('title'),
    description: t('description'),
    pathname: localizedPath('/documents', locale),
    alternates: alternatePaths('/documents', await offeredLocales()),
    siteName: company?.title ?? null,
    siteImage: socialImage(company),
    type: 'website',
  });
}

/**
 * The document library for the query a request asked for (docs/decisions/032). Rendered by the cached
 * page of the unfiltered first page (documents/[view]) and by the page rendered per request for the others.
 */
export async function DocumentLibraryView({ locale, audience, search }: { locale: Locale; audience: Audience; search: SearchParamsInput }) {
  const [facets, t] = await Promise.all([libraryFacets(locale, audience), getTranslations('DocumentLibrary')]);
  const query = parseLibraryQuery(search, facets);
  const [{ rows, total }, restrictions] = await Promise.all([
    (query.archive ? archivedLibraryPage : currentLibraryPage)(audience, query, facets),
    restrictionsByFund(locale, audience),
  ]);
  const pageCount = libraryPageCount(total);
  // A page past the last one does not exist (page numbers are read up to LIBRARY_MAX_PAGE).
  if (query.page > pageCount) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="mb-6 text-3xl font-bold text-brand md:text-4xl">{t('title')}</h1>
      <DocumentLibrary
        locale={locale}
        action={localizedPath('/documents', locale)}
        facets={facets}
        query={query}
        rows={rows}
        total={total}
        pageCount={pageCount}
        archiveYears={env().DOCUMENT_ARCHIVE_YEARS}
        restrictions={restrictions}
      />
      <DistributorData locale={locale} />
    </div>
  );
}
