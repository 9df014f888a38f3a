import Link from 'next/link';
import { SUPPORTED_LOCALES } from '@/env';
import { NEWS_STATES, newsListQuery, newsStateOf, readNewsListFilter } from '@/domain/news/input';
import { can } from '@/domain/staff/roles';
import { AdminList, type Column } from '@/components/admin/admin-list';
import { ButtonLink } from '@/components/ui/button';
import { formatDateTime } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { listNewsForStaff, newsReferenceLists } from '@/server/news/staff-queries';
import { policyNote } from '@/app/admin/approval-form';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('news.title');

type Row = Awaited<ReturnType<typeof listNewsForStaff>>['rows'][number];

/** Every news item, one row per language, filtered by language, category, fund and state (query string), 25 a page. */
export default async function NewsListPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const db = await getDb();
  const filter = readNewsListFilter(query);
  const [result, refs] = await Promise.all([listNewsForStaff(db, filter), newsReferenceLists(db)]);
  const pick = (value: Partial<Record<string, string>>) => value[staff.locale] ?? value.fr ?? '';
  const categoryTitle = new Map(refs.categories.map((c) => [c.code, pick(c.title)]));
  const now = new Date();
  const all = { value: '', label: t('news.all') };
  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: t('news.fields.title'),
      rowHeader: true,
      cell: (row) => (
        <Link href={`/admin/news/${row.id}`} lang={row.locale} className="text-brand underline">
          {row.title}
        </Link>
      ),
    },
    { key: 'language', header: t('news.language'), cell: (row) => (SUPPORTED_LOCALES.includes(row.locale as never) ? t(`language.${row.locale as 'fr'}`) : row.locale) },
    { key: 'category', header: t('news.category'), cell: (row) => categoryTitle.get(row.categoryCode) ?? row.categoryCode },
    { key: 'date', header: t('news.date'), cell: (row) => row.publishedAt, className: 'whitespace-nowrap' },
    {
      key: 'state',
      header: t('news.state'),
      cell: (row) => {
        const state = newsStateOf(row, now);
        return state === 'scheduled' ? t('news.scheduledFor', { date: formatDateTime(staff.locale, row.publishAt) }) : t(`news.states.${state}`);
      },
    },
  ];
  return (
    <AdminList
      title={t('news.title')}
      intro={[t('news.intro'), policyNote(t, 'news')]}
      query={query}
      flash={{ done: { deleted: t('news.deleted') } }}
      actions={can(staff.role, 'content.write') && <ButtonLink href="/admin/news/new">{t('news.new')}</ButtonLink>}
      filters={{
        path: '/admin/news',
        label: t('news.filters'),
        apply: t('news.apply'),
        reset: t('news.reset'),
        fields: [
          { name: 'locale', type: 'select', label: t('news.language'), value: filter.locale, options: [all, ...SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))] },
          { name: 'category', type: 'select', label: t('news.category'), value: filter.category, options: [all, ...refs.categories.map((c) => ({ value: c.code, label: pick(c.title) }))] },
          { name: 'fund', type: 'select', label: t('news.fund'), value: filter.fund ? String(filter.fund) : '', options: [all, ...refs.funds.map((f) => ({ value: String(f.id), label: pick(f.title) }))] },
          { name: 'state', type: 'select', label: t('news.state'), value: filter.state, options: [all, ...NEWS_STATES.map((s) => ({ value: s, label: t(`news.states.${s}`) }))] },
        ],
      }}
      count={t('news.count', { total: result.total })}
      caption={t('news.caption')}
      columns={columns}
      rows={result.rows}
      rowKey={(row) => row.id}
      empty={t('news.empty')}
      paging={{
        label: t('news.pagination'),
        previous: t('news.previous'),
        next: t('news.next'),
        current: t('news.page', { page: result.page, pages: result.pages }),
        page: result.page,
        pages: result.pages,
        href: (page: number) => `/admin/news?${newsListQuery(filter, page)}`,
      }}
    />
  );
}
