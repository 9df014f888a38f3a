import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import type { ImportKind } from '@/components/admin/import-form';
import type { BenchmarkPreview } from '@/server/benchmarks/import';
import type { NavPreview } from '@/server/navs/import';
import type { PortfolioPreview } from '@/server/portfolios/import';
import type { RegistrationPreview } from '@/server/registrations/commands';
import type { ScenarioPreview } from '@/server/scenarios/import';
import { TableGrid, Td, Th } from '@/components/ui/table';

type Props = { kind: ImportKind; preview: NavPreview | BenchmarkPreview | PortfolioPreview | ScenarioPreview | RegistrationPreview; locale: Locale };

/** What a CSV file would write, drawn on the server for the import screen's preview (nothing is written yet). */
export function ImportPreview({ kind, preview, locale }: Props) {
  const t = adminTranslator(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  if ('registrations' in preview) {
    const dates = (d: { registeredOn: string; withdrawnOn: string | null } | null) =>
      d === null ? t('registrations.none') : d.withdrawnOn ? t('registrations.withdrawnOn', { date: d.withdrawnOn }) : t('registrations.since', { date: d.registeredOn });
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.registrationSummary', { rows: preview.rows, registered: preview.registered, withdrawn: preview.withdrawn, unchanged: preview.unchanged })}</p>
        {preview.registrations.length > 0 && (
          <TableGrid>
            <caption className="text-left font-semibold">{t('imports.registrationsCaption', { shown: preview.registrations.length, total: preview.registered + preview.withdrawn })}</caption>
            <thead>
              <tr>
                <Th scope="col">{t('imports.line')}</Th>
                <Th scope="col">ISIN</Th>
                <Th scope="col">{t('imports.country')}</Th>
                <Th scope="col">{t('imports.profile')}</Th>
                <Th scope="col">{t('imports.old')}</Th>
                <Th scope="col">{t('imports.new')}</Th>
              </tr>
            </thead>
            <tbody>
              {preview.registrations.map((c) => (
                <tr key={`${c.isin}|${c.country}|${c.profile}`}>
                  <Td>{c.line}</Td>
                  <Td>{c.isin}</Td>
                  <Td>{c.country}</Td>
                  <Td>{c.profile}</Td>
                  <Td>{dates(c.before)}</Td>
                  <Td>{dates(c.after)}</Td>
                </tr>
              ))}
            </tbody>
          </TableGrid>
        )}
      </section>
    );
  }
  if ('months' in preview) {
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.rows', { rows: preview.rows })}</p>
        <TableGrid>
          <caption className="sr-only">{t('imports.monthsCaption')}</caption>
          <thead>
            <tr>
              <Th scope="col">ISIN</Th>
              <Th scope="col">{t('imports.month')}</Th>
              <Th scope="col">{t('imports.rowsCol')}</Th>
              <Th scope="col">{t('imports.stored')}</Th>
              <Th scope="col">{t('imports.status')}</Th>
            </tr>
          </thead>
          <tbody>
            {preview.months.map((m) => (
              <tr key={`${m.isin}|${m.month}`}>
                <Td>{m.isin}</Td>
                <Td>{m.month}</Td>
                <Td>{m.rows}</Td>
                <Td>{m.stored}</Td>
                <Td>{t(`imports.group.${m.status}`)}</Td>
              </tr>
            ))}
          </tbody>
        </TableGrid>
      </section>
    );
  }
  if (kind === 'portfolios' && 'groups' in preview) {
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.rows', { rows: preview.rows })}</p>
        <TableGrid>
          <caption className="sr-only">{t('imports.groupsCaption')}</caption>
          <thead>
            <tr>
              <Th scope="col">{t('imports.fund')}</Th>
              <Th scope="col">{t('imports.date')}</Th>
              <Th scope="col">{t('imports.kind')}</Th>
              <Th scope="col">{t('imports.rowsCol')}</Th>
              <Th scope="col">{t('imports.stored')}</Th>
              <Th scope="col">{t('imports.status')}</Th>
            </tr>
          </thead>
          <tbody>
            {preview.groups.map((g) => (
              <tr key={`${g.fund}|${g.date}|${g.kind}`}>
                <Td>{g.fund}</Td>
                <Td>{g.date}</Td>
                <Td>{g.kind}</Td>
                <Td>{g.rows}</Td>
                <Td>{g.stored}</Td>
                <Td>{t(`imports.group.${g.status}`)}</Td>
              </tr>
            ))}
          </tbody>
        </TableGrid>
      </section>
    );
  }
  if (!('changes' in preview)) return null;
  const series = 'isins' in preview ? preview.isins : preview.benchmarks;
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.summary', { rows: preview.rows, added: preview.added, changed: preview.changed, unchanged: preview.unchanged })}</p>
      <TableGrid>
        <caption className="sr-only">{t('imports.seriesCaption')}</caption>
        <thead>
          <tr>
            <Th scope="col">{kind === 'navs' ? 'ISIN' : t('imports.benchmark')}</Th>
            <Th scope="col">{t('imports.rowsCol')}</Th>
            <Th scope="col">{t('imports.from')}</Th>
            <Th scope="col">{t('imports.to')}</Th>
            <Th scope="col">{t('imports.added')}</Th>
            <Th scope="col">{t('imports.changedCol')}</Th>
            <Th scope="col">{t('imports.unchangedCol')}</Th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={s.series}>
              <Th cell scope="row">{s.series}</Th>
              <Td>{s.rows}</Td>
              <Td>{s.from}</Td>
              <Td>{s.to}</Td>
              <Td>{s.added}</Td>
              <Td>{s.changed}</Td>
              <Td>{s.unchanged}</Td>
            </tr>
          ))}
        </tbody>
      </TableGrid>
      {preview.changes.length > 0 && (
        <TableGrid className="mt-4">
          <caption className="text-left font-semibold">{t('imports.changesCaption', { shown: preview.changes.length, total: preview.changed })}</caption>
          <thead>
            <tr>
              <Th scope="col">{t('imports.line')}</Th>
              <Th scope="col">{kind === 'navs' ? 'ISIN' : t('imports.benchmark')}</Th>
              <Th scope="col">{t('imports.date')}</Th>
              <Th scope="col">{t('imports.old')}</Th>
              <Th scope="col">{t('imports.new')}</Th>
            </tr>
          </thead>
          <tbody>
            {preview.changes.map((c) => (
              <tr key={`${c.series}|${c.date}`}>
                <Td>{c.line}</Td>
                <Td>{c.series}</Td>
                <Td>{c.date}</Td>
                <Td>{number.format(c.old)}</Td>
                <Td>{number.format(c.new)}</Td>
              </tr>
            ))}
          </tbody>
        </TableGrid>
      )}
    </section>
  );
}
