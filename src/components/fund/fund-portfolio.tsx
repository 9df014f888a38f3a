import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { allocationGroups, allocationLabel, formatWeight, type Allocation } from '@/domain/funds/portfolio';
import { WeightBar } from './weight-bar';
import { ScrollRegion } from '@/components/ui/scroll-region';

export type PortfolioData = {
  date: string;
  formattedDate: string;
  holdings: { name: string; isinCode: string | null; weight: number; sector: string; countryCode: string }[];
  allocations: Allocation[];
};

const largest = (weights: number[]) => Math.max(0, ...weights);

/**
 * The portfolio tab: top holdings and the breakdowns by asset class, sector, country and currency,
 * with their date. Plain tables (a caption, headers, the weight as text) with CSS bars beside the figures.
 */
export function FundPortfolio({ locale, portfolio }: { locale: Locale; portfolio: PortfolioData | null }) {
  const t = useTranslations('FundPortfolio');
  if (!portfolio) return <p>{t('empty')}</p>;
  const groups = allocationGroups(portfolio.allocations, locale);
  const topWeight = largest(portfolio.holdings.map((h) => h.weight));
  return (
    <div className="space-y-10">
      <p className="font-semibold">
        <time dateTime={portfolio.date}>{t('asOf', { date: portfolio.formattedDate })}</time>
      </p>
      {portfolio.holdings.length > 0 ? (
        <section aria-labelledby="portfolio-holdings">
          <h3 id="portfolio-holdings" className="mb-3 text-xl font-semibold">
            {t('holdings')}
          </h3>
          <ScrollRegion labelledBy="portfolio-holdings-caption">
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <caption id="portfolio-holdings-caption" className="px-3 pt-3 pb-2 text-left text-slate-700">
                {t('holdingsCaption', { count: portfolio.holdings.length })}
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="p-3">
                    {t('holding')}
                  </th>
                  <th scope="col" className="p-3">
                    {t('sector')}
                  </th>
                  <th scope="col" className="p-3">
                    {t('country')}
                  </th>
                  <th scope="col" className="p-3 text-right">
                    {t('weight')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {portfolio.holdings.map((h) => (
                  <tr key={`${h.name}|${h.isinCode ?? ''}`}>
                    <th scope="row" className="p-3 font-semibold">
                      {h.name}
                      {h.isinCode ? <span className="block font-mono text-xs font-normal text-slate-700">{h.isinCode}</span> : null}
                    </th>
                    <td className="p-3">{allocationLabel(portfolio.allocations, 'sector', h.sector)}</td>
                    <td className="p-3">{allocationLabel(portfolio.allocations, 'country', h.countryCode)}</td>
                    <WeightCell weight={h.weight} largest={topWeight} locale={locale} />
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ) : null}
      {groups.length > 0 ? (
        <section aria-labelledby="portfolio-allocations">
          <h3 id="portfolio-allocations" className="mb-3 text-xl font-semibold">
            {t('allocations')}
          </h3>
          <div className="grid gap-6 lg:grid-cols-2">
            {groups.map((group) => {
              const top = largest(group.rows.map((r) => r.weight));
              return (
                <table key={group.dimension} className="w-full border-collapse self-start rounded border border-slate-200 text-left text-sm">
                  <caption className="pb-2 text-left text-base font-semibold">{t(`dimensions.${group.dimension}`)}</caption>
                  <thead className="bg-slate-50">
                    <tr>
                      <th scope="col" className="p-3">
                        {t(`columns.${group.dimension}`)}
                      </th>
                      <th scope="col" className="p-3 text-right">
                        {t('weight')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {group.rows.map((row) => (
                      <tr key={row.code}>
                        <th scope="row" className="p-3 font-normal">
                          {row.label}
                        </th>
                        <WeightCell weight={row.weight} largest={top} locale={locale} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              );
            })}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** A weight as a bar against the largest of its table, and as a figure. */
function WeightCell({ weight, largest, locale }: { weight: number; largest: number; locale: Locale }) {
  return (
    <td className="p-3">
      <span className="flex items-center justify-end gap-3">
        <WeightBar weight={weight} largest={largest} />
        <span className="w-14 text-right font-semibold tabular-nums">{formatWeight(weight, locale)}</span>
      </span>
    </td>
  );
}
