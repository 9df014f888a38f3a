import type { Metadata } from 'next';
import { parsePageNumber } from '@/domain/news/links';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NewsPage, newsPageMetadata, pageFromPath } from '../../../../news-route';

type Props = { params: Promise<SiteParams & { category: string; page: string }> };

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const { category, page } = await params;
  const n = parsePageNumber(page);
  return n ? newsPageMetadata(locale, category, n) : {};
}

/** Page 2, 3… of one category's news ({newsRoute}/c/{categoryCode}/page/{n}). */
export default async function NewsCategoryNextPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const { category, page } = await params;
  return <NewsPage locale={locale} audience={audience} category={category} page={pageFromPath(page, locale, category)} />;
}
