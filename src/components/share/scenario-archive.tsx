import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { formatPerformance } from '@/domain/performance/format';
import { SCENARIOS } from '@/domain/csv/scenarios';
import { formatMonth, formatScenarioAmount, type ScenarioMonth } from '@/domain/performance/scenarios';

type Props = { months: ScenarioMonth[]; currency: string; investment: string; locale: Locale };

/** One month's four scenarios: a row each, the amount and average annual return for one year and the recommended period. */
function MonthTable({ month, currency, investment, locale }: { month: ScenarioMonth; currency: string; investment: string; locale: Locale }) {
  const t = useTranslations('SharePublications.scenarios');
  const name = formatMonth(month.month, locale);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-right tabular-nums [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5 [&_tr]:border-b [&_tr]:border-slate-200">
        <caption className="sr-only">{t('caption', { month: name, amount: investment })}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left">
              {t('scenario')}
            </th>
            {month.periods.flatMap((years) => [
              <th key={`a${years}`} scope="col" className="font-semibold">
                {t('amountAfter', { years })}
              </th>,
              <th key={`r${years}`} scope="col" className="font-semibold">
                {t('returnAfter', { years })}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {SCENARIOS.map((scenario) => (
            <tr key={scenario}>
              <th scope="row" className="text-left font-normal">
                {t(`names.${scenario}`)}
              </th>
              {month.periods.flatMap((years) => {
                const figure = month.figures[scenario][years];
                return [
                  <td key={`a${years}`}>{figure ? formatScenarioAmount(figure.amount, currency, locale) : '-'}</td>,
                  <td key={`r${years}`}>{figure ? formatPerformance(figure.annualReturn, locale, 1) : '-'}</td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The monthly archive of a share's performance scenarios, newest first: the latest month in full, then the previous
 * months grouped by year (each year's months in a disclosure, so the page stays short; every figure is in the HTML).
 */
export function ScenarioArchive({ months, currency, investment, locale }: Props) {
  const t = useTranslations('SharePublications.scenarios');
  const [latest, ...previous] = months;
  if (!latest) return <p className="mb-8 rounded border border-slate-300 bg-slate-50 p-4">{t('none')}</p>;
  const byYear = new Map<string, ScenarioMonth[]>();
  for (const month of previous) {
    const year = month.month.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), month]);
  }
  return (
    <div className="space-y-10">
      <section aria-labelledby="scenarios-latest">
        <h2 id="scenarios-latest" className="mb-3 text-2xl font-semibold">
          {t('latest', { month: formatMonth(latest.month, locale) })}
        </h2>
        <MonthTable month={latest} currency={currency} investment={investment} locale={locale} />
      </section>
      {byYear.size > 0 ? (
        <section aria-labelledby="scenarios-archive">
          <h2 id="scenarios-archive" className="mb-3 text-2xl font-semibold">
            {t('archive')}
          </h2>
          <div className="space-y-3">
            {[...byYear].map(([year, list], index) => (
              <details key={year} open={index === 0} className="rounded border border-slate-200 p-3">
                <summary className="cursor-pointer font-semibold text-brand">{t('archiveYear', { year })}</summary>
                <div className="mt-3 space-y-6">
                  {list.map((month) => (
                    <section key={month.month} aria-labelledby={`scenarios-${month.month}`}>
                      <h3 id={`scenarios-${month.month}`} className="mb-2 text-lg font-semibold">
                        {formatMonth(month.month, locale)}
                      </h3>
                      <MonthTable month={month} currency={currency} investment={investment} locale={locale} />
                    </section>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
