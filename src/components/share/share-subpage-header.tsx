import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { localizedPath } from '@/domain/routing/paths';

type Props = {
  locale: Locale;
  fund: { title: string; url: string; category: string };
  share: { name: string; url: string };
  /** This page's name, last in the breadcrumb. */
  page: string;
  heading: string;
};

/** The top of a share's regulatory page: breadcrumb (fund range / fund / share / this page) and heading. */
export function ShareSubpageHeader({ locale, fund, share, page, heading }: Props) {
  const t = useTranslations('SharePublications');
  const link = 'text-brand underline underline-offset-2';
  return (
    <>
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm print:hidden">
        <ol className="flex flex-wrap gap-x-2 text-muted">
          <li>
            <Link href={localizedPath('/fund-range', locale)} className={link}>
              {t('fundRange')}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link href={fund.url} className={link}>
              {fund.title}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link href={share.url} className={link}>
              {share.name}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">{page}</li>
        </ol>
      </nav>
      <p className="text-sm text-muted">{fund.category}</p>
      <h1 className="mt-1 mb-4 text-3xl font-bold text-brand md:text-4xl print:text-2xl">{heading}</h1>
    </>
  );
}

/** ISIN, launch year and currency: the facts Annex VIII asks the past-performance page to state. */
export function ShareSubpageFacts({ isin, launchYear, currency }: { isin: string; launchYear: number; currency: string }) {
  const t = useTranslations('SharePublications');
  return (
    <section aria-label={t('facts')} className="mb-6">
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-muted">{t('isin')}</dt>
          <dd className="font-semibold">{isin}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('launchYear')}</dt>
          <dd className="font-semibold">{launchYear}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('currency')}</dt>
          <dd className="font-semibold">{currency}</dd>
        </div>
      </dl>
    </section>
  );
}
