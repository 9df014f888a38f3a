import 'server-only';
import { env, type Locale } from '@/env';
import { isDocumentTypeCode, type DocumentTypeCode } from '@/domain/catalog';
import { documentOffer, type DocumentOffer, type OfferedDocument } from '@/domain/documents/fund-documents';
import type { FundView, ShareView } from '@/domain/model';
import { listDocumentTypes } from '../site/queries';

/** Every document type, in display order, titled in the language. */
export async function offeredDocumentTypes(locale: Locale): Promise<{ code: DocumentTypeCode; title: string }[]> {
  return (await listDocumentTypes(locale)).flatMap((d) => (isDocumentTypeCode(d.code) ? [{ code: d.code, title: d.title }] : []));
}

/** The document links of a fund page's tabs (docs/product.md §2): the fund's, then each share class's. */
export async function fundDocumentOffer(
  locale: Locale,
  fund: Pick<FundView, 'slug' | 'documents' | 'shares'>,
  checkDocuments: boolean = env().DOCUMENT_CHECK,
): Promise<DocumentOffer> {
  return documentOffer({ locale, fund, shares: fund.shares, types: await offeredDocumentTypes(locale), checkDocuments });
}

/**
 * The document links of a share page (docs/product.md §2): the share's documents, or with DOCUMENT_CHECK=false
 * a link for every share-level type whether or not the document exists, as on the fund's tabs.
 */
export async function shareDocumentOffer(
  locale: Locale,
  fund: Pick<FundView, 'slug'>,
  share: Pick<ShareView, 'name' | 'isinCode' | 'url' | 'documents'>,
  checkDocuments: boolean = env().DOCUMENT_CHECK,
): Promise<OfferedDocument[]> {
  const offer = documentOffer({ locale, fund: { slug: fund.slug, documents: [] }, shares: [share], types: await offeredDocumentTypes(locale), checkDocuments });
  return offer.shares[0]?.documents ?? [];
}
