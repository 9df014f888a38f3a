import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentSections } from '@/components/content/content-sections';
import { FundFinder } from '@/components/fund-range/fund-finder';
import { FundResults } from '@/components/fund-range/fund-results';
import { DEFAULT_SORT, activeFilterCount, finderFacets, findFunds, parseFinderQuery, type SearchParamsInput } from '@/domain/fund-finder';
import { localizedPath } from '@/domain/paths';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { listFunds } from '@/server/queries/funds';
import { getDisclaimers, getPage } from '@/server/queries/site';
import { contentPageMetadata } from '@/server/seo/page-metadata';

/** The finder's filters are in the query string (docs/decisions/001): rendered per request, from memoized fund views. */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<SearchParamsInput> };

/** Every filtered list has the unfiltered range as canonical URL. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('fund-range', locale, '/fund-range');
}

/** Every fund the profile may see, by category in ascending display order, highlighted funds first, with the finder. */
export default async function FundRangePage({ params, searchParams }: Props) {
  const { locale, profile } = await siteParams(params);
  const [page, funds, disclaimers, search] = await Promise.all([
    getPage(locale, 'fund-range'),
    listFunds(locale, profile),
    getDisclaimers(locale),
    searchParams,
  ]);
  if (!page) notFound();
  const facets = finderFacets(funds);
  const query = parseFinderQuery(search, facets);
  const results = findFunds(funds, query, locale);
  const action = localizedPath('/fund-range', locale);
  const filtered = activeFilterCount(query) > 0 || query.sort !== DEFAULT_SORT;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="mb-8 text-3xl font-bold text-brand md:text-4xl">{page.title}</h1>
      <ContentSections components={page.components} />
      <FundFinder action={action} facets={facets} query={query} />
      <FundResults results={results} sort={query.sort} resetHref={filtered ? action : null} pastPerformance={disclaimers.pastPerformance} />
    </div>
  );
}
