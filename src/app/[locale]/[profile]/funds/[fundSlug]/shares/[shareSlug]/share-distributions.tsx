import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { formatDividendAmount } from '@/domain/dividends/model';
import { formatDate } from '@/domain/language/format';
import { shareDataPath } from '@/domain/routing/urls';
import { getDb } from '@/server/db';
import { shareDistributions } from '@/server/dividends/queries';

type Props = { locale: Locale; fundSlug: string; share: { id: number; slug: string; isinCode: string } };

/**
 * The share page's "Distributions" section (issue 34): a distributing share class's dividends, newest
 * first, and the same rows as …/{ISIN}/distributions.csv. Each cell carries the file's value exactly
 * (`<time dateTime>` for a date, `<data value>` for an amount) beside its text in the visitor's
 * language. Nothing for an accumulation share class; a sentence while a distributing one has paid none yet.
 */
export async function ShareDistributions({ locale, fundSlug, share }: Props) {
  const [dividends, t] = await Promise.all([shareDistributions(await getDb(), { id: share.id, fundSlug, slug: share.slug }), getTranslations('ShareDividends')]);
  if (dividends === null) return null;
  const cell = 'px-3 py-2 whitespace-nowrap';
  const head = 'px-3 py-2 text-left align-bottom font-semibold';
  const date = (iso: string) => <time dateTime={iso}>{formatDate(iso, locale)}</time>;
  return (
    <section aria-labelledby="distributions-heading" className="mb-10 break-inside-avoid">
      <h2 id="distributions-heading" className="mb-3 text-2xl font-semibold">
        {t('title')}
      </h2>
      {dividends.length === 0 ? (
        <p className="max-w-3xl">{t('none')}</p>
      ) : (
        <div role="region" aria-labelledby="distributions-caption" tabIndex={0} className="mb-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand">
          <table className="min-w-full border-collapse text-sm">
            <caption id="distributions-caption" className="mb-2 text-left font-medium">
              {t('caption', { isin: share.isinCode })}
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={head}>
                  {t('exDate')}
                </th>
                <th scope="col" className={head}>
                  {t('recordDate')}
                </th>
                <th scope="col" className={head}>
                  {t('paymentDate')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {dividends.map((d) => (
                <tr key={d.exDate} className="border-b border-slate-200">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {date(d.exDate)}
                  </th>
                  <td className={cell}>{date(d.recordDate)}</td>
                  <td className={cell}>{date(d.paymentDate)}</td>
                  <td className={`${cell} text-right tabular-nums`}>
                    <data value={d.amount}>{formatDividendAmount(d.amount, locale)}</data> {d.currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm print:hidden">
        <a href={shareDataPath(locale, fundSlug, share.isinCode, 'distributions.csv')} download className="text-brand underline underline-offset-2">
          {t('csv')}
        </a>
      </p>
      <p className="mt-1 text-sm text-muted">{t('note')}</p>
    </section>
  );
}
