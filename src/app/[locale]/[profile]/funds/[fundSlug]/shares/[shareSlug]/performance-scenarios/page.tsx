import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ScenarioArchive } from '@/components/share/scenario-archive';
import { ShareSubpageFacts, ShareSubpageHeader } from '@/components/share/share-subpage-header';
import { alternatePaths } from '@/domain/routing/paths';
import { SCENARIO_INVESTMENT } from '@/domain/csv/scenarios';
import { formatScenarioAmount, scenarioMonths } from '@/domain/performance/scenarios';
import { shareDataPath, shareSubpagePath } from '@/domain/routing/urls';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getShare } from '@/server/funds/queries';
import { shareScenarios } from '@/server/scenarios/queries';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { getCompany } from '@/server/site/queries';
import { offeredLocales } from '@/server/site/languages-queries';

type Props = { params: Promise<SiteParams & { fundSlug: string; shareSlug: string }> };

/** Rendered on first request per language and profile, then cached like the share page (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const [found, t, company] = await Promise.all([getShare(locale, fundSlug, shareSlug, audience), getTranslations('SharePublications'), getCompany(locale)]);
  if (!found) return {};
  return buildPageMetadata({
    locale,
    title: `${t('scenarios.title')} - ${found.fund.title} - ${found.share.name}`,
    description: t('scenarios.description', { share: `${found.fund.title} - ${found.share.name}`, isin: found.share.isinCode }),
    pathname: shareSubpagePath(locale, fundSlug, shareSlug, 'performance-scenarios'),
    alternates: alternatePaths('/funds/[fundSlug]/shares/[shareSlug]/performance-scenarios', await offeredLocales(), { fundSlug, shareSlug }),
    siteImage: socialImage(company),
  });
}

/**
 * A share's previous performance scenarios as its KID points to them (Delegated Regulation (EU) 2017/653, art. 8):
 * every month imported (src/server/scenarios/import.ts), newest first, kept.
 */
export default async function PerformanceScenariosPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const [found, t] = await Promise.all([getShare(locale, fundSlug, shareSlug, audience), getTranslations('SharePublications')]);
  if (!found) notFound();
  const { fund, share } = found;
  const months = scenarioMonths(await shareScenarios(share.id));
  const currency = share.currency.code;
  const investment = formatScenarioAmount(SCENARIO_INVESTMENT, currency, locale);
  const link = 'font-medium text-brand underline underline-offset-2';

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 md:py-14 print:max-w-none print:p-0">
      <ShareSubpageHeader
        locale={locale}
        fund={{ title: fund.title, url: fund.url, category: fund.category.title }}
        share={{ name: share.name, url: share.url }}
        page={t('scenarios.title')}
        heading={t('scenarios.heading', { share: `${fund.title} - ${share.name}` })}
      />
      <ShareSubpageFacts isin={share.isinCode} launchYear={share.inceptionYear} currency={currency} />
      <p className="mb-2 max-w-3xl leading-relaxed">{t('scenarios.intro', { amount: investment })}</p>
      <p className="mb-8 max-w-3xl font-medium">{t('scenarios.holding', { years: fund.minRecommendedInvestmentDuration })}</p>
      <ScenarioArchive months={months} currency={currency} investment={investment} locale={locale} />
      <p role="note" className="mt-8 max-w-3xl border-l-4 border-accent bg-amber-50 px-3 py-2 text-sm leading-relaxed">
        {t('scenarios.warnings')}
      </p>
      <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 print:hidden">
        {months.length > 0 ? (
          <li>
            <a href={shareDataPath(locale, fund.slug, share.isinCode, 'performance-scenarios.csv')} download className={link}>
              {t('scenarios.csv')}
            </a>
          </li>
        ) : null}
        <li>
          <Link href={shareSubpagePath(locale, fund.slug, share.slug, 'past-performance')} className={link}>
            {t('past.title')}
          </Link>
        </li>
        <li>
          <Link href={share.url} className={link}>
            {t('backToShare')}
          </Link>
        </li>
      </ul>
    </article>
  );
}
