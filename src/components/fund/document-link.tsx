import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { OfferedDocument } from '@/domain/documents/fund-documents';

/**
 * A link to a document (docs/product.md §2 document routes): its name says it is a PDF, its size, whether
 * it is tagged for screen readers (said only when known to be: src/domain/documents/tagged.ts) and, when
 * the file is in another language than the page (the French fallback), which one. It opens in the
 * browser (the route answers inline), like any link.
 */
export function DocumentLink({ document, locale }: { document: OfferedDocument; locale: Locale }) {
  const t = useTranslations('FundDocuments');
  const details = [document.size === null ? t('pdf') : t('pdfSize', { kb: Math.max(1, Math.ceil(document.size / 1024)) })];
  if (document.tagged) details.push(t('tagged'));
  if (document.locale && document.locale !== locale) details.push(t('inLanguage', { language: t(`languages.${document.locale}`) }));
  return (
    <a
      href={document.url}
      type="application/pdf"
      hrefLang={document.locale ?? undefined}
      className="group inline-flex items-start gap-2 rounded py-1 text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <PdfIcon />
      <span>
        <span className="font-semibold underline-offset-2 group-hover:underline">{document.title}</span>{' '}
        <span className="text-sm text-slate-700">({details.join(', ')})</span>
      </span>
    </a>
  );
}

function PdfIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </svg>
  );
}
