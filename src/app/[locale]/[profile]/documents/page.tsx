import type { Metadata } from 'next';
import type { SearchParamsInput } from '@/domain/funds/finder';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { DocumentLibraryView, documentLibraryMetadata } from './document-library-view';

/**
 * The document library (/fr/documents, /en/documents, /es/documentos; docs/decisions/032) for a
 * filtered view, another page or the archive: rendered per request from the memoized fund views, like
 * the fund range's combined filters (docs/decisions/021). The unfiltered first page is served from
 * documents/[view], to which the proxy rewrites it.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<SearchParamsInput> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return documentLibraryMetadata(locale);
}

export default async function DocumentLibraryPage({ params, searchParams }: Props) {
  const [{ locale, audience }, search] = await Promise.all([siteParams(params), searchParams]);
  return <DocumentLibraryView locale={locale} audience={audience} search={search} />;
}
