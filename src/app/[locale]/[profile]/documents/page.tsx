import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { DocumentLibrary } from '@/components/documents/document-library';
import { env } from '@/env';
import { libraryPageCount, parseLibraryQuery } from '@/domain/document-library';
import type { SearchParamsInput } from '@/domain/fund-finder';
import { alternatePaths, localizedPath } from '@/domain/paths';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { archivedLibraryPage, currentLibraryPage, libraryFacets } from '@/server/queries/document-library';
import { getCompany } from '@/server/queries/site';
import { buildPageMetadata } from '@/server/seo/metadata';

/**
 * The document library (/fr/documents, /en/documents, /es/documentos; docs/decisions/032): rendered per
 * request, from the memoized fund views (like the fund range's combined filters, docs/decisions/021).
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<SearchParamsInput> };

/** Every filtered list has the unfiltered library as canonical URL. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const [t, company] = await Promise.all([getTranslations({ locale, namespace: 'DocumentLibrary' }), getCompany(locale)]);
  return buildPageMetadata({
    locale,
    title: t('title'),
    description: t('description'),
    pathname: localizedPath('/documents', locale),
    alternates: alternatePaths('/documents', env().locales),
    siteName: company?.title ?? null,
    type: 'website',
  });
}

export default async function DocumentLibraryPage({ params, searchParams }: Props) {
  const [{ locale, profile }, search] = await Promise.all([siteParams(params), searchParams]);
  const [facets, t] = await Promise.all([libraryFacets(locale, profile), getTranslations('DocumentLibrary')]);
  const query = parseLibraryQuery(search, facets);
  const { rows, total } = await (query.archive ? archivedLibraryPage : currentLibraryPage)(profile, query, facets);
  const pageCount = libraryPageCount(total);
  // A page past the last one does not exist (bounded: LIBRARY_MAX_PAGE).
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
      />
    </div>
  );
}
