import type { Metadata } from 'next';
import { env } from '@/env';
import { alternatePaths, localizedPath } from '@/i18n/paths';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NewsPage, pageNumber } from '@/server/http/news-route';
import { listNewsCategories } from '@/server/queries/news';
import { getPage } from '@/server/queries/site';
import { buildPageMetadata } from '@/server/seo/metadata';

/** The page number is in the query string (?page=2): rendered per request. */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams & { category: string }>; searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const { category } = await params;
  const [page, categories] = await Promise.all([getPage(locale, 'news'), listNewsCategories(locale)]);
  const current = categories.find((c) => c.code === category);
  if (!page || !current) return {};
  return buildPageMetadata({
    locale,
    title: `${page.title} - ${current.title}`,
    description: page.description,
    pathname: localizedPath('/news/c/[category]', locale, { category }),
    alternates: alternatePaths('/news/c/[category]', env().locales, { category }),
  });
}

export default async function NewsCategoryPage({ params, searchParams }: Props) {
  const { locale, profile } = await siteParams(params);
  const { category } = await params;
  return <NewsPage locale={locale} profile={profile} category={category} page={pageNumber((await searchParams).page)} />;
}
