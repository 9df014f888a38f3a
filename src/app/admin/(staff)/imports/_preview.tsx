import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import type { ImportKind } from '@/components/admin/import-form';
import type { BenchmarkPreview } from '@/server/benchmarks/import';
import type { NavPreview } from '@/server/navs/import';
import type { PortfolioPreview } from '@/server/portfolios/import';
import type { RegistrationPreview } from '@/server/registrations/commands';
import type { ScenarioPreview } from '@/server/scenarios/import';
import type { FindatexPreview } from '@/server/distribution/import';
import type { CatalogPreview } from '@/server/distribution/catalog-import';
import { CatalogImportPreview } from './_catalog-preview';
import type { DividendPreview } from '@/server/dividends/import';
import { DividendImportPreview } from './_dividends-preview';
import { Row, TableGrid, Td, Th } from '@/components/ui/table';

type Props = { kind: ImportKind; preview: NavPreview | BenchmarkPreview | PortfolioPreview | ScenarioPreview | RegistrationPreview | FindatexPreview | CatalogPreview | DividendPreview; locale: Locale };

/** What a CSV file would write, drawn on the server for the import screen's preview (nothing is written yet). */
export function ImportPreview({ kind, preview, locale }: Props) {
  const t = adminTranslator(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  if (kind === 'dividends' && 'dividends' in preview) return <DividendImportPreview preview={preview} locale={locale} />;
  if (kind === 'catalog' && 'funds' in preview) return <CatalogImportPreview preview={preview} locale={locale} />;
  if ('template' in preview) {
    // A FinDatEx file: per line, its share class (EMT) or fund (EET) and each field it changes, stored → file.
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.findatex.summary', { rows: preview.rows, changed: preview.changed, unchanged: preview.unchanged })}</p>
        <TableGrid caption={t('imports.findatex.caption')} captionClassName="text-left font-semibold" headers={[t('imports.line'), 'ISIN', t('imports.findatex.target'), t('imports.status'), t('imports.findatex.fields')]}>
          {preview.lines.map((l) => (
            <Row
              key={l.line}
              cells={[
                l.line,
                l.isin,
                l.target,
                t(`imports.findatex.status.${l.status}`),
                l.changes.length === 0 ? '' : (
                  <ul className="space-y-1">
                    {l.changes.map((c) => (
                      <li key={c.field}>
                        <code className="break-all">{c.field}</code>: {c.before || '∅'} → {c.after || '∅'}
                      </li>
                    ))}
                  </ul>
                ),
              ]}
            />
          ))}
        </TableGrid>
      </section>
    );
  }
  if ('registrations' in preview) {
    const dates = (d: { registeredOn: string; withdrawnOn: string | null } | null) =>
      d === null ? t('registrations.none') : d.withdrawnOn ? t('registrations.withdrawnOn', { date: d.withdrawnOn }) : t('registrations.since', { date: d.registeredOn });
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.registrationSummary', { rows: preview.rows, registered: preview.registered, withdrawn: preview.withdrawn, unchanged: preview.unchanged })}</p>
        {preview.registrations.length > 0 && (
          <TableGrid caption={t('imports.registrationsCaption', { shown: preview.registrations.length, total: preview.registered + preview.withdrawn })} captionClassName="text-left font-semibold" headers={[t('imports.line'), 'ISIN', t('imports.country'), t('imports.profile'), t('imports.old'), t('imports.new')]}>
            {preview.registrations.map((c) => (
              <Row key={`${c.isin}|${c.country}|${c.profile}`} cells={[c.line, c.isin, c.country, c.profile, dates(c.before), dates(c.after)]} />
            ))}
          </TableGrid>
        )}
      </section>
    );
  }
  if ('months' in preview) {
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.rows', { rows: preview.rows })}</p>
        <TableGrid caption={t('imports.monthsCaption')} headers={['ISIN', t('imports.month'), t('imports.rowsCol'), t('imports.stored'), t('imports.status')]}>
          {preview.months.map((m) => (
            <Row key={`${m.isin}|${m.month}`} cells={[m.isin, m.month, m.rows, m.stored, t(`imports.group.${m.status}`)]} />
          ))}
        </TableGrid>
      </section>
    );
  }
  if (kind === 'portfolios' && 'groups' in preview) {
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.rows', { rows: preview.rows })}</p>
        <TableGrid caption={t('imports.groupsCaption')} headers={[t('imports.fund'), t('imports.date'), t('imports.kind'), t('imports.rowsCol'), t('imports.stored'), t('imports.status')]}>
          {preview.groups.map((g) => (
            <Row key={`${g.fund}|${g.date}|${g.kind}`} cells={[g.fund, g.date, g.kind, g.rows, g.stored, t(`imports.group.${g.status}`)]} />
          ))}
        </TableGrid>
      </section>
    );
  }
  if (!('changes' in preview)) return null;
  const series = 'isins' in preview ? preview.isins : preview.benchmarks;
  // A NAV file names each share class by its ISIN; the preview adds its fund and share addresses.
  const shares = 'isins' in preview ? new Map(preview.isins.map((s) => [s.series, `${s.fundSlug} / ${s.shareSlug}`])) : null;
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.summary', { rows: preview.rows, added: preview.added, changed: preview.changed, unchanged: preview.unchanged })}</p>
      <TableGrid
        caption={t('imports.seriesCaption')}
        headers={[kind === 'navs' ? 'ISIN' : t('imports.benchmark'), ...(shares ? [t('imports.shareClass')] : []), t('imports.rowsCol'), t('imports.from'), t('imports.to'), t('imports.added'), t('imports.changedCol'), t('imports.unchangedCol')]}
      >
        {series.map((s) => (
          <tr key={s.series}>
            <Th cell scope="row">{s.series}</Th>
            {shares && <Td>{shares.get(s.series)}</Td>}
            <Td>{s.rows}</Td>
            <Td>{s.from}</Td>
            <Td>{s.to}</Td>
            <Td>{s.added}</Td>
            <Td>{s.changed}</Td>
            <Td>{s.unchanged}</Td>
          </tr>
        ))}
      </TableGrid>
      {preview.changes.length > 0 && (
        <TableGrid className="mt-4" caption={t('imports.changesCaption', { shown: preview.changes.length, total: preview.changed })} captionClassName="text-left font-semibold" headers={[t('imports.line'), kind === 'navs' ? 'ISIN' : t('imports.benchmark'), t('imports.date'), t('imports.old'), t('imports.new')]}>
          {preview.changes.map((c) => (
            <Row key={`${c.series}|${c.date}`} cells={[c.line, c.series, c.date, number.format(c.old), number.format(c.new)]} />
          ))}
        </TableGrid>
      )}
    </section>
  );
}
