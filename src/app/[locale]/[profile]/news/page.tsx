import type { Metadata } from 'next';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NewsPage, pageNumber } from '@/server/http/news-route';
import { contentPageMetadata } from '@/server/seo/page-metadata';

/** The page number is in the query string (?page=2): rendered per request. */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('news', locale, '/news');
}

export default async function NewsListPage({ params, searchParams }: Props) {
  const { locale, profile } = await siteParams(params);
  return <NewsPage locale={locale} profile={profile} category={null} page={pageNumber((await searchParams).page)} />;
}
