import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DEFAULT_SORT, groupByCategory, type FinderResult, type FinderSort } from '@/domain/funds/finder';
import { FundCard } from './fund-card';
import type { RestrictionView } from '@/domain/events/notices';

/** restrictions: the suspensions and tools in force, by fund slug (issue 34). */
type Props = { results: FinderResult[]; sort: FinderSort; resetHref: string | null; pastPerformance: string; restrictions?: ReadonlyMap<string, RestrictionView[]> };

function CardList({ results, pastPerformance, restrictions }: { results: FinderResult[]; pastPerformance: string; restrictions?: ReadonlyMap<string, RestrictionView[]> }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {results.map((result) => (
        <li key={result.fund.slug}>
          <FundCard result={result} pastPerformance={pastPerformance} restrictions={restrictions?.get(result.fund.slug)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The funds found: their number (a polite live region, announced when the finder updates the list),
 * then by category in display order for the default sort, or as one list in the chosen order.
 */
export async function FundResults({ results, sort, resetHref, pastPerformance, restrictions }: Props) {
  const t = await getTranslations('FundRange');
  return (
    <div>
      <p role="status" className="mb-6 font-semibold">
        {t('results.count', { count: results.length })}
      </p>
      {results.length === 0 ? (
        <p className="mb-6">
          {t('results.empty')}{' '}
          {resetHref ? (
            <Link href={resetHref} className="font-semibold text-brand underline">
              {t('finder.reset')}
            </Link>
          ) : null}
        </p>
      ) : sort === DEFAULT_SORT ? (
        groupByCategory(results).map((group) => (
          <section key={group.code} aria-labelledby={`category-${group.code}`} className="mb-12">
            <h2 id={`category-${group.code}`} className="mb-2 text-2xl font-semibold">
              {group.title}
            </h2>
            <p className="mb-5 text-muted">{group.description}</p>
            <CardList results={group.results} pastPerformance={pastPerformance} restrictions={restrictions} />
          </section>
        ))
      ) : (
        <section aria-labelledby="fund-results-title">
          <h2 id="fund-results-title" className="sr-only">
            {t('results.title')}
          </h2>
          <CardList results={results} pastPerformance={pastPerformance} restrictions={restrictions} />
        </section>
      )}
    </div>
  );
}
