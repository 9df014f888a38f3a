import type { Metadata } from 'next';
import type { SearchParamsInput } from '@/domain/funds/finder';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { contentPageMetadata } from '@/server/seo/page-metadata';
import { FundRangeView } from './fund-range-view';

/**
 * The queries the cache does not hold (a text search, combined filters: docs/decisions/021) are
 * rendered per request, from memoized fund views. The unfiltered range and each single filter are
 * served from fund-range/[filters], to which the proxy rewrites them.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<SearchParamsInput> };

/** Every filtered list has the unfiltered range as canonical URL. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('fund-range', locale, '/fund-range');
}

export default async function FundRangePage({ params, searchParams }: Props) {
  const [{ locale, audience }, search] = await Promise.all([siteParams(params), searchParams]);
  return <FundRangeView locale={locale} audience={audience} search={search} />;
}
