import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { finderSegmentParams } from '@/domain/funds/finder';
import { publishedRouteCatalog } from '@/server/http/known-routes';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { contentPageMetadata } from '@/server/seo/page-metadata';
import { FundRangeView } from '../fund-range-view';

type Props = { params: Promise<SiteParams & { filters: string }> };

/**
 * The fund range for one cached filter (docs/decisions/021): the proxy rewrites /fr/gamme-fonds and
 * /fr/gamme-fonds?category=equities (at most one filter, any sort, no text search) to
 * /fr/RETAIL/fund-range/all and /fr/RETAIL/fund-range/category.equities. Rendered on first request
 * per language, profile and filter, then served from cache; a fund change expires them all
 * (src/domain/content/publication.ts). A segment the proxy could not have made is a 404.
 */
export function generateStaticParams() {
  return [];
}

/** Every filtered list has the unfiltered range as canonical URL. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('fund-range', locale, '/fund-range');
}

export default async function CachedFundRangePage({ params }: Props) {
  const [{ locale, audience }, { filters }] = await Promise.all([siteParams(params), params]);
  const finder = publishedRouteCatalog()?.finder;
  const search = finder ? finderSegmentParams(filters, finder) : null;
  if (!search) notFound();
  return <FundRangeView locale={locale} audience={audience} search={search} />;
}
