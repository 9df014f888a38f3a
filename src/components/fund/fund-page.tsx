import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { FundTab } from '@/domain/funds/tabs';
import type { FundView } from '@/domain/model';
import { FundAlertsForm } from './fund-alerts-form';
import { FundHeader } from './fund-header';
import { FundTabs } from './fund-tabs';

/** Every tab of a fund page: a banner while a restriction is in force (issue 34), the fund's header, the tab links, then the tab's own content under its heading. */
export function FundPage({ locale, fund, tab, banner, children }: { locale: Locale; fund: FundView; tab: FundTab; banner?: ReactNode; children: ReactNode }) {
  const t = useTranslations('FundTabs');
  return (
    <article>
      {banner}
      <FundHeader fund={fund} />
      <FundTabs locale={locale} fundSlug={fund.slug} active={tab} />
      <section aria-labelledby="fund-tab-heading" className="mx-auto max-w-6xl px-4 py-8 md:py-10">
        <h2 id="fund-tab-heading" className="mb-6 text-2xl font-bold text-brand">
          {t(tab)}
        </h2>
        {children}
      </section>
      {/* Alerts are offered only for a fund with a share class the audience may see (fund.shares is the audience's). */}
      {fund.shares.length > 0 ? <FundAlertsForm locale={locale} fundSlug={fund.slug} /> : null}
    </article>
  );
}
