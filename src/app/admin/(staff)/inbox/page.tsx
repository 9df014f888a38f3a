import type { Metadata } from 'next';
import Link from 'next/link';
import { FORMS } from '@/domain/forms/definitions';
import { can } from '@/domain/roles';
import { MAX_EXPORT_ROWS, SUBMISSION_STATUSES, inboxQuery, pageNumber, readInboxFilter, submitterName } from '@/domain/inbox';
import { adminTranslator } from '@/i18n/admin';
import { formLabels } from '@/i18n/form-labels';
import { Pagination } from '@/components/admin/pagination';
import { SelectField } from '@/components/admin/select-field';
import { buttonClass, inputClass, labelClass, Notice, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { flash, formatDateTime } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listInbox } from '@/server/queries/inbox';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('inbox.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The visitors' submissions, newest first: filters in the query string, pages of a bounded size. */
export default async function InboxPage({ searchParams }: Props) {
  const staff = await requireStaff('submissions.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const forms = formLabels(staff.locale);
  const filter = readInboxFilter(query);
  const result = await listInbox(await getDb(), filter, pageNumber(query.page));
  const error = flash(query, 'error', ['notFound'] as const);
  const exportQuery = inboxQuery(filter);
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('inbox.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('inbox.intro')}</p>
      {error && <Notice tone="error">{t('inbox.detail.notFound')}</Notice>}
      <form method="get" action="/admin/inbox" aria-label={t('inbox.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <SelectField
          id="form"
          label={t('inbox.form')}
          value={filter.kind}
          options={[{ value: '', label: t('inbox.allForms') }, ...Object.keys(FORMS).map((kind) => ({ value: kind, label: forms(`kinds.${kind as keyof typeof FORMS}`) }))]}
        />
        <SelectField
          id="status"
          label={t('inbox.status')}
          value={filter.status}
          options={[{ value: '', label: t('inbox.allStatuses') }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`inbox.statuses.${s}`) }))]}
        />
        <div>
          <label htmlFor="from" className={labelClass}>
            {t('inbox.from')}
          </label>
          <input id="from" name="from" type="date" defaultValue={filter.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to" className={labelClass}>
            {t('inbox.to')}
          </label>
          <input id="to" name="to" type="date" defaultValue={filter.to} className={inputClass} />
        </div>
        <div>
          <label htmlFor="q" className={labelClass}>
            {t('inbox.search')}
          </label>
          <input id="q" name="q" type="search" maxLength={100} defaultValue={filter.q} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass}>
          {t('inbox.apply')}
        </button>
        <Link href="/admin/inbox" className="py-2 text-brand underline">
          {t('inbox.reset')}
        </Link>
      </form>
      <p role="status" className="mb-2">
        {t('inbox.count', { total: result.total })}
      </p>
      {result.total > 0 && can(staff.role, 'submissions.handle') && (
        <p className="mb-4">
          <a href={`/admin/inbox/export${exportQuery ? `?${exportQuery}` : ''}`} download className="text-brand underline">
            {t('inbox.export')}
          </a>
          <span className="block text-sm text-muted">{t('inbox.exportHint', { max: MAX_EXPORT_ROWS })}</span>
        </p>
      )}
      {result.rows.length === 0 ? (
        <p>{t('inbox.empty')}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('inbox.caption')} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">{t('inbox.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('inbox.at')}</th>
                <th scope="col" className={thClass}>{t('inbox.form')}</th>
                <th scope="col" className={thClass}>{t('inbox.name')}</th>
                <th scope="col" className={thClass}>{t('inbox.email')}</th>
                <th scope="col" className={thClass}>{t('inbox.files')}</th>
                <th scope="col" className={thClass}>{t('inbox.status')}</th>
                <th scope="col" className={thClass}>{t('inbox.assignee')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => {
                const name = submitterName(row.fields) || row.id;
                return (
                  <tr key={row.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(staff.locale, row.createdAt)}</td>
                    <td className={tdClass}>{forms(`kinds.${row.kind as keyof typeof FORMS}`)}</td>
                    <th scope="row" className={`${tdClass} font-normal`}>
                      <Link href={`/admin/inbox/${row.id}`} aria-label={t('inbox.open', { name })} className="text-brand underline">
                        {name}
                      </Link>
                    </th>
                    <td className={`${tdClass} break-all`}>{typeof row.fields.email === 'string' ? row.fields.email : ''}</td>
                    <td className={tdClass}>{row.files}</td>
                    <td className={tdClass}>{t(`inbox.statuses.${row.status}`)}</td>
                    <td className={`${tdClass} break-all`}>{row.assignee ?? t('inbox.nobody')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label={t('inbox.pagination')}
        previous={t('inbox.previous')}
        next={t('inbox.next')}
        current={t('inbox.page', { page: result.page, pages: result.pages })}
        page={result.page}
        pages={result.pages}
        href={(page: number) => `/admin/inbox?${inboxQuery(filter, page)}`}
      />
    </>
  );
}
