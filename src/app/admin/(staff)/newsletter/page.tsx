import { NEWSLETTER_OPTIONS } from '@/domain/forms/definitions';
import { pageNumber } from '@/domain/forms/inbox';
import { isNewsletterOption, MAX_NEWSLETTER_EXPORT_ROWS } from '@/domain/privacy/gdpr';
import { can } from '@/domain/staff/roles';
import { formLabels } from '@/i18n/form-labels';
import { AdminList, type Column } from '@/components/admin/admin-list';
import { formatDateTime, queryText } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { listSubscribers } from '@/server/privacy/newsletter';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('newsletter.title');

type Row = Awaited<ReturnType<typeof listSubscribers>>['rows'][number];

/** The newsletter's subscribers, one row per address, filtered by topic, in pages; the CSV for the mailing tool. */
export default async function NewsletterPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('submissions.read', searchParams);
  const forms = formLabels(staff.locale);
  const optionParam = queryText(query, 'option');
  const option = isNewsletterOption(optionParam) ? optionParam : undefined;
  const result = await listSubscribers(await getDb(), option, pageNumber(query.page));
  const optionLabel = (o: string) => forms(`options.newsletters.${o as (typeof NEWSLETTER_OPTIONS)[number]}`);
  const columns: Column<Row>[] = [
    { key: 'email', header: t('newsletter.email'), rowHeader: true, cell: (row) => row.email, className: 'break-all' },
    { key: 'name', header: t('newsletter.name'), cell: (row) => [row.firstName, row.lastName].filter(Boolean).join(' ') },
    { key: 'company', header: t('newsletter.company'), cell: (row) => row.company },
    { key: 'options', header: t('newsletter.options'), cell: (row) => row.options.map(optionLabel).join(', ') },
    { key: 'consentAt', header: t('newsletter.consentAt'), cell: (row) => formatDateTime(staff.locale, row.consentAt), className: 'whitespace-nowrap' },
    { key: 'language', header: t('newsletter.language'), cell: (row) => row.locale },
  ];
  return (
    <AdminList
      title={t('newsletter.title')}
      intro={[t('newsletter.intro')]}
      query={query}
      filters={{
        path: '/admin/newsletter',
        label: t('newsletter.filters'),
        apply: t('newsletter.apply'),
        fields: [{ name: 'option', type: 'select', label: t('newsletter.option'), value: option, options: [{ value: '', label: t('newsletter.allOptions') }, ...NEWSLETTER_OPTIONS.map((o) => ({ value: o, label: optionLabel(o) }))] }],
      }}
      count={t('newsletter.count', { total: result.total })}
      download={
        result.total > 0 && can(staff.role, 'submissions.handle')
          ? { href: `/admin/newsletter/export${option ? `?option=${option}` : ''}`, label: t('newsletter.export'), hint: t('newsletter.exportHint', { max: MAX_NEWSLETTER_EXPORT_ROWS }) }
          : undefined
      }
      caption={t('newsletter.caption')}
      columns={columns}
      rows={result.rows}
      rowKey={(row) => row.email}
      empty={t('newsletter.empty')}
      paging={{ label: t('inbox.pagination'), previous: t('inbox.previous'), next: t('inbox.next'), current: t('inbox.page', { page: result.page, pages: result.pages }), page: result.page, pages: result.pages }}
    />
  );
}
