import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import type { CatalogPreview } from '@/server/distribution/catalog-import';
import { Row, TableGrid } from '@/components/ui/table';

/**
 * What an EMT would create (the import screen's preview and the review screen's): the funds, each
 * share class with its ISIN, name, currency, fund, target market and costs as the file states them,
 * the lines already in the catalogue, and what the creation sets that the EMT does not say.
 */
export function CatalogImportPreview({ preview, locale }: { preview: CatalogPreview; locale: Locale }) {
  const t = adminTranslator(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 });
  const cost = (value: number | null | undefined) => (value === null || value === undefined ? '–' : percent.format(value));
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.catalog.summary', { rows: preview.rows, funds: preview.funds.length, shares: preview.shareCount, existing: preview.existing.length })}</p>
      {preview.existing.length > 0 && <p>{t('imports.catalog.existing', { isins: preview.existing.map((e) => e.isin).join(', ') })}</p>}
      {preview.funds.length > 0 && <p className="max-w-prose text-muted">{t('imports.catalog.defaults', { category: preview.category, country: preview.country })}</p>}
      {preview.funds.length > 0 && (
        <TableGrid
          caption={t('imports.catalog.fundsCaption')}
          captionClassName="text-left font-semibold"
          headers={[t('imports.catalog.fund'), t('imports.catalog.slug'), t('imports.catalog.productType'), 'SRI', t('imports.catalog.holding'), t('imports.catalog.shareCount')]}
        >
          {preview.funds.map((f) => (
            <Row key={f.slug} cells={[f.name, f.slug, f.productType, f.riskLevel, f.holdingYears, f.shares.length]} />
          ))}
        </TableGrid>
      )}
      {preview.funds.length > 0 && (
        <TableGrid
          caption={t('imports.catalog.sharesCaption')}
          captionClassName="text-left font-semibold"
          headers={[t('imports.line'), 'ISIN', t('imports.catalog.share'), t('imports.catalog.currency'), t('imports.catalog.fund'), t('imports.catalog.targetMarket'), t('imports.catalog.costs')]}
        >
          {preview.funds.flatMap((f) =>
            f.shares.map((s) => {
              const tm = s.distribution.targetMarket;
              const ex = s.distribution.exAnte;
              return (
                <Row
                  key={s.isin}
                  cells={[
                    s.line,
                    s.isin,
                    `${s.name} (${s.slug})`,
                    s.currency,
                    f.name,
                    t('imports.catalog.targetMarketValue', { retail: tm.investorType.retail, professional: tm.investorType.professional, counterparty: tm.investorType.eligibleCounterparty, profiles: s.visibleTo.join(', ') }),
                    t('imports.catalog.costsValue', { entry: cost(ex.entry), exit: cost(ex.exit), ongoing: cost(ex.ongoing) }),
                  ]}
                />
              );
            }),
          )}
        </TableGrid>
      )}
    </section>
  );
}
