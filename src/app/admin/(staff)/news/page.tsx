import type { Metadata } from 'next';
import Link from 'next/link';
import { SUPPORTED_LOCALES } from '@/env';
import { NEWS_STATES, newsListQuery, newsStateOf, readNewsListFilter } from '@/domain/news-input';
import { can } from '@/domain/roles';
import { adminTranslator } from '@/i18n/admin';
import { Pagination } from '@/components/admin/pagination';
import { SelectField } from '@/components/admin/select-field';
import { buttonClass, Notice, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { flash, formatDateTime } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listNewsForStaff, newsReferenceLists } from '@/server/queries/news-admin';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('news.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every news item, one row per language, filtered by language, category, fund and state (query string), 25 a page. */
export default async function NewsListPage({ searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const filter = readNewsListFilter(query);
  const [result, refs] = await Promise.all([listNewsForStaff(db, filter), newsReferenceLists(db)]);
  const pick = (value: Partial<Record<string, string>>) => value[staff.locale] ?? value.fr ?? '';
  const categoryTitle = new Map(refs.categories.map((c) => [c.code, pick(c.title)]));
  const deleted = flash(query, 'done', ['deleted'] as const);
  const now = new Date();
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('news.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('news.intro')}</p>
      {deleted && <Notice tone="success">{t('news.deleted')}</Notice>}
      {can(staff.role, 'content.write') && (
        <p className="mb-4">
          <Link href="/admin/news/new" className={`${buttonClass} inline-block`}>
            {t('news.new')}
          </Link>
        </p>
      )}
      <form method="get" action="/admin/news" aria-label={t('news.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <SelectField id="locale" label={t('news.language')} value={filter.locale} options={[{ value: '', label: t('news.all') }, ...SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))]} />
        <SelectField id="category" label={t('news.category')} value={filter.category} options={[{ value: '', label: t('news.all') }, ...refs.categories.map((c) => ({ value: c.code, label: pick(c.title) }))]} />
        <SelectField id="fund" label={t('news.fund')} value={filter.fund ? String(filter.fund) : ''} options={[{ value: '', label: t('news.all') }, ...refs.funds.map((f) => ({ value: String(f.id), label: pick(f.title) }))]} />
        <SelectField id="state" label={t('news.state')} value={filter.state} options={[{ value: '', label: t('news.all') }, ...NEWS_STATES.map((s) => ({ value: s, label: t(`news.states.${s}`) }))]} />
        <button type="submit" className={buttonClass}>
          {t('news.apply')}
        </button>
        <Link href="/admin/news" className="py-2 text-brand underline">
          {t('news.reset')}
        </Link>
      </form>
      <p role="status" className="mb-2">
        {t('news.count', { total: result.total })}
      </p>
      {result.rows.length === 0 ? (
        <p>{t('news.empty')}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('news.caption')} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">{t('news.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('news.fields.title')}</th>
                <th scope="col" className={thClass}>{t('news.language')}</th>
                <th scope="col" className={thClass}>{t('news.category')}</th>
                <th scope="col" className={thClass}>{t('news.date')}</th>
                <th scope="col" className={thClass}>{t('news.state')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => {
                const state = newsStateOf(row, now);
                return (
                  <tr key={row.id}>
                    <th scope="row" className={`${tdClass} font-normal`}>
                      <Link href={`/admin/news/${row.id}`} lang={row.locale} className="text-brand underline">
                        {row.title}
                      </Link>
                    </th>
                    <td className={tdClass}>{SUPPORTED_LOCALES.includes(row.locale as never) ? t(`language.${row.locale as 'fr'}`) : row.locale}</td>
                    <td className={tdClass}>{categoryTitle.get(row.categoryCode) ?? row.categoryCode}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{row.publishedAt}</td>
                    <td className={tdClass}>{state === 'scheduled' ? t('news.scheduledFor', { date: formatDateTime(staff.locale, row.publishAt) }) : t(`news.states.${state}`)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label={t('news.pagination')}
        previous={t('news.previous')}
        next={t('news.next')}
        current={t('news.page', { page: result.page, pages: result.pages })}
        page={result.page}
        pages={result.pages}
        href={(page: number) => `/admin/news?${newsListQuery(filter, page)}`}
      />
    </>
  );
}
