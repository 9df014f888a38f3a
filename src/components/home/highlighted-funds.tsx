import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { FundView } from '@/domain/model';
import { RiskScale } from './risk-scale';

/**
 * The highlighted funds the profile may see, as cards leading to their pages. No performance
 * figure here: a figure out of its context (periods, benchmark, past-performance warning) is
 * what fund marketing rules forbid; the fund page shows them with all of it.
 */
export async function HighlightedFunds({ funds }: { funds: FundView[] }) {
  const t = await getTranslations('Home');
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {funds.map((fund) => (
          <li key={fund.slug} className="flex flex-col rounded border border-slate-200 p-5">
            <p className="text-sm font-semibold text-muted">{fund.category.title}</p>
            <h3 className="mt-1 text-lg font-semibold">
              <Link href={fund.url} className="text-brand hover:underline">
                {fund.title}
              </Link>
            </h3>
            <p className="mt-2 line-clamp-3 text-muted">{fund.description}</p>
            <dl className="mt-auto grid gap-2 pt-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <dt className="text-muted">{t('risk')}</dt>
                <dd>
                  <RiskScale level={fund.riskLevel} label={t('riskLevel', { level: fund.riskLevel })} />
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('sfdr')}</dt>
                <dd className="font-semibold">{t('sfdrArticle', { article: fund.sfdrArticle })}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('duration')}</dt>
                <dd className="font-semibold">{t('years', { years: fund.minRecommendedInvestmentDuration })}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">{t('fundsNote')}</p>
    </>
  );
}
