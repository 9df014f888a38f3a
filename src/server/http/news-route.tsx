import 'server-only';
import { notFound } from 'next/navigation';
import type { Locale } from '@/env';
import type { InvestorProfile } from '@/domain/catalog';
import { newsCategoryPath, newsListPath } from '@/domain/news-links';
import { NewsList } from '@/components/news/news-list';
import { ContentSections } from '@/components/content/content-sections';
import { listNews, listNewsCategories } from '@/server/queries/news';
import { getPage } from '@/server/queries/site';

export const NEWS_PAGE_SIZE = 9;

/** ?page=N, 1 when absent; anything that is not a page number of this list is a 404. */
export function pageNumber(raw: string | string[] | undefined): number {
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,3}$/.test(raw)) notFound();
  return Number(raw);
}

/** The news page, unfiltered or for one category, shared by both routes. */
export async function NewsPage({ locale, profile, category, page }: { locale: Locale; profile: InvestorProfile; category: string | null; page: number }) {
  const [content, categories, news] = await Promise.all([
    getPage(locale, 'news'),
    listNewsCategories(locale),
    listNews(locale, profile, { category, limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE }),
  ]);
  if (!content || (category && !categories.some((c) => c.code === category))) notFound();
  const pageCount = Math.max(1, Math.ceil(news.total / NEWS_PAGE_SIZE));
  if (page > pageCount) notFound();
  const base = category ? newsCategoryPath(locale, category) : newsListPath(locale);
  const title = category ? `${content.title} - ${categories.find((c) => c.code === category)?.title}` : content.title;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="mb-6 text-3xl font-bold text-brand md:text-4xl">{title}</h1>
      <ContentSections components={content.components} />
      <NewsList
        items={news.items}
        categories={categories.map((c) => ({ ...c, href: newsCategoryPath(locale, c.code), current: c.code === category }))}
        allHref={newsListPath(locale)}
        page={page}
        pageCount={pageCount}
        pageHref={(n) => (n === 1 ? base : `${base}?page=${n}`)}
      />
    </div>
  );
}
