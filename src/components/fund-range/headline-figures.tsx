import { getTranslations } from 'next-intl/server';
import type { FundHeadline } from '@/domain/performance/headline';

type Props = { headline: FundHeadline; pastPerformance: string; id: string };

/**
 * A fund's headline performance in a list: YTD and 1 year of its main share with their date and,
 * beside them, the past-performance warning. A share younger than a year shows the reason instead (docs/product.md §4).
 */
export async function HeadlineFigures({ headline, pastPerformance, id }: Props) {
  const t = await getTranslations('FundRange.performance');
  if (headline.status === 'none') return <p className="text-sm text-muted">{t('none')}</p>;
  if (headline.status === 'young') return <p className="text-sm text-muted">{t('tooYoung', { share: headline.share.name })}</p>;
  const warningId = `${id}-warning`;
  return (
    <div>
      <p className="text-sm font-semibold">{t('title', { share: headline.share.name })}</p>
      <dl className="mt-2 grid grid-cols-2 gap-2" aria-describedby={warningId}>
        {headline.figures.map((figure) => (
          <div key={figure.code} className="rounded bg-slate-50 px-3 py-2">
            <dt className="text-xs text-muted">{t(figure.code)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{figure.displayValue}</dd>
          </div>
        ))}
      </dl>
      {headline.asOf ? <p className="mt-2 text-xs text-muted">{t('asOf', { date: headline.asOf.formatted })}</p> : null}
      <p id={warningId} className="mt-2 text-xs text-muted">
        {pastPerformance}
      </p>
    </div>
  );
}
