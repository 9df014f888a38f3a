import type { Metadata } from 'next';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NewsPage, newsPageMetadata } from '../../news-route';

type Props = { params: Promise<SiteParams & { category: string }> };

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return newsPageMetadata(locale, (await params).category, 1);
}

/** The news of one category, first page ({newsRoute}/c/{categoryCode}, docs/product.md §2); an unknown category is a 404. */
export default async function NewsCategoryPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  return <NewsPage locale={locale} audience={audience} category={(await params).category} page={1} />;
}
