import type { Audience } from '@/domain/registrations/audience';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import type { Locale } from '@/env';
import { NEWS_PAGE_SIZE, newsCategoryPath, newsFeedPath, newsListPath, newsPageCount, newsPagePath, parsePageNumber } from '@/domain/news/links';
import { findComponent, textOf } from '@/domain/content/page-texts';
import { RichText } from '@/components/content/rich-text';
import { NewsList } from '@/components/news/news-list';
import { listNews, listNewsCategories } from '@/server/news/queries';
import { getCompany, getPage } from '@/server/site/queries';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { withNewsFeed } from '@/server/http/news-feed';
import { offeredLocales } from '@/server/site/languages-queries';

/**
 * The page number of a /page/{n} route: 404 unless it is a number; page 1 lives at the list's
 * own address, so /page/1 redirects there for good.
 */
export function pageFromPath(raw: string, locale: Locale, category: string | null): number {
  const page = parsePageNumber(raw);
  if (page === null) notFound();
  if (page === 1) permanentRedirect(newsPagePath(locale, 1, category));
  return page;
}

/** Title, canonical and hreflang links of a news page, and its language's RSS feed. */
export async function newsPageMetadata(locale: Locale, category: string | null, page: number): Promise<Metadata> {
  const [content, categories, company, t] = await Promise.all([getPage(locale, 'news'), listNewsCategories(locale), getCompany(locale), getTranslations({ locale, namespace: 'News' })]);
  const current = category ? categories.find((c) => c.code === category) : null;
  if (!content || (category && !current)) return {};
  const base = current ? `${content.title} - ${current.title}` : content.title;
  const metadata = buildPageMetadata({
    locale,
    title: page > 1 ? `${base} - ${t('page', { page })}` : base,
    description: content.description,
    pathname: newsPagePath(locale, page, category),
    alternates: Object.fromEntries((await offeredLocales()).map((l) => [l, newsPagePath(l, page, category)])),
    siteName: company?.title,
    siteImage: socialImage(company),
  });
  return withNewsFeed(metadata, locale, company?.title ?? '', content.title);
}

/** The news list, unfiltered or for one category, one page of it: shared by the four news list routes. */
export async function NewsPage({ locale, audience, category, page }: { locale: Locale; audience: Audience; category: string | null; page: number }) {
  const [content, categories, news, t] = await Promise.all([
    getPage(locale, 'news'),
    listNewsCategories(locale),
    listNews(locale, audience, { category, limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE }),
    getTranslations('News'),
  ]);
  const current = category ? categories.find((c) => c.code === category) : null;
  if (!content || (category && !current)) notFound();
  const pageCount = newsPageCount(news.total);
  if (page > pageCount) notFound();
  const intro = textOf(findComponent(content, 'intro'), 'text');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand md:text-4xl">{current ? `${content.title} - ${current.title}` : content.title}</h1>
          {intro ? <RichText html={intro} className="mt-4 max-w-3xl text-lg text-muted" /> : null}
        </div>
        <a href={newsFeedPath(locale)} type="application/rss+xml" className="inline-flex items-center gap-2 rounded border border-slate-300 px-4 py-2 text-sm font-semibold text-ink hover:border-brand">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4 fill-accent">
            <circle cx="5" cy="19" r="2.5" />
            <path d="M3 10.5v3a7.5 7.5 0 0 1 7.5 7.5h3A10.5 10.5 0 0 0 3 10.5Zm0-6v3A13.5 13.5 0 0 1 16.5 21h3A16.5 16.5 0 0 0 3 4.5Z" />
          </svg>
          {t('rss')}
        </a>
      </div>
      <NewsList
        items={news.items}
        categories={categories.map((c) => ({ ...c, href: newsCategoryPath(locale, c.code), current: c.code === category }))}
        allHref={newsListPath(locale)}
        page={page}
        pageCount={pageCount}
        pageHref={(n) => newsPagePath(locale, n, category)}
      />
    </div>
  );
}
