import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { shareDataPath } from '@/domain/routing/urls';

/** Links to the CSV files of src/app/e/[locale]/data/…: the NAV history and the performance table. */
export function ShareDownloads({ locale, fundSlug, isin }: { locale: Locale; fundSlug: string; isin: string }) {
  const t = useTranslations('Share');
  const link = 'inline-flex min-h-9 items-center gap-2 rounded border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 3v12m0 0 5-5m-5 5-5-5M4 21h16" />
    </svg>
  );
  return (
    <section aria-labelledby="downloads-heading" className="mb-10 print:hidden">
      <h2 id="downloads-heading" className="mb-3 text-2xl font-semibold">
        {t('downloads')}
      </h2>
      <ul className="flex flex-wrap gap-3">
        <li>
          <a href={shareDataPath(locale, fundSlug, isin, 'nav-history.csv')} download className={link}>
            {icon}
            {t('navHistoryCsv')}
          </a>
        </li>
        <li>
          <a href={shareDataPath(locale, fundSlug, isin, 'performance.csv')} download className={link}>
            {icon}
            {t('performanceCsv')}
          </a>
        </li>
      </ul>
      <p className="mt-2 text-sm text-muted">{t('downloadsNote')}</p>
    </section>
  );
}
