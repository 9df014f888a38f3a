import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { DocumentRef } from '@/domain/model';

/** The share's own documents (KID…): only the types that exist, each opening the PDF route of docs/product.md §2. */
export function ShareDocuments({ documents, locale }: { documents: DocumentRef[]; locale: Locale }) {
  const t = useTranslations('Share');
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading" className="mb-10 break-inside-avoid">
      <h2 id="documents-heading" className="mb-3 text-2xl font-semibold">
        {t('documents')}
      </h2>
      <ul className="space-y-2">
        {documents.map((doc) => {
          const size = Math.ceil(doc.size / 1024);
          return (
            <li key={doc.documentType.code}>
              <a href={doc.url} type="application/pdf" className="font-medium text-brand underline underline-offset-2">
                {doc.documentType.title}
              </a>{' '}
              <span className="text-sm text-muted">
                ({doc.locale === locale ? t('documentMeta', { size }) : t('documentInFrench', { size })})
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
