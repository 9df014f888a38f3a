import type { Metadata } from 'next';
import { NEWSLETTER_OPTIONS } from '@/domain/forms/definitions';
import { pageNumber } from '@/domain/inbox';
import { isNewsletterOption, MAX_NEWSLETTER_EXPORT_ROWS } from '@/domain/privacy';
import { can } from '@/domain/roles';
import { adminTranslator } from '@/i18n/admin';
import { formLabels } from '@/i18n/form-labels';
import { Pagination } from '@/components/admin/pagination';
import { SelectField } from '@/components/admin/select-field';
import { buttonClass, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { formatDateTime, queryText } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listSubscribers } from '@/server/privacy/newsletter';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('newsletter.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The newsletter's subscribers, one row per address, filtered by topic, in pages; the CSV for the mailing tool. */
export default async function NewsletterPage({ searchParams }: Props) {
  const staff = await requireStaff('submissions.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const forms = formLabels(staff.locale);
  const optionParam = queryText(query, 'option');
  const option = isNewsletterOption(optionParam) ? optionParam : undefined;
  const result = await listSubscribers(await getDb(), option, pageNumber(query.page));
  const optionLabel = (o: string) => forms(`options.newsletters.${o as (typeof NEWSLETTER_OPTIONS)[number]}`);
  const pageHref = (page: number) => `/admin/newsletter?${new URLSearchParams({ ...(option ? { option } : {}), page: String(page) }).toString()}`;
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('newsletter.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('newsletter.intro')}</p>
      <form method="get" action="/admin/newsletter" aria-label={t('newsletter.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <SelectField
          id="option"
          label={t('newsletter.option')}
          value={option}
          options={[{ value: '', label: t('newsletter.allOptions') }, ...NEWSLETTER_OPTIONS.map((o) => ({ value: o, label: optionLabel(o) }))]}
        />
        <button type="submit" className={buttonClass}>
          {t('newsletter.apply')}
        </button>
      </form>
      <p role="status" className="mb-2">
        {t('newsletter.count', { total: result.total })}
      </p>
      {result.total > 0 && can(staff.role, 'submissions.handle') && (
        <p className="mb-4">
          <a href={`/admin/newsletter/export${option ? `?option=${option}` : ''}`} download className="text-brand underline">
            {t('newsletter.export')}
          </a>
          <span className="block text-sm text-muted">{t('newsletter.exportHint', { max: MAX_NEWSLETTER_EXPORT_ROWS })}</span>
        </p>
      )}
      {result.rows.length === 0 ? (
        <p>{t('newsletter.empty')}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('newsletter.caption')} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">{t('newsletter.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('newsletter.email')}</th>
                <th scope="col" className={thClass}>{t('newsletter.name')}</th>
                <th scope="col" className={thClass}>{t('newsletter.company')}</th>
                <th scope="col" className={thClass}>{t('newsletter.options')}</th>
                <th scope="col" className={thClass}>{t('newsletter.consentAt')}</th>
                <th scope="col" className={thClass}>{t('newsletter.language')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={row.email}>
                  <th scope="row" className={`${tdClass} break-all font-normal`}>{row.email}</th>
                  <td className={tdClass}>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</td>
                  <td className={tdClass}>{row.company}</td>
                  <td className={tdClass}>{row.options.map(optionLabel).join(', ')}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(staff.locale, row.consentAt)}</td>
                  <td className={tdClass}>{row.locale}</td>
                </tr>
              ))}
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
        href={pageHref}
      />
    </>
  );
}
