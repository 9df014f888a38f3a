import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LIBRARY_ALL_SEGMENT } from '@/domain/documents/library';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { DocumentLibraryView, documentLibraryMetadata } from '../document-library-view';

type Props = { params: Promise<SiteParams & { view: string }> };

/**
 * The unfiltered first page of the document library, cached per language and profile
 * (docs/decisions/032): the proxy rewrites /fr/documents (no filter, no page, no archive) to
 * /fr/RETAIL/documents/all. Rendered on first request, then served from cache; a fund or document
 * change expires it (src/domain/content/publication.ts). Any other segment is a 404.
 */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return documentLibraryMetadata(locale);
}

export default async function CachedDocumentLibraryPage({ params }: Props) {
  const [{ locale, audience }, { view }] = await Promise.all([siteParams(params), params]);
  if (view !== LIBRARY_ALL_SEGMENT) notFound();
  return <DocumentLibraryView locale={locale} audience={audience} search={{}} />;
}
