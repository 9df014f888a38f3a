import { useTranslations } from 'next-intl';
import type { FundView } from '@/domain/model';
import { ShareSwitcher } from './share-switcher';
import { SriScale } from '@/components/ui/sri-scale';

type Props = {
  fund: Pick<
    FundView,
    'title' | 'category' | 'specificCategory' | 'riskLevel' | 'sfdrArticle' | 'aum' | 'minRecommendedInvestmentDuration' | 'tags' | 'eligibilities' | 'shares'
  >;
};

/** The head of every tab of a fund page: what the fund is, its risk, SFDR article, size, themes, eligibilities and share classes. */
export function FundHeader({ fund }: Props) {
  const t = useTranslations('Fund');
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-6 md:pt-12">
        <p className="text-sm text-slate-700">
          {fund.category.title}
          {fund.specificCategory?.title ? ` · ${fund.specificCategory.title}` : ''}
        </p>
        <h1 className="mt-1 text-3xl font-bold text-brand md:text-4xl">{fund.title}</h1>
        <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-5 lg:grid-cols-4 lg:gap-x-8">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-sm text-slate-700">{t('sri')}</dt>
            <dd>
              <SriScale level={fund.riskLevel} label={t('sriScale', { level: fund.riskLevel })} ends={{ lower: t('lowerRisk'), higher: t('higherRisk') }} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t('sfdr')}</dt>
            <dd className="mt-1 text-lg font-semibold">{t('article', { article: fund.sfdrArticle })}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t('aum')}</dt>
            <dd className="mt-1">
              <span className="text-lg font-semibold">{fund.aum.displayValue}</span>{' '}
              <span className="text-sm text-slate-700">
                <time dateTime={fund.aum.date}>{t('aumDate', { date: fund.aum.dateTo })}</time>
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t('duration')}</dt>
            <dd className="mt-1 text-lg font-semibold">{t('years', { years: fund.minRecommendedInvestmentDuration })}</dd>
          </div>
        </dl>
        {fund.tags.length > 0 || fund.eligibilities.length > 0 ? (
          <dl className="mt-6 flex flex-col gap-3 md:flex-row md:gap-10">
            {fund.tags.length > 0 ? (
              <div className="flex flex-wrap items-center gap-2">
                <dt className="text-sm text-slate-700">{t('tags')}</dt>
                {fund.tags.map((tag) => (
                  <dd key={tag.label} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
                    {tag.label}
                  </dd>
                ))}
              </div>
            ) : null}
            {fund.eligibilities.length > 0 ? (
              <div className="flex flex-wrap items-center gap-2">
                <dt className="text-sm text-slate-700">{t('eligibilities')}</dt>
                {fund.eligibilities.map((e) => (
                  <dd key={e.code} className="rounded-full bg-brand/10 px-3 py-1 text-sm font-medium text-brand">
                    {e.title}
                  </dd>
                ))}
              </div>
            ) : null}
          </dl>
        ) : null}
        <div className="mt-6">
          <ShareSwitcher shares={fund.shares} />
        </div>
      </div>
    </div>
  );
}
