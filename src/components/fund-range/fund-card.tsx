import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { FinderResult } from '@/domain/funds/finder';
import { fundHeadline } from '@/domain/performance/headline';
import { HeadlineFigures } from './headline-figures';
import { SriScale } from '@/components/ui/sri-scale';
import { RestrictionFlag } from '@/components/notices/restriction-flag';
import type { RestrictionView } from '@/domain/events/notices';

type Props = { result: FinderResult; pastPerformance: string; restrictions?: RestrictionView[] };

/** One fund of the range: title (link to its page), a flag while a restriction is in force, category, SRI, SFDR, currencies and headline performance. */
export async function FundCard({ result, pastPerformance, restrictions }: Props) {
  const { fund, isinMatch, matchedShares } = result;
  const t = await getTranslations('FundRange');
  const id = `fund-${fund.slug}`;
  return (
    <article aria-labelledby={id} className="flex h-full flex-col gap-4 rounded border border-slate-200 p-5">
      <header>
        {fund.isHighlight ? (
          <p className="mb-2 inline-block rounded bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand">{t('highlight')}</p>
        ) : null}
        <h3 id={id} className="text-lg font-semibold">
          <Link href={fund.url} className="text-brand hover:underline">
            {fund.title}
          </Link>
        </h3>
        <RestrictionFlag restrictions={restrictions} />
      </header>
      <dl className="grid grid-cols-1 gap-3 text-sm xs:grid-cols-2">
        <div>
          <dt className="text-muted">{t('category')}</dt>
          <dd className="font-semibold">{fund.category.title}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('sfdr')}</dt>
          <dd className="font-semibold">{t('article', { article: fund.sfdrArticle })}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('sri')}</dt>
          <dd className="mt-1">
            <SriScale size="sm" level={fund.riskLevel} label={t('sriScale', { level: fund.riskLevel })} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('currencies')}</dt>
          <dd className="font-semibold">{fund.currencies.join(', ')}</dd>
        </div>
      </dl>
      {isinMatch ? (
        <p className="rounded border border-brand/30 bg-brand/5 px-3 py-2 text-sm">
          <Link href={isinMatch.url} className="font-semibold text-brand underline">
            {t('results.isinMatch', { isin: isinMatch.isinCode, share: isinMatch.name })}
          </Link>
        </p>
      ) : matchedShares.length > 0 ? (
        <div className="rounded border border-brand/30 bg-brand/5 px-3 py-2 text-sm">
          <p>{t('results.shareMatch')}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4">
            {matchedShares.map((share) => (
              <li key={share.slug}>
                <Link href={share.url} className="font-semibold text-brand underline">
                  {share.name} ({share.isinCode})
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto border-t border-slate-200 pt-4">
        <HeadlineFigures headline={fundHeadline(fund)} pastPerformance={pastPerformance} id={id} />
      </div>
    </article>
  );
}
