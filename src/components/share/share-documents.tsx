import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { OfferedDocument } from '@/domain/documents/fund-documents';

type Props = {
  documents: OfferedDocument[];
  locale: Locale;
  /** The share's past-performance and performance-scenarios pages, which its KID points to. */
  regulatory: { pastPerformance: string; scenarios: string };
};

/**
 * The share's own documents (KID…), each opening the PDF route of docs/product.md §2: the types that exist, or
 * every share-level type when the document check is off (DOCUMENT_CHECK=false), whose size is then unknown. Then the
 * two pages the KID refers to (Delegated Regulation (EU) 2017/653, art. 8): past performance and previous scenarios.
 */
export function ShareDocuments({ documents, locale, regulatory }: Props) {
  const t = useTranslations('Share');
  const p = useTranslations('SharePublications');
  return (
    <section aria-labelledby="documents-heading" className="mb-10 break-inside-avoid">
      <h2 id="documents-heading" className="mb-3 text-2xl font-semibold">
        {t('documents')}
      </h2>
      {documents.length > 0 ? (
        <ul className="space-y-2">
          {documents.map((doc) => {
            const size = doc.size === null ? null : Math.ceil(doc.size / 1024);
            return (
              <li key={doc.code}>
                <a href={doc.url} type="application/pdf" className="font-medium text-brand underline underline-offset-2">
                  {doc.title}
                </a>{' '}
                <span className="text-sm text-muted">
                  ({size === null ? t('documentPdf') : doc.locale === null || doc.locale === locale ? t('documentMeta', { size }) : t('documentInFrench', { size })})
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="mt-4 text-sm">{p('regulatoryIntro')}</p>
      <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <a href={regulatory.pastPerformance} className="font-medium text-brand underline underline-offset-2">
            {p('past.title')}
          </a>
        </li>
        <li>
          <a href={regulatory.scenarios} className="font-medium text-brand underline underline-offset-2">
            {p('scenarios.title')}
          </a>
        </li>
      </ul>
    </section>
  );
}
