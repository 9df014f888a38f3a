import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { FUND_TABS, fundTabPath, type FundTab } from '@/domain/funds/tabs';

/**
 * The fund page's tabs. Each tab is a page with its own URL, so they are links in a nav (the
 * current one aria-current="page"), not an ARIA tab widget: they work without JavaScript and with
 * the Tab key like any link. On a phone the row scrolls sideways.
 */
export function FundTabs({ locale, fundSlug, active }: { locale: Locale; fundSlug: string; active: FundTab }) {
  const t = useTranslations('FundTabs');
  return (
    <nav aria-label={t('label')} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl snap-x overflow-x-auto px-4 [scrollbar-width:thin]">
        {FUND_TABS.map((tab) => {
          const current = tab === active;
          return (
            <li key={tab} className="shrink-0 snap-start">
              <Link
                href={fundTabPath(locale, fundSlug, tab)}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-12 items-center border-b-4 px-4 py-3 font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand ${
                  current ? 'border-brand text-brand' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-brand'
                }`}
              >
                {t(tab)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
