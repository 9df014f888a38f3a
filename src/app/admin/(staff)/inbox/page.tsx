import Link from 'next/link';
import { FORMS } from '@/domain/forms/definitions';
import { can } from '@/domain/staff/roles';
import { MAX_EXPORT_ROWS, SUBMISSION_STATUSES, inboxQuery, pageNumber, readInboxFilter, submitterName } from '@/domain/forms/inbox';
import { formLabels } from '@/i18n/form-labels';
import { AdminList, type Column } from '@/components/admin/admin-list';
import { formatDateTime } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { listInbox } from '@/server/inbox/queries';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('inbox.title');

type Row = Awaited<ReturnType<typeof listInbox>>['rows'][number];

/** The visitors' submissions, newest first: filters in the query string, pages of a bounded size. */
export default async function InboxPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('submissions.read', searchParams);
  const forms = formLabels(staff.locale);
  const filter = readInboxFilter(query);
  const result = await listInbox(await getDb(), filter, pageNumber(query.page));
  const exportQuery = inboxQuery(filter);
  const kindLabel = (kind: string) => forms(`kinds.${kind as keyof typeof FORMS}`);
  const columns: Column<Row>[] = [
    { key: 'at', header: t('inbox.at'), cell: (row) => formatDateTime(staff.locale, row.createdAt), className: 'whitespace-nowrap' },
    { key: 'form', header: t('inbox.form'), cell: (row) => kindLabel(row.kind) },
    {
      key: 'name',
      header: t('inbox.name'),
      rowHeader: true,
      cell: (row) => {
        const name = submitterName(row.fields) || row.id;
        return (
          <Link href={`/admin/inbox/${row.id}`} aria-label={t('inbox.open', { name })} className="text-brand underline">
            {name}
          </Link>
        );
      },
    },
    { key: 'email', header: t('inbox.email'), cell: (row) => (typeof row.fields.email === 'string' ? row.fields.email : ''), className: 'break-all' },
    { key: 'files', header: t('inbox.files'), cell: (row) => row.files },
    { key: 'status', header: t('inbox.status'), cell: (row) => t(`inbox.statuses.${row.status}`) },
    { key: 'assignee', header: t('inbox.assignee'), cell: (row) => row.assignee ?? t('inbox.nobody'), className: 'break-all' },
  ];
  return (
    <AdminList
      title={t('inbox.title')}
      intro={[t('inbox.intro')]}
      query={query}
      flash={{ error: { notFound: t('inbox.detail.notFound') } }}
      filters={{
        path: '/admin/inbox',
        label: t('inbox.filters'),
        apply: t('inbox.apply'),
        reset: t('inbox.reset'),
        fields: [
          { name: 'form', type: 'select', label: t('inbox.form'), value: filter.kind, options: [{ value: '', label: t('inbox.allForms') }, ...Object.keys(FORMS).map((kind) => ({ value: kind, label: kindLabel(kind) }))] },
          { name: 'status', type: 'select', label: t('inbox.status'), value: filter.status, options: [{ value: '', label: t('inbox.allStatuses') }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`inbox.statuses.${s}`) }))] },
          { name: 'from', type: 'date', label: t('inbox.from'), value: filter.from },
          { name: 'to', type: 'date', label: t('inbox.to'), value: filter.to },
          { name: 'q', type: 'search', label: t('inbox.search'), value: filter.q, maxLength: 100 },
        ],
      }}
      count={t('inbox.count', { total: result.total })}
      download={
        result.total > 0 && can(staff.role, 'submissions.handle')
          ? { href: `/admin/inbox/export${exportQuery ? `?${exportQuery}` : ''}`, label: t('inbox.export'), hint: t('inbox.exportHint', { max: MAX_EXPORT_ROWS }) }
          : undefined
      }
      caption={t('inbox.caption')}
      columns={columns}
      rows={result.rows}
      rowKey={(row) => row.id}
      empty={t('inbox.empty')}
      paging={{
        label: t('inbox.pagination'),
        previous: t('inbox.previous'),
        next: t('inbox.next'),
        current: t('inbox.page', { page: result.page, pages: result.pages }),
        page: result.page,
        pages: result.pages,
        href: (page: number) => `/admin/inbox?${inboxQuery(filter, page)}`,
      }}
    />
  );
}
