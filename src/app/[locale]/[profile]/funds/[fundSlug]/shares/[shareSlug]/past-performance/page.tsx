import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PastPerformanceWarning } from '@/components/performance/past-performance-warning';
import { PastPerformanceChart } from '@/components/share/past-performance-chart';
import { ShareSubpageFacts, ShareSubpageHeader } from '@/components/share/share-subpage-header';
import { pastPerformanceYears } from '@/domain/performance/past';
import { alternatePaths } from '@/domain/routing/paths';
import { shareDataPath, shareSubpagePath } from '@/domain/routing/urls';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getShare } from '@/server/funds/queries';
import { getDisclaimers } from '@/server/site/queries';
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
    title: `${t('past.title')} - ${found.fund.title} - ${found.share.name}`,
    description: t('past.description', { share: `${found.fund.title} - ${found.share.name}`, isin: found.share.isinCode }),
    pathname: shareSubpagePath(locale, fundSlug, shareSlug, 'past-performance'),
    alternates: alternatePaths('/funds/[fundSlug]/shares/[shareSlug]/past-performance', await offeredLocales(), { fundSlug, shareSlug }),
    siteImage: socialImage(company),
  });
}

/**
 * A share's past performance as its KID points to it (Delegated Regulation (EU) 2017/653, art. 8 and Annex VIII):
 * the share page's own calendar-year figures (docs/methodology.md) over up to the last ten years, with the statements
 * the Annex requires; for a share without one complete calendar year, only that there is not yet enough data.
 */
export default async function PastPerformancePage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const [found, t, disclaimers] = await Promise.all([getShare(locale, fundSlug, shareSlug, audience), getTranslations('SharePublications'), getDisclaimers(locale)]);
  if (!found) notFound();
  const { fund, share } = found;
  const benchmark = fund.benchmark?.title ?? null;
  const years = pastPerformanceYears({ ...share, asOf: share.lastPrice?.date ?? null }, benchmark !== null);
  const currency = share.currency.code;
  const link = 'font-medium text-brand underline underline-offset-2';

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 md:py-14 print:max-w-none print:p-0">
      <ShareSubpageHeader
        locale={locale}
        fund={{ title: fund.title, url: fund.url, category: fund.category.title }}
        share={{ name: share.name, url: share.url }}
        page={t('past.title')}
        heading={t('past.heading', { share: `${fund.title} - ${share.name}` })}
      />
      <ShareSubpageFacts isin={share.isinCode} launchYear={share.inceptionYear} currency={currency} />
      {years.length === 0 ? (
        <p className="mb-8 max-w-3xl rounded border border-slate-300 bg-slate-50 p-4 leading-relaxed">{t('past.notEnoughData', { date: share.formattedInceptionDate })}</p>
      ) : (
        <>
          <p className="mb-6 max-w-3xl leading-relaxed">
            {benchmark ? t('past.introBenchmark', { count: years.length, benchmark }) : t('past.intro', { count: years.length })}
          </p>
          <PastPerformanceChart years={years} shareName={share.name} benchmark={benchmark} currency={currency} locale={locale} />
        </>
      )}
      <section aria-labelledby="warnings-heading" className="mt-10 max-w-3xl">
        <h2 id="warnings-heading" className="mb-3 text-xl font-semibold">
          {t('past.warnings')}
        </h2>
        <ul className="list-disc space-y-2 pl-5 leading-relaxed">
          <li>{t('past.notReliable')}</li>
          <li>{t('past.charges')}</li>
          <li>{t('past.launch', { year: share.inceptionYear, date: share.formattedInceptionDate })}</li>
          <li>{t('past.currencyNote', { currency })}</li>
          {benchmark && years.length > 0 ? <li>{t('past.benchmarkNote', { benchmark })}</li> : null}
          {years.some((y) => y.share === null) ? <li>{t('past.emptyYears')}</li> : null}
        </ul>
        <PastPerformanceWarning text={disclaimers.pastPerformance} />
      </section>
      <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 print:hidden">
        <li>
          <a href={shareDataPath(locale, fund.slug, share.isinCode, 'past-performance.csv')} download className={link}>
            {t('past.csv')}
          </a>
        </li>
        <li>
          <Link href={shareSubpagePath(locale, fund.slug, share.slug, 'performance-scenarios')} className={link}>
            {t('scenarios.title')}
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
