import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { OfferedDocument } from '@/domain/fund-documents';

/**
 * The share's own documents (KID…), each opening the PDF route of docs/product.md §2: the types that exist, or
 * every share-level type when the document check is off (DOCUMENT_CHECK=false), whose size is then unknown.
 */
export function ShareDocuments({ documents, locale }: { documents: OfferedDocument[]; locale: Locale }) {
  const t = useTranslations('Share');
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading" className="mb-10 break-inside-avoid">
      <h2 id="documents-heading" className="mb-3 text-2xl font-semibold">
        {t('documents')}
      </h2>
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
    </section>
  );
}
