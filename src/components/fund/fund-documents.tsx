import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { DocumentOffer } from '@/domain/documents/fund-documents';
import { shareSubpageUrl } from '@/domain/routing/urls';
import { DocumentLink } from './document-link';

/**
 * The documents tab: the fund's documents, then those of each share class (its KID), as PDF links (docs/product.md §2),
 * with the two pages each KID refers to (past performance, previous performance scenarios).
 */
export function FundDocuments({ locale, offer }: { locale: Locale; offer: DocumentOffer }) {
  const t = useTranslations('FundDocuments');
  const p = useTranslations('SharePublications');
  return (
    <div className="space-y-10">
      <p>{t('intro')}</p>
      <section aria-labelledby="documents-fund">
        <h3 id="documents-fund" className="mb-3 text-xl font-semibold">
          {t('fund')}
        </h3>
        {offer.fund.length > 0 ? (
          <ul className="grid gap-x-8 gap-y-2 md:grid-cols-2">
            {offer.fund.map((d) => (
              <li key={d.code}>
                <DocumentLink document={d} locale={locale} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('none')}</p>
        )}
      </section>
      {offer.shares.length > 0 ? (
        <section aria-labelledby="documents-shares">
          <h3 id="documents-shares" className="mb-3 text-xl font-semibold">
            {t('shares')}
          </h3>
          <ul className="grid gap-4 md:grid-cols-2">
            {offer.shares.map((share) => (
              <li key={share.isinCode} className="rounded border border-slate-200 p-4">
                <h4 className="font-semibold">
                  {share.name} <span className="text-sm font-normal text-slate-700">{t('isin', { isin: share.isinCode })}</span>
                </h4>
                {share.documents.length > 0 ? (
                  <ul className="mt-2 space-y-1">
                    {share.documents.map((d) => (
                      <li key={d.code}>
                        <DocumentLink document={d} locale={locale} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm">{t('shareNone')}</p>
                )}
                <p className="mt-3 text-sm">{p('regulatoryIntro')}</p>
                <ul className="mt-1 space-y-1">
                  <li>
                    <a href={shareSubpageUrl(share.url, 'past-performance')} className="font-medium text-brand underline underline-offset-2">
                      {p('past.title')}
                    </a>
                  </li>
                  <li>
                    <a href={shareSubpageUrl(share.url, 'performance-scenarios')} className="font-medium text-brand underline underline-offset-2">
                      {p('scenarios.title')}
                    </a>
                  </li>
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
