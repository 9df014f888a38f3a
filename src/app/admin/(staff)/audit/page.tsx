import { AdminList, type Column } from '@/components/admin/admin-list';
import { auditEntities, listAudit } from '@/server/audit/queries';
import { formatDateTime, queryText } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('audit.title');

type Row = Awaited<ReturnType<typeof listAudit>>['rows'][number];

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span aria-hidden="true">—</span>;
  return <pre className="max-w-xs overflow-x-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(value, null, 1)}</pre>;
}

/** The audit log, read-only for every role: filters in the query string, pages of a bounded size. */
export default async function AuditPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const db = await getDb();
  const filters = {
    entity: queryText(query, 'entity'),
    person: queryText(query, 'person').slice(0, 200),
    from: queryText(query, 'from'),
    to: queryText(query, 'to'),
  };
  const [entities, result] = await Promise.all([auditEntities(db), listAudit(db, { ...filters, page: Number(queryText(query, 'page')) || 1 })]);
  const columns: Column<Row>[] = [
    { key: 'at', header: t('audit.at'), cell: (row) => formatDateTime(staff.locale, row.at), className: 'whitespace-nowrap' },
    { key: 'who', header: t('audit.who'), cell: (row) => row.actorLabel, className: 'break-all' },
    {
      key: 'entity',
      header: t('audit.entity'),
      cell: (row) => (
        <>
          {row.entity}
          {row.entityId && <span className="block break-all text-xs text-muted">{row.entityId}</span>}
        </>
      ),
    },
    { key: 'action', header: t('audit.action'), cell: (row) => row.action },
    { key: 'before', header: t('audit.before'), cell: (row) => <Json value={row.before} /> },
    { key: 'after', header: t('audit.after'), cell: (row) => <Json value={row.after} /> },
  ];
  return (
    <AdminList
      title={t('audit.title')}
      intro={[t('audit.intro')]}
      query={query}
      filters={{
        path: '/admin/audit',
        label: t('audit.filters'),
        apply: t('audit.apply'),
        reset: t('audit.reset'),
        fields: [
          { name: 'entity', type: 'select', label: t('audit.entity'), value: filters.entity, options: [{ value: '', label: t('audit.all') }, ...entities.map((e) => ({ value: e, label: e }))] },
          { name: 'person', type: 'text', label: t('audit.person'), value: filters.person },
          { name: 'from', type: 'date', label: t('audit.from'), value: filters.from },
          { name: 'to', type: 'date', label: t('audit.to'), value: filters.to },
        ],
      }}
      count={t('audit.count', { total: result.total })}
      caption={t('audit.caption')}
      columns={columns}
      rows={result.rows}
      rowKey={(row) => row.id}
      empty={t('audit.empty')}
      paging={{ label: t('audit.pagination'), previous: t('audit.previous'), next: t('audit.next'), current: t('audit.page', { page: result.page, pages: result.pages }), page: result.page, pages: result.pages }}
    />
  );
}
