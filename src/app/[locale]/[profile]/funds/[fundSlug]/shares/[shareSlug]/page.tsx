import type { Metadata } from 'next';
import Link from 'next/link';
import { FundAlertsForm } from '@/components/fund/fund-alerts-form';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { env } from '@/env';
import { CopyButton } from '@/components/share/copy-button';
import { ShareDocuments } from '@/components/share/share-documents';
import { ShareDownloads } from '@/components/share/share-downloads';
import { ShareCosts, ShareTargetMarket } from '@/components/share/share-distribution';
import { ShareKeyFacts } from '@/components/share/share-key-facts';
import { NoticesSection } from '@/components/notices/notices-section';
import { RestrictionBanner } from '@/components/notices/restriction-banner';
import { fundNoticesRssPath, noticesListHref } from '@/domain/events/notices';
import { shareNotices, shareRestrictions } from '@/server/events/queries';
import { defaultChartPeriod, SharePerformance } from '@/components/share/share-performance';
import { FINDATEX_FORMATS, FINDATEX_TEMPLATES, findatexSharePath } from '@/domain/distribution/findatex/files';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { shareDataPath, shareSubpagePath } from '@/domain/routing/urls';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { shareDocumentOffer } from '@/server/documents/offer-queries';
import { getShare } from '@/server/funds/queries';
import { growthSeriesByPeriod } from '@/server/navs/queries';
import { getCompany, getDisclaimers } from '@/server/site/queries';
import { JsonLd } from '@/server/seo/json-ld-script';
import { shareJsonLd } from '@/server/seo/json-ld';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { ShareDistributions } from './share-distributions';
import { offeredLocales } from '@/server/site/languages-queries';

type Props = { params: Promise<SiteParams & { fundSlug: string; shareSlug: string }> };

/** Points per line and period: smooth at any width, light enough to render all nine periods in the page. */
const CHART_POINTS = 60;

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const [found, company] = await Promise.all([getShare(locale, fundSlug, shareSlug, audience), getCompany(locale)]);
  if (!found) return {};
  const alternates = alternatePaths('/funds/[fundSlug]/shares/[shareSlug]', await offeredLocales(), { fundSlug, shareSlug });
  return buildPageMetadata({
    locale,
    title: `${found.fund.title} - ${found.share.name}`,
    description: found.share.managementGoal.slice(0, 160),
    pathname: found.share.url,
    alternates,
    siteImage: socialImage(company),
  });
}

export default async function SharePage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const [found, t, disclaimers, company] = await Promise.all([
    getShare(locale, fundSlug, shareSlug, audience),
    getTranslations('Share'),
    getDisclaimers(locale),
    getCompany(locale),
  ]);
  if (!found) notFound();
  const { fund, share } = found;
  const showPerformance = !share.lessThanOneYear && share.lastPrice !== null;
  const growth = showPerformance && share.lastPrice ? await growthSeriesByPeriod(share, fund.benchmark?.code ?? null, share.lastPrice.date, CHART_POINTS) : [];
  const defaultPeriod = defaultChartPeriod(growth);
  const [documents, notices, restrictions] = await Promise.all([
    shareDocumentOffer(locale, fund, share),
    shareNotices(locale, audience, fund.slug, share),
    shareRestrictions(locale, audience, fund.slug, share),
  ]);
  const fundNoticesHref = noticesListHref(locale, { fund: fund.slug, type: null, page: 1 });
  const otherShares = fund.shares.filter((s) => s.slug !== share.slug);
  const distribution = share.distribution;
  const distributorFiles = distribution
    ? FINDATEX_TEMPLATES.flatMap((template) => FINDATEX_FORMATS.map((format) => ({ template, format, href: findatexSharePath(locale, fund.slug, share.isinCode, `${template}.${format}`) })))
    : [];

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 md:py-14 print:max-w-none print:p-0">
      {restrictions.length > 0 ? (
        <div className="mb-6">
          <RestrictionBanner restrictions={restrictions} fundTitle={fund.title} locale={locale} noticesHref={fundNoticesHref} />
        </div>
      ) : null}
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm print:hidden">
        <ol className="flex flex-wrap gap-x-2 text-muted">
          <li>
            <Link href={localizedPath('/fund-range', locale)} className="text-brand underline underline-offset-2">
              {t('fundRange')}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link href={fund.url} className="text-brand underline underline-offset-2">
              {fund.title}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">{share.name}</li>
        </ol>
      </nav>
      <p className="text-sm text-muted">{fund.category.title}</p>
      <h1 className="mt-1 mb-2 text-3xl font-bold text-brand md:text-4xl print:text-2xl">
        {fund.title} - {share.name}
      </h1>
      <p className="mb-4">
        {t('fund')}{' '}
        <Link href={fund.url} className="font-medium text-brand underline underline-offset-2">
          {fund.title}
        </Link>
      </p>
      <div className="mb-8 flex flex-wrap items-start gap-3 print:hidden">
        <CopyButton path={share.url} label={t('copyLink')} copied={t('linkCopied')} failed={t('copyFailed')} />
        <Link
          href={`${localizedPath('/subscribe', locale)}?isin=${share.isinCode}`}
          className="inline-flex min-h-11 items-center rounded-md bg-brand forced-colors:border px-4 font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {t('subscribe')}
        </Link>
      </div>
      <ShareKeyFacts share={share} locale={locale} />
      <section aria-labelledby="goal-heading" className="mb-10 break-inside-avoid">
        <h2 id="goal-heading" className="mb-3 text-2xl font-semibold">
          {t('managementGoal')}
        </h2>
        <p className="max-w-3xl leading-relaxed">{share.managementGoal}</p>
      </section>
      <SharePerformance
        share={share}
        locale={locale}
        benchmark={fund.benchmark?.title ?? null}
        growth={growth}
        defaultPeriod={defaultPeriod}
        pastPerformance={disclaimers.pastPerformance}
      />
      {distribution ? (
        <>
          <ShareTargetMarket distribution={distribution} sri={share.sriLevel} holdingYears={fund.minRecommendedInvestmentDuration} locale={locale} />
          <ShareCosts costs={distribution.costs} currency={share.currency.code} locale={locale} csvHref={shareDataPath(locale, fund.slug, share.isinCode, 'costs.csv')} />
        </>
      ) : null}
      <ShareDistributions locale={locale} fundSlug={fund.slug} share={share} />
      <ShareDocuments
        documents={documents}
        locale={locale}
        regulatory={{
          pastPerformance: shareSubpagePath(locale, fund.slug, share.slug, 'past-performance'),
          scenarios: shareSubpagePath(locale, fund.slug, share.slug, 'performance-scenarios'),
        }}
        distributorFiles={distributorFiles}
      />
      {showPerformance ? <ShareDownloads locale={locale} fundSlug={fund.slug} isin={share.isinCode} /> : null}
      <NoticesSection
        notices={notices.items}
        total={notices.total}
        locale={locale}
        allHref={fundNoticesHref}
        feedHref={fundNoticesRssPath(locale, fund.slug)}
        fundTitle={fund.title}
      />
      {/* The share is visible to this audience (getShare): its fund's alerts may be offered. */}
      <FundAlertsForm locale={locale} fundSlug={fund.slug} />
      {otherShares.length > 0 ? (
        <nav aria-labelledby="other-shares-heading" className="mb-10 print:hidden">
          <h2 id="other-shares-heading" className="mb-3 text-2xl font-semibold">
            {t('otherShares')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {otherShares.map((s) => (
              <li key={s.slug}>
                <Link href={s.url} className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm hover:border-brand">
                  {s.name} <span className="text-muted">· {s.isinCode}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {company ? <JsonLd data={shareJsonLd(fund, share, company, env().PUBLIC_BASE_URL)} /> : null}
    </article>
  );
}
