import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { RichText } from '@/components/content/rich-text';
import { SHARE_HEADLINE_CODES, shareHeadline } from '@/domain/performance/headline';
import type { ShareView } from '@/domain/model';
import { ScrollRegion } from '@/components/ui/scroll-region';

type Share = Pick<ShareView, 'slug' | 'name' | 'isinCode' | 'currency' | 'url' | 'lessThanOneYear' | 'fetchedData'>;

/**
 * The performances tab: one row of headline figures per share class (docs/product.md §9 codes), with their
 * date; a share younger than a year shows why it has none (docs/product.md §4). The past-performance warning
 * sits right under the figures and describes the table. The full table and charts are on each share page.
 */
export function FundPerformances({ shares, pastPerformance }: { shares: Share[]; pastPerformance: string }) {
  const t = useTranslations('FundPerformances');
  return (
    <div className="space-y-4">
      <ScrollRegion labelledBy="performances-caption">
        <table aria-describedby="performances-explanation performances-warning" className="w-full min-w-[44rem] border-collapse text-left">
          <caption id="performances-caption" className="px-4 pt-3 pb-2 text-left font-semibold">
            {t('caption')}
          </caption>
          <thead className="bg-slate-50 text-sm">
            <tr>
              <th scope="col" className="p-3">
                {t('shareClass')}
              </th>
              {SHARE_HEADLINE_CODES.map((code) => (
                <th key={code} scope="col" className="p-3 text-right">
                  {t(`codes.${code}`)}
                </th>
              ))}
              <th scope="col" className="p-3 text-right">
                {t('asOf')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {shares.map((share) => {
              const row = shareHeadline(share, SHARE_HEADLINE_CODES);
              return (
                <tr key={share.slug}>
                  <th scope="row" className="p-3 align-top">
                    <Link href={share.url} className="font-semibold text-brand underline underline-offset-2">
                      {share.name}
                    </Link>
                    <span className="block text-sm font-normal text-slate-700">
                      {share.isinCode} · {share.currency.code}
                    </span>
                  </th>
                  {row.status === 'young' ? (
                    <td colSpan={SHARE_HEADLINE_CODES.length + 1} className="p-3 text-sm">
                      {t('young')}
                    </td>
                  ) : (
                    <>
                      {row.figures.map((f) => (
                        <td key={f.code} className="p-3 text-right font-semibold tabular-nums whitespace-nowrap">
                          {f.displayValue}
                        </td>
                      ))}
                      <td className="p-3 text-right text-sm whitespace-nowrap">
                        {row.asOf ? <time dateTime={row.asOf.date}>{row.asOf.formatted}</time> : '-'}
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <p id="performances-explanation" className="text-sm text-slate-700">
        {t('explanation')}
      </p>
      <div id="performances-warning" role="note" aria-label={t('warning')} className="rounded border-l-4 border-accent bg-amber-50 p-4 text-sm">
        <RichText html={pastPerformance} />
      </div>
      <p className="text-sm">{t('details')}</p>
    </div>
  );
}
