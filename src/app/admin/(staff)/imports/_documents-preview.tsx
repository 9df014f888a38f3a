import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import type { DocumentBatchPreview } from '@/server/documents/bulk-import';
import { Row, TableGrid } from '@/components/ui/table';

/** What a batch of documents would store (the imports screen's preview and the review screen's): counts, then each file, its share class and the version it replaces. */
export function DocumentBatchPreviewView({ preview, locale }: { preview: DocumentBatchPreview; locale: Locale }) {
  const t = adminTranslator(locale);
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.documents.summary', { files: preview.files.length, added: preview.added, replaced: preview.replaced, unchanged: preview.unchanged, date: preview.publishedAt })}</p>
      <TableGrid
        caption={t('imports.documents.caption')}
        captionClassName="text-left font-semibold"
        headers={[t('imports.documents.fileCol'), 'ISIN', t('imports.documents.shareCol'), t('imports.documents.typeCol'), t('imports.documents.languageCol'), t('imports.status'), t('imports.documents.replacesCol')]}
      >
        {preview.files.map((f) => (
          <Row key={f.index} cells={[f.fileName, f.isin, f.share, f.typeCode, t(`language.${f.locale as Locale}`), t(`imports.documents.status.${f.status}`), f.current ? `${f.current.fileName} (${f.current.publishedAt})` : '–']} />
        ))}
      </TableGrid>
    </section>
  );
}
