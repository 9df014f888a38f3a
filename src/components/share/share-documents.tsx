import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { OfferedDocument } from '@/domain/documents/fund-documents';

type Props = {
  documents: OfferedDocument[];
  locale: Locale;
  /** The share's past-performance and performance-scenarios pages, which its KID points to. */
  regulatory: { pastPerformance: string; scenarios: string };
  /** The share's FinDatEx files for distributors (EMT, EPT, EET as CSV and XLSX), when it has distribution data. */
  distributorFiles?: { template: 'emt' | 'ept' | 'eet'; format: 'csv' | 'xlsx'; href: string }[];
};

const FILE_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * The share's own documents (KID…), each opening the PDF route of docs/product.md §2: the types that exist, or
 * every share-level type when the document check is off (DOCUMENT_CHECK=false), whose size is then unknown. Then the
 * two pages the KID refers to (Delegated Regulation (EU) 2017/653, art. 8): past performance and previous scenarios. Then, for a
 * share with distribution data, its FinDatEx files for distributors (docs/distribution-data.md).
 */
export function ShareDocuments({ documents, locale, regulatory, distributorFiles = [] }: Props) {
  const t = useTranslations('Share');
  const p = useTranslations('SharePublications');
  const d = useTranslations('ShareDistribution.distributors');
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
      {distributorFiles.length > 0 ? (
        <>
          <h3 id="distributor-data-heading" className="mt-6 mb-1 text-lg font-semibold">
            {d('title')}
          </h3>
          <p className="mb-1 text-sm">{d('intro')}</p>
          <ul aria-labelledby="distributor-data-heading" className="flex flex-wrap gap-x-6 gap-y-1">
            {distributorFiles.map((file) => (
              <li key={file.href}>
                <a href={file.href} type={FILE_TYPES[file.format]} className="font-medium text-brand underline underline-offset-2">
                  {d('file', { template: d(file.template), format: file.format.toUpperCase() })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
