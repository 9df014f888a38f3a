import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { SfdrSection } from '@/domain/catalog';
import type { OfferedDocument } from '@/domain/documents/fund-documents';
import type { FundView } from '@/domain/model';
import { DocumentLink } from './document-link';

type Props = { locale: Locale; fund: Pick<FundView, 'sfdrArticle' | 'esgLabels' | 'sfdrDisclosure'>; documents: OfferedDocument[] };

/**
 * The ESG section of the overview: SFDR article, labels, ESG documents and, for article 8 and 9
 * funds, the website disclosures of SFDR Art. 10, one collapsible section each so the page stays readable.
 */
export function FundEsg({ locale, fund, documents }: Props) {
  const t = useTranslations('FundEsg');
  const article = fund.sfdrArticle === 9 ? 'article9' : fund.sfdrArticle === 8 ? 'article8' : 'article6';
  const titles = fund.sfdrArticle === 9 ? 'art9' : 'art8';
  const disclosure = fund.sfdrArticle === 8 || fund.sfdrArticle === 9 ? (fund.sfdrDisclosure ?? []) : [];
  return (
    <section aria-labelledby="fund-esg" className="border-t border-slate-200 pt-10">
      <h3 id="fund-esg" className="mb-6 text-2xl font-semibold">
        {t('title')}
      </h3>
      <div className="grid gap-8 md:grid-cols-3">
        <div>
          <h4 className="mb-2 font-semibold">{t('sfdr')}</h4>
          <p className="leading-relaxed">{t(article)}</p>
        </div>
        <div>
          <h4 className="mb-2 font-semibold">{t('labels')}</h4>
          {fund.esgLabels.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {fund.esgLabels.map((label) => (
                <li key={label.code} className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900 ring-1 ring-emerald-700/30">
                  {label.title}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('noLabels')}</p>
          )}
        </div>
        <div>
          <h4 className="mb-2 font-semibold">{t('documents')}</h4>
          {documents.length > 0 ? (
            <ul className="space-y-1">
              {documents.map((d) => (
                <li key={d.code}>
                  <DocumentLink document={d} locale={locale} />
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('noDocuments')}</p>
          )}
        </div>
      </div>
      {disclosure.length > 0 ? (
        <div className="mt-10">
          <h4 className="text-xl font-semibold">{t('disclosure')}</h4>
          <p className="mt-1 mb-4 text-sm text-slate-700">{t('disclosureIntro')}</p>
          <div className="divide-y divide-slate-200 rounded border border-slate-200">
            {disclosure.map((section) => (
              <details key={section.code} className="group">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-semibold hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
                  <span>{t(`${titles}.${section.code as SfdrSection}`)}</span>
                  <span aria-hidden="true" className="text-xl leading-none text-brand group-open:rotate-45 transition-transform">
                    +
                  </span>
                </summary>
                <p className="px-4 pb-4 leading-relaxed">{section.content}</p>
              </details>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
