import type { Locale } from '@/env';
import { adminTranslator } from '@/i18n/admin';
import { tableClass, tdClass, thClass } from '@/components/admin/notice';
import type { ImportKind } from '@/components/admin/import-form';
import type { BenchmarkPreview } from '@/server/benchmarks/import';
import type { NavPreview } from '@/server/navs/import';
import type { PortfolioPreview } from '@/server/portfolios/import';
import type { RegistrationPreview } from '@/server/registrations/commands';
import type { ScenarioPreview } from '@/server/scenarios/import';

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
          <table className={tableClass}>
            <caption className="text-left font-semibold">{t('imports.registrationsCaption', { shown: preview.registrations.length, total: preview.registered + preview.withdrawn })}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('imports.line')}</th>
                <th scope="col" className={thClass}>ISIN</th>
                <th scope="col" className={thClass}>{t('imports.country')}</th>
                <th scope="col" className={thClass}>{t('imports.profile')}</th>
                <th scope="col" className={thClass}>{t('imports.old')}</th>
                <th scope="col" className={thClass}>{t('imports.new')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.registrations.map((c) => (
                <tr key={`${c.isin}|${c.country}|${c.profile}`}>
                  <td className={tdClass}>{c.line}</td>
                  <td className={tdClass}>{c.isin}</td>
                  <td className={tdClass}>{c.country}</td>
                  <td className={tdClass}>{c.profile}</td>
                  <td className={tdClass}>{dates(c.before)}</td>
                  <td className={tdClass}>{dates(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    );
  }
  if ('months' in preview) {
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.rows', { rows: preview.rows })}</p>
        <table className={tableClass}>
          <caption className="sr-only">{t('imports.monthsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>ISIN</th>
              <th scope="col" className={thClass}>{t('imports.month')}</th>
              <th scope="col" className={thClass}>{t('imports.rowsCol')}</th>
              <th scope="col" className={thClass}>{t('imports.stored')}</th>
              <th scope="col" className={thClass}>{t('imports.status')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.months.map((m) => (
              <tr key={`${m.isin}|${m.month}`}>
                <td className={tdClass}>{m.isin}</td>
                <td className={tdClass}>{m.month}</td>
                <td className={tdClass}>{m.rows}</td>
                <td className={tdClass}>{m.stored}</td>
                <td className={tdClass}>{t(`imports.group.${m.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  if (kind === 'portfolios' && 'groups' in preview) {
    return (
      <section aria-label={t('imports.preview')}>
        <p>{t('imports.rows', { rows: preview.rows })}</p>
        <table className={tableClass}>
          <caption className="sr-only">{t('imports.groupsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{t('imports.fund')}</th>
              <th scope="col" className={thClass}>{t('imports.date')}</th>
              <th scope="col" className={thClass}>{t('imports.kind')}</th>
              <th scope="col" className={thClass}>{t('imports.rowsCol')}</th>
              <th scope="col" className={thClass}>{t('imports.stored')}</th>
              <th scope="col" className={thClass}>{t('imports.status')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.groups.map((g) => (
              <tr key={`${g.fund}|${g.date}|${g.kind}`}>
                <td className={tdClass}>{g.fund}</td>
                <td className={tdClass}>{g.date}</td>
                <td className={tdClass}>{g.kind}</td>
                <td className={tdClass}>{g.rows}</td>
                <td className={tdClass}>{g.stored}</td>
                <td className={tdClass}>{t(`imports.group.${g.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  if (!('changes' in preview)) return null;
  const series = 'isins' in preview ? preview.isins : preview.benchmarks;
  return (
    <section aria-label={t('imports.preview')}>
      <p>{t('imports.summary', { rows: preview.rows, added: preview.added, changed: preview.changed, unchanged: preview.unchanged })}</p>
      <table className={tableClass}>
        <caption className="sr-only">{t('imports.seriesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>{kind === 'navs' ? 'ISIN' : t('imports.benchmark')}</th>
            <th scope="col" className={thClass}>{t('imports.rowsCol')}</th>
            <th scope="col" className={thClass}>{t('imports.from')}</th>
            <th scope="col" className={thClass}>{t('imports.to')}</th>
            <th scope="col" className={thClass}>{t('imports.added')}</th>
            <th scope="col" className={thClass}>{t('imports.changedCol')}</th>
            <th scope="col" className={thClass}>{t('imports.unchangedCol')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={s.series}>
              <th scope="row" className={tdClass}>{s.series}</th>
              <td className={tdClass}>{s.rows}</td>
              <td className={tdClass}>{s.from}</td>
              <td className={tdClass}>{s.to}</td>
              <td className={tdClass}>{s.added}</td>
              <td className={tdClass}>{s.changed}</td>
              <td className={tdClass}>{s.unchanged}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.changes.length > 0 && (
        <table className={`${tableClass} mt-4`}>
          <caption className="text-left font-semibold">{t('imports.changesCaption', { shown: preview.changes.length, total: preview.changed })}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{t('imports.line')}</th>
              <th scope="col" className={thClass}>{kind === 'navs' ? 'ISIN' : t('imports.benchmark')}</th>
              <th scope="col" className={thClass}>{t('imports.date')}</th>
              <th scope="col" className={thClass}>{t('imports.old')}</th>
              <th scope="col" className={thClass}>{t('imports.new')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.changes.map((c) => (
              <tr key={`${c.series}|${c.date}`}>
                <td className={tdClass}>{c.line}</td>
                <td className={tdClass}>{c.series}</td>
                <td className={tdClass}>{c.date}</td>
                <td className={tdClass}>{number.format(c.old)}</td>
                <td className={tdClass}>{number.format(c.new)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
