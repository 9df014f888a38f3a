import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import type { Dividend } from '@/domain/dividends/model';
import type { DividendPreview } from '@/server/dividends/import';
import { Row, TableGrid } from '@/components/ui/table';

/** What a dividends file would write (the import screen's preview and the review screen's): counts, then each added or corrected dividend, stored → file. */
export function DividendImportPreview({ preview, locale }: { preview: DividendPreview; locale: Locale }) {
  const t = adminTranslator(locale);
  const text = (d: Dividend | null) =>
    d === null ? t('imports.dividends.none') : t('imports.dividends.value', { record: d.recordDate, payment: d.paymentDate, amount: d.amount, currency: d.currency });
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.dividends.summary', { rows: preview.rows, added: preview.added, changed: preview.changed, unchanged: preview.unchanged })}</p>
      {preview.dividends.length > 0 && (
        <TableGrid
          caption={t('imports.dividends.caption', { shown: preview.dividends.length, total: preview.added + preview.changed })}
          captionClassName="text-left font-semibold"
          headers={[t('imports.line'), 'ISIN', t('imports.dividends.exDate'), t('imports.old'), t('imports.new')]}
        >
          {preview.dividends.map((c) => (
            <Row key={`${c.isin}|${c.exDate}`} cells={[c.line, c.isin, c.exDate, text(c.before), text(c.after)]} />
          ))}
        </TableGrid>
      )}
    </section>
  );
}
