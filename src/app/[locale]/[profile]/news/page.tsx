import type { Metadata } from 'next';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NewsPage, newsPageMetadata } from './news-route';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return newsPageMetadata(locale, null, 1);
}

/** The news list, first page ({newsRoute}/, docs/product.md §2). */
export default async function NewsListPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  return <NewsPage locale={locale} audience={audience} category={null} page={1} />;
}
