import type { Audience } from '@/domain/registrations/audience';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { env, type Locale } from '@/env';
import { FundCharacteristics } from '@/components/fund/fund-characteristics';
import { FundDocuments } from '@/components/fund/fund-documents';
import { FundNews } from '@/components/fund/fund-news';
import { FundOverview } from '@/components/fund/fund-overview';
import { FundPage } from '@/components/fund/fund-page';
import { FundPerformances } from '@/components/fund/fund-performances';
import { FundPortfolio } from '@/components/fund/fund-portfolio';
import { NoticesSection } from '@/components/notices/notices-section';
import { RestrictionBanner } from '@/components/notices/restriction-banner';
import { fundNoticesRssPath, noticesListHref } from '@/domain/events/notices';
import { fundNotices, fundRestrictions } from '@/server/events/queries';
import { withNoticesFeed } from '@/server/events/feeds';
import { defaultChartPeriod, SharePerformance } from '@/components/share/share-performance';
import { headlineShare } from '@/domain/performance/headline';
import { growthSeriesByPeriod } from '@/server/navs/queries';
import { esgDocuments } from '@/domain/documents/fund-documents';
import { fundTabPath, type FundTab } from '@/domain/funds/tabs';
import type { FundView } from '@/domain/model';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { getFund } from '@/server/funds/queries';
import { listNews, NEWS_MAX_PAGE } from '@/server/news/queries';
import { getPortfolio } from '@/server/portfolios/queries';
import { fundDocumentOffer } from '@/server/documents/offer-queries';
import { getCompany, getDisclaimers } from '@/server/site/queries';
import { fundJsonLd } from '@/server/seo/json-ld';
import { JsonLd } from '@/server/seo/json-ld-script';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { offeredLocales } from '@/server/site/languages-queries';

/** Points per line and period of the growth chart, as on share pages. */
const CHART_POINTS = 60;

type FundRouteProps = { locale: Locale; audience: Audience; fundSlug: string; tab: FundTab };

/** The title, canonical URL and language versions of one tab of a fund page. */
export async function fundTabMetadata({ locale, audience, fundSlug, tab }: FundRouteProps): Promise<Metadata> {
  const [fund, company, t, tn] = await Promise.all([
    getFund(locale, fundSlug, audience),
    getCompany(locale),
    getTranslations({ locale, namespace: 'FundTabs' }),
    getTranslations({ locale, namespace: 'Notices' }),
  ]);
  if (!fund) return {};
  const alternates =
    tab === 'overview'
      ? alternatePaths('/funds/[fundSlug]', await offeredLocales(), { fundSlug })
      : alternatePaths('/funds/[fundSlug]/[tab]', await offeredLocales(), { fundSlug, tab });
  const metadata = buildPageMetadata({
    locale,
    title: tab === 'overview' ? fund.title : `${t(tab)} - ${fund.title}`,
    description: fund.description.slice(0, 160),
    pathname: fundTabPath(locale, fundSlug, tab),
    alternates,
    siteName: company?.title ?? null,
    siteImage: socialImage(company),
    type: 'website',
  });
  // The fund's notices feed (issue 34), for feed readers.
  return withNoticesFeed(metadata, fundNoticesRssPath(locale, fund.slug), tn('feed.fundTitle', { company: company?.title ?? '', fund: fund.title }));
}

/** The same offer the share pages and the document library make (src/server/documents/offer-queries.ts). */
const offerFor = (locale: Locale, fund: FundView) => fundDocumentOffer(locale, fund);

/** The content of one tab, with only the data that tab needs. */
async function TabContent({ locale, audience, fund, tab }: { locale: Locale; audience: Audience; fund: FundView; tab: FundTab }) {
  switch (tab) {
    case 'overview': {
      const [offer, notices, company] = await Promise.all([offerFor(locale, fund), fundNotices(locale, audience, fund.slug), getCompany(locale)]);
      return (
        <>
          <FundOverview
            locale={locale}
            company={company?.title ?? ''}
            fund={fund}
            esgDocuments={esgDocuments(offer.fund)}
            contactHref={localizedPath('/contact', locale)}
            documentsHref={fundTabPath(locale, fund.slug, 'documents')}
          />
          <NoticesSection
            notices={notices.items}
            total={notices.total}
            locale={locale}
            allHref={noticesListHref(locale, { fund: fund.slug, type: null, page: 1 })}
            feedHref={fundNoticesRssPath(locale, fund.slug)}
            fundTitle={fund.title}
          />
        </>
      );
    }
    case 'characteristics':
      return <FundCharacteristics fund={fund} />;
    case 'performances': {
      // Every class's headline figures, then the main class's full table and charts (as on its own page).
      const [{ pastPerformance }, t] = await Promise.all([getDisclaimers(locale), getTranslations({ locale, namespace: 'FundPerformances' })]);
      const main = headlineShare(fund);
      const growth =
        main && !main.lessThanOneYear && main.lastPrice ? await growthSeriesByPeriod(main, fund.benchmark?.code ?? null, main.lastPrice.date, CHART_POINTS) : [];
      return (
        <>
          <FundPerformances shares={fund.shares} pastPerformance={pastPerformance} />
          {main ? (
            <div className="mt-12">
              <SharePerformance
                share={main}
                locale={locale}
                benchmark={fund.benchmark?.title ?? null}
                growth={growth}
                defaultPeriod={defaultChartPeriod(growth)}
                pastPerformance={pastPerformance}
                title={t('mainShare', { share: main.name })}
              />
            </div>
          ) : null}
        </>
      );
    }
    case 'portfolio':
      return <FundPortfolio locale={locale} portfolio={await getPortfolio(fund.id, locale)} />;
    case 'documents':
      return <FundDocuments locale={locale} offer={await offerFor(locale, fund)} />;
    case 'news': {
      const news = await listNews(locale, audience, { fundSlug: fund.slug, limit: NEWS_MAX_PAGE });
      return <FundNews items={news.items} allNewsHref={localizedPath('/news', locale)} />;
    }
  }
}

/** One tab of a fund page (docs/product.md §2), shared by the overview route and the [tab] route. A fund the profile may not see is a 404. */
export async function FundRoute({ locale, audience, fundSlug, tab }: FundRouteProps) {
  const [fund, company, restrictions] = await Promise.all([getFund(locale, fundSlug, audience), getCompany(locale), fundRestrictions(locale, audience, fundSlug)]);
  if (!fund) notFound();
  const banner = (
    <RestrictionBanner restrictions={restrictions} fundTitle={fund.title} locale={locale} noticesHref={noticesListHref(locale, { fund: fund.slug, type: null, page: 1 })} />
  );
  return (
    <>
      {company ? <JsonLd data={fundJsonLd(fund, company, env().PUBLIC_BASE_URL)} /> : null}
      <FundPage locale={locale} fund={fund} tab={tab} banner={banner}>
        <TabContent locale={locale} audience={audience} fund={fund} tab={tab} />
      </FundPage>
    </>
  );
}
