import type { Audience } from '@/domain/registrations/audience';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ContentSections } from '@/components/content/content-sections';
import { FundFinder } from '@/components/fund-range/fund-finder';
import { FundResults } from '@/components/fund-range/fund-results';
import { DEFAULT_SORT, activeFilterCount, finderFacets, findFunds, parseFinderQuery, type SearchParamsInput } from '@/domain/funds/finder';
import type { Locale } from '@/env';
import { localizedPath } from '@/domain/routing/paths';
import { listFundsWithFigures } from '@/server/funds/queries';
import { restrictionsByFund } from '@/server/events/queries';
import { getDisclaimers, getPage } from '@/server/site/queries';

/**
 * The fund range with its finder, for the query a request asked for: every fund the profile may see,
 * by category in ascending display order, highlighted funds first, or as the filters and sort say.
 * Rendered by the cached page of a filter (fund-range/[filters], docs/decisions/021) and by the page
 * rendered per request for the other queries (fund-range/page.tsx).
 */
export async function FundRangeView({ locale, audience, search }: { locale: Locale; audience: Audience; search: SearchParamsInput }) {
  const [page, funds, disclaimers, restrictions, t] = await Promise.all([
    getPage(locale, 'fund-range'),
    listFundsWithFigures(locale, audience),
    getDisclaimers(locale),
    restrictionsByFund(locale, audience),
    getTranslations({ locale, namespace: 'FundRange' }),
  ]);
  if (!page) notFound();
  if (funds.length === 0) {
    // No fund for this profile and country (an empty start, docs/product.md "Data"): no finder over nothing, no empty table.
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
        <h1 className="mb-8 text-3xl font-bold text-brand md:text-4xl">{page.title}</h1>
        <ContentSections components={page.components} />
        <p role="status" className="mt-8 rounded border border-slate-200 bg-slate-50 p-6 font-semibold">
          {t('noFunds')}
        </p>
      </div>
    );
  }
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
      <FundResults results={results} sort={query.sort} resetHref={filtered ? action : null} pastPerformance={disclaimers.pastPerformance} restrictions={restrictions} />
    </div>
  );
}
