import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import type { DocumentBatchPreview } from '@/server/documents/bulk-import';
import { Row, TableGrid } from '@/components/ui/table';

/**
 * What a batch of documents would store (the imports screen's preview and the review screen's):
 * counts, then each file, its share class and the version it replaces; on the imports screen also
 * whether each PDF is tagged (`tagged`, by file), with a warning for those that are not.
 */
export function DocumentBatchPreviewView({ preview, locale, tagged }: { preview: DocumentBatchPreview; locale: Locale; tagged?: (boolean | null)[] }) {
  const t = adminTranslator(locale);
  const taggedText = (value: boolean | null | undefined) => (value === true ? t('documents.yes') : value === false ? t('documents.no') : t('documents.taggedUnknown'));
  const untagged = tagged?.filter((v) => v === false).length ?? 0;
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.documents.summary', { files: preview.files.length, added: preview.added, replaced: preview.replaced, unchanged: preview.unchanged, date: preview.publishedAt })}</p>
      {untagged > 0 && <p className="my-2 font-medium">{t('imports.documents.untagged', { count: untagged })}</p>}
      <TableGrid
        caption={t('imports.documents.caption')}
        captionClassName="text-left font-semibold"
        headers={[t('imports.documents.fileCol'), 'ISIN', t('imports.documents.shareCol'), t('imports.documents.typeCol'), t('imports.documents.languageCol'), t('imports.status'), t('imports.documents.replacesCol'), ...(tagged ? [t('documents.tagged')] : [])]}
      >
        {preview.files.map((f) => (
          <Row key={f.index} cells={[f.fileName, f.isin, f.share, f.typeCode, t(`language.${f.locale as Locale}`), t(`imports.documents.status.${f.status}`), f.current ? `${f.current.fileName} (${f.current.publishedAt})` : '–', ...(tagged ? [taggedText(tagged[f.index])] : [])]} />
        ))}
      </TableGrid>
    </section>
  );
}
