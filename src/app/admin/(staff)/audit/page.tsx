import type { Metadata } from 'next';
import Link from 'next/link';
import { adminTranslator } from '@/i18n/admin';
import { Pagination } from '@/components/admin/pagination';
import { SelectField } from '@/components/admin/select-field';
import { buttonClass, inputClass, labelClass, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { auditEntities, listAudit } from '@/server/audit/query';
import { formatDateTime, queryText } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('audit.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span aria-hidden="true">—</span>;
  return <pre className="max-w-xs overflow-x-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(value, null, 1)}</pre>;
}

/** The audit log, read-only for every role: filters in the query string, pages of a bounded size. */
export default async function AuditPage({ searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const filters = {
    entity: queryText(query, 'entity'),
    person: queryText(query, 'person').slice(0, 200),
    from: queryText(query, 'from'),
    to: queryText(query, 'to'),
  };
  const [entities, result] = await Promise.all([auditEntities(db), listAudit(db, { ...filters, page: Number(queryText(query, 'page')) || 1 })]);
  const pageHref = (page: number) => {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
    params.set('page', String(page));
    return `/admin/audit?${params.toString()}`;
  };
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('audit.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('audit.intro')}</p>
      <form method="get" action="/admin/audit" aria-label={t('audit.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <SelectField id="entity" label={t('audit.entity')} value={filters.entity} options={[{ value: '', label: t('audit.all') }, ...entities.map((e) => ({ value: e, label: e }))]} />
        <div>
          <label htmlFor="person" className={labelClass}>
            {t('audit.person')}
          </label>
          <input id="person" name="person" defaultValue={filters.person} className={inputClass} />
        </div>
        <div>
          <label htmlFor="from" className={labelClass}>
            {t('audit.from')}
          </label>
          <input id="from" name="from" type="date" defaultValue={filters.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to" className={labelClass}>
            {t('audit.to')}
          </label>
          <input id="to" name="to" type="date" defaultValue={filters.to} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass}>
          {t('audit.apply')}
        </button>
        <Link href="/admin/audit" className="py-2 text-brand underline">
          {t('audit.reset')}
        </Link>
      </form>
      <p role="status" className="mb-2">
        {t('audit.count', { total: result.total })}
      </p>
      {result.rows.length === 0 ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('audit.caption')} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('audit.at')}</th>
                <th scope="col" className={thClass}>{t('audit.who')}</th>
                <th scope="col" className={thClass}>{t('audit.entity')}</th>
                <th scope="col" className={thClass}>{t('audit.action')}</th>
                <th scope="col" className={thClass}>{t('audit.before')}</th>
                <th scope="col" className={thClass}>{t('audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(staff.locale, row.at)}</td>
                  <td className={`${tdClass} break-all`}>{row.actorLabel}</td>
                  <td className={tdClass}>
                    {row.entity}
                    {row.entityId && <span className="block break-all text-xs text-muted">{row.entityId}</span>}
                  </td>
                  <td className={tdClass}>{row.action}</td>
                  <td className={tdClass}>
                    <Json value={row.before} />
                  </td>
                  <td className={tdClass}>
                    <Json value={row.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label={t('audit.pagination')}
        previous={t('audit.previous')}
        next={t('audit.next')}
        current={t('audit.page', { page: result.page, pages: result.pages })}
        page={result.page}
        pages={result.pages}
        href={pageHref}
      />
    </>
  );
}
