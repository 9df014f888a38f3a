import { useTranslations } from 'next-intl';
import { CHARACTERISTICS } from '@/domain/catalog';
import type { FundView } from '@/domain/model';
import { NO_VALUE } from '@/domain/performance/format';
import { ScrollRegion } from '@/components/ui/scroll-region';

const FUND_CODES = CHARACTERISTICS.filter((c) => c.scope === 'fund').map((c) => c.code);
const SHARE_CODES = CHARACTERISTICS.filter((c) => c.scope === 'share').map((c) => c.code);

const valueOf = (list: { code: string; value: string }[], code: string) => list.find((c) => c.code === code)?.value || NO_VALUE;

/**
 * The characteristics tab: the labels of docs/product.md §3 with their values, those of the fund as a
 * definition list and those of each share class side by side in a table.
 */
export function FundCharacteristics({ fund }: { fund: Pick<FundView, 'characteristics' | 'shares'> }) {
  const t = useTranslations('FundCharacteristics');
  return (
    <div className="space-y-10">
      <section aria-labelledby="characteristics-fund">
        <h3 id="characteristics-fund" className="mb-4 text-xl font-semibold">
          {t('fund')}
        </h3>
        <dl className="divide-y divide-slate-200 rounded border border-slate-200">
          {FUND_CODES.map((code) => (
            <div key={code} className="grid gap-1 px-4 py-3 md:grid-cols-3 md:gap-4">
              <dt className="font-semibold">{t(`labels.${code}`)}</dt>
              <dd className="md:col-span-2">{valueOf(fund.characteristics, code)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {fund.shares.length > 0 ? (
        <section aria-labelledby="characteristics-shares">
          <h3 id="characteristics-shares" className="mb-4 text-xl font-semibold">
            {t('shares')}
          </h3>
          <ScrollRegion labelledBy="characteristics-shares-caption">
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <caption id="characteristics-shares-caption" className="sr-only">
                {t('sharesCaption')}
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="w-56 p-3">
                    {t('characteristic')}
                  </th>
                  {fund.shares.map((s) => (
                    <th key={s.slug} scope="col" className="p-3">
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                <tr>
                  <th scope="row" className="p-3 font-semibold">
                    {t('isin')}
                  </th>
                  {fund.shares.map((s) => (
                    <td key={s.slug} className="p-3 font-mono">
                      {s.isinCode}
                    </td>
                  ))}
                </tr>
                {SHARE_CODES.map((code) => (
                  <tr key={code}>
                    <th scope="row" className="p-3 align-top font-semibold">
                      {t(`labels.${code}`)}
                    </th>
                    {fund.shares.map((s) => (
                      <td key={s.slug} className="p-3 align-top">
                        {valueOf(s.characteristics, code)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ) : null}
    </div>
  );
}
