import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { NewTabHint } from '@/components/layout/new-tab-hint';
import type { FundView } from '@/domain/model';

/** `company`: the house's name, which the introduction names. */
type Props = { company: string; partners: FundView['partners']; contactHref: string; documentsHref: string; subscribeHref: string };

/** docs/product.md §2 partners section, "How to subscribe?": investors subscribe through distributors, listed with their sites. */
export function FundPartners({ company, partners, contactHref, documentsHref, subscribeHref }: Props) {
  const t = useTranslations('FundPartners');
  return (
    <section aria-labelledby="fund-partners" className="border-t border-slate-200 pt-10">
      <h3 id="fund-partners" className="mb-4 text-2xl font-semibold">
        {t('title')}
      </h3>
      <div className="max-w-3xl space-y-3 leading-relaxed">
        <p>{t('intro', { company })}</p>
        <p>
          {t('beforeInvesting')}{' '}
          <Link href={documentsHref} className="font-semibold text-brand underline underline-offset-2">
            {t('documents')}
          </Link>
        </p>
      </div>
      <h4 className="mt-8 mb-3 text-lg font-semibold">{t('partners')}</h4>
      {partners.length > 0 ? (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {partners.map((p) => (
            <li key={p.url} className="rounded border border-slate-200 p-4">
              <a href={p.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-brand underline underline-offset-2">
                {p.name}
                <NewTabHint />
              </a>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{p.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noPartners')}</p>
      )}
      <p className="mt-8">
        {t('subscribeIntro')}{' '}
        <Link href={subscribeHref} className="font-semibold text-brand underline underline-offset-2">
          {t('subscribe')}
        </Link>
      </p>
      <p className="mt-2">
        {t('contactIntro')}{' '}
        <Link href={contactHref} className="font-semibold text-brand underline underline-offset-2">
          {t('contact')}
        </Link>
      </p>
    </section>
  );
}
