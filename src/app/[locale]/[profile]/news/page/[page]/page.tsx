import type { Metadata } from 'next';
import { parsePageNumber } from '@/domain/news/links';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NewsPage, newsPageMetadata, pageFromPath } from '../../news-route';

type Props = { params: Promise<SiteParams & { page: string }> };

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const page = parsePageNumber((await params).page);
  return page ? newsPageMetadata(locale, null, page) : {};
}

/** Page 2, 3… of the news list ({newsRoute}/page/{n}). */
export default async function NewsListNextPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const page = pageFromPath((await params).page, locale, null);
  return <NewsPage locale={locale} audience={audience} category={null} page={page} />;
}
