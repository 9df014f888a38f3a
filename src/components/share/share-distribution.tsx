import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { ShareDistributionView } from '@/domain/distribution/view';
import type { TargetMarketStatement } from '@/domain/distribution/target-market';
import { formatCostAmount, formatCostRate } from '@/domain/distribution/format';
import { formatDate } from '@/domain/language/format';

/** The message key of a target market statement: `statements.{section}.{key}`, e.g. statements.distribution.advice.B. */
export const statementKey = (statement: TargetMarketStatement) => `statements.${statement.section}.${statement.key}`;

type TargetMarketProps = {
  distribution: ShareDistributionView;
  /** The share's SRI (1 to 7): the target market's risk tolerance. */
  sri: number;
  /** The fund's recommended holding period in years: the target market's minimum holding period. */
  holdingYears: number;
  locale: Locale;
};

/**
 * The MiFID II target market in plain words (docs/distribution-data.md): who the share class is for,
 * then who it is not for, one sentence per answer of the manufacturer, then its risk tolerance and
 * holding period and the date of the target market. Server-rendered: nothing here needs JavaScript.
 */
export function ShareTargetMarket({ distribution, sri, holdingYears, locale }: TargetMarketProps) {
  const t = useTranslations('ShareDistribution.targetMarket');
  // The statements' keys come from the domain (src/domain/distribution/target-market.ts); src/messages.test.ts and the share page's tests check each has its sentence.
  type Key = Parameters<typeof t>[0];
  const sentence = (s: TargetMarketStatement) => t(statementKey(s) as Key, s.percent !== undefined ? { percent: formatCostRate(s.percent, locale) } : {});
  const positive = distribution.statements.filter((s) => s.positive);
  const negative = distribution.statements.filter((s) => !s.positive);
  return (
    <section aria-labelledby="target-market-heading" className="mb-10 break-inside-avoid">
      <h2 id="target-market-heading" className="mb-3 text-2xl font-semibold">
        {t('title')}
      </h2>
      <p className="mb-4 max-w-3xl leading-relaxed">{t('intro')}</p>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 id="target-market-for" className="mb-2 text-lg font-semibold">
            {t('for')}
          </h3>
          <ul aria-labelledby="target-market-for" className="list-disc space-y-1 pl-5">
            {positive.map((s) => (
              <li key={statementKey(s)}>{sentence(s)}</li>
            ))}
          </ul>
        </div>
        {negative.length > 0 ? (
          <div>
            <h3 id="target-market-not-for" className="mb-2 text-lg font-semibold">
              {t('notFor')}
            </h3>
            <ul aria-labelledby="target-market-not-for" className="list-disc space-y-1 pl-5">
              {negative.map((s) => (
                <li key={statementKey(s)}>{sentence(s)}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <p className="mt-4 max-w-3xl">{t('riskTolerance', { level: sri })}</p>
      <p className="max-w-3xl">{t('holding', { years: holdingYears })}</p>
      <p className="mt-2 text-sm text-muted">
        {t('date', { date: formatDate(distribution.targetMarketDate, locale) })}
      </p>
    </section>
  );
}

type CostsProps = {
  costs: ShareDistributionView['costs'];
  currency: string;
  locale: Locale;
  /** The same figures as CSV (…/{ISIN}/costs.csv). */
  csvHref: string;
};

const COLUMNS = ['entry', 'ongoing', 'transaction', 'incidental', 'exit', 'total'] as const;

/**
 * The MiFID II costs and charges illustration (Delegated Regulation 2017/565, Art. 50): what the
 * ex-ante costs take from 10,000 in the share's currency over its recommended holding period, year
 * by year and in total, with the method in words, then the cost rates themselves, ex ante and, when
 * known, ex post with their period.
 */
export function ShareCosts({ costs, currency, locale, csvHref }: CostsProps) {
  const t = useTranslations('ShareDistribution.costs');
  const amount = formatCostAmount(costs.amount, currency, locale);
  const money = (value: number) => formatCostAmount(value, currency, locale);
  const rate = (value: number) => formatCostRate(value, locale);
  const illustration = costs.illustration;
  const date = (iso: string) => formatDate(iso, locale);
  const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
  const head = 'px-3 py-2 text-right align-bottom font-semibold';
  const exAnte = costs.exAnte;
  const exPost = costs.exPost;
  return (
    <section aria-labelledby="costs-heading" className="mb-10">
      <h2 id="costs-heading" className="mb-3 text-2xl font-semibold">
        {t('title')}
      </h2>
      {illustration ? (
        <>
          <p className="mb-4 max-w-3xl leading-relaxed">{t('intro', { amount, years: costs.years })}</p>
          <div role="region" aria-labelledby="costs-caption" tabIndex={0} className="mb-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand">
            <table className="min-w-full border-collapse text-sm">
              <caption id="costs-caption" className="mb-2 text-left font-medium">
                {t('caption', { amount, years: costs.years, currency })}
              </caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="px-3 py-2 text-left align-bottom font-semibold">
                    {t('year')}
                  </th>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={head}>
                      {t(c)}
                    </th>
                  ))}
                  <th scope="col" className={head}>
                    {t('share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {illustration.years.map((y) => (
                  <tr key={y.year} className="border-b border-slate-200">
                    <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                      {t('yearRow', { year: y.year })}
                    </th>
                    {COLUMNS.map((c) => (
                      <td key={c} className={cell}>
                        {money(y[c])}
                      </td>
                    ))}
                    <td className={cell}>{rate(y.share)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-400 font-semibold">
                  <th scope="row" className="px-3 py-2 text-left">
                    {t('totalRow')}
                  </th>
                  {COLUMNS.map((c) => (
                    <td key={c} className={cell}>
                      {money(illustration.total[c])}
                    </td>
                  ))}
                  <td className={cell}>{rate(illustration.total.share)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="mb-4 max-w-3xl font-medium">{t('annualEffect', { percent: rate(illustration.annualEffect) })}</p>
          <h3 className="mb-2 text-lg font-semibold">{t('assumptions')}</h3>
          <ul className="mb-4 max-w-3xl list-disc space-y-1 pl-5 text-sm leading-relaxed">
            <li>{t('invested')}</li>
            <li>{t('nilReturn')}</li>
            <li>{t('entryFrom')}</li>
            <li>{t('yearlyFrom')}</li>
            <li>{t('exitFrom')}</li>
            <li>{t('exAnteDate', { date: date(costs.exAnteDate) })}</li>
            <li>{t('mayDiffer')}</li>
          </ul>
          <p className="mb-6 print:hidden">
            <a href={csvHref} download className="font-medium text-brand underline underline-offset-2">
              {t('csv')}
            </a>
          </p>
        </>
      ) : (
        <p className="mb-4 max-w-3xl">{t('noIllustration')}</p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-lg font-semibold">
            {t('rates')}
          </h3>
          <dl className="space-y-1 text-sm">
            <Rate label={t('rate.entry')} value={rate(exAnte.entry)} />
            <Rate label={t('rate.exit')} value={rate(exAnte.exit)} />
            <Rate label={t('rate.ongoing')} value={rate(exAnte.ongoing)} />
            <Rate label={t('rate.managementFee')} value={rate(exAnte.managementFee)} indent />
            {exAnte.distributionFee !== null ? <Rate label={t('rate.distributionFee')} value={rate(exAnte.distributionFee)} indent /> : null}
            <Rate label={t('rate.transaction')} value={rate(exAnte.transaction)} />
            <Rate label={t('rate.incidental')} value={rate(exAnte.incidental)} />
          </dl>
        </div>
        {exPost ? (
          <div>
            <h3 className="mb-2 text-lg font-semibold">
              {t('exPost', { from: date(exPost.from), to: date(exPost.to) })}
            </h3>
            <dl className="space-y-1 text-sm">
              <Rate label={t('rate.ongoing')} value={rate(exPost.ongoing)} />
              <Rate label={t('rate.managementFee')} value={rate(exPost.managementFee)} indent />
              {exPost.distributionFee !== null ? <Rate label={t('rate.distributionFee')} value={rate(exPost.distributionFee)} indent /> : null}
              <Rate label={t('rate.transaction')} value={rate(exPost.transaction)} />
              <Rate label={t('rate.incidental')} value={rate(exPost.incidental)} />
            </dl>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Rate({ label, value, indent = false }: { label: string; value: string; indent?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 border-b border-slate-200 py-1 ${indent ? 'pl-4 text-muted' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums whitespace-nowrap">{value}</dd>
    </div>
  );
}
