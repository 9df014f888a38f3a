import type { Locale } from '@/domain/language/locale';
import type { DocumentTypeCode } from '../catalog';
import type { DocumentRef } from '../model';
import { fundDocumentPath, shareDocumentPath } from '../routing/urls';

/** Documents published per share class (a PRIIPs KID and the monthly factsheet describe one share class); the others belong to the fund. */
export const SHARE_DOCUMENT_TYPES: readonly DocumentTypeCode[] = ['KIID', 'FACTSHEET'];
/** Attached to news items only, never offered on a fund page. */
export const NEWS_ONLY: readonly DocumentTypeCode[] = ['NEWS_DOCUMENT'];
/** The documents the ESG section of the overview points to. */
export const ESG_DOCUMENT_TYPES: readonly DocumentTypeCode[] = ['ESG_MONTHLY_REPORT', 'SFDR_PRECONTRACTUAL', 'SFDR_PERIODIC'];

/** A document link: its size and language are known when the document was found, not when the check is off. */
export type OfferedDocument = {
  code: DocumentTypeCode;
  title: string;
  url: string;
  size: number | null;
  locale: Locale | null;
  /** A tagged PDF (src/domain/documents/tagged.ts); null: unknown, or no document found (the check off). */
  tagged: boolean | null;
};

export type DocumentOffer = {
  fund: OfferedDocument[];
  shares: { name: string; isinCode: string; url: string; documents: OfferedDocument[] }[];
};

type Input = {
  locale: Locale;
  fund: { slug: string; documents: DocumentRef[] };
  shares: { name: string; isinCode: string; url: string; documents: DocumentRef[] }[];
  /** Every document type, in display order, titled in the page's language. */
  types: { code: DocumentTypeCode; title: string }[];
  /** docs/product.md §2: when false, every type is offered whether or not a document exists (env DOCUMENT_CHECK). */
  checkDocuments: boolean;
};

/**
 * The documents found, of any type, and, when the check is off, a link for each missing type of
 * this level (`unchecked`), in the order of `types`.
 */
function offer(
  documents: DocumentRef[],
  types: Input['types'],
  unchecked: (code: DocumentTypeCode) => boolean,
  url: (code: DocumentTypeCode) => string,
): OfferedDocument[] {
  const found = new Map(documents.map((d) => [d.documentType.code, d]));
  return types.flatMap((type): OfferedDocument[] => {
    if (NEWS_ONLY.includes(type.code)) return [];
    const doc = found.get(type.code);
    if (doc) return [{ code: type.code, title: type.title, url: doc.url, size: doc.size, locale: doc.locale, tagged: doc.tagged }];
    return unchecked(type.code) ? [{ code: type.code, title: type.title, url: url(type.code), size: null, locale: null, tagged: null }] : [];
  });
}

/**
 * The document links of a fund page (docs/product.md §2): one per type the fund, or each share class, actually
 * has, unless the check is turned off, in which case every type of its level is offered.
 */
export function documentOffer({ locale, fund, shares, types, checkDocuments }: Input): DocumentOffer {
  const shareLevel = (code: DocumentTypeCode) => SHARE_DOCUMENT_TYPES.includes(code);
  return {
    fund: offer(fund.documents, types, (code) => !checkDocuments && !shareLevel(code), (code) =>
      fundDocumentPath(locale, fund.slug, code),
    ),
    shares: shares.map((s) => ({
      name: s.name,
      isinCode: s.isinCode,
      url: s.url,
      documents: offer(s.documents, types, (code) => !checkDocuments && shareLevel(code), (code) =>
        shareDocumentPath(locale, fund.slug, s.isinCode, code),
      ),
    })),
  };
}

/** The ESG documents among a fund's offered documents, in the same order. */
export function esgDocuments(documents: OfferedDocument[]): OfferedDocument[] {
  return documents.filter((d) => ESG_DOCUMENT_TYPES.includes(d.code));
}
