import type { Audience } from '@/domain/registrations/audience';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { NoticesFilterForm } from '@/components/notices/notices-filter-form';
import { NoticeItems } from '@/components/notices/notice-items';
import type { Locale } from '@/env';
import { FUND_EVENT_TYPES } from '@/domain/events/model';
import { NOTICES_PAGE_SIZE, noticesIcsPath, noticesListHref, noticesPageCount, noticesRssPath, parseNoticesQuery } from '@/domain/events/notices';
import type { SearchParamsInput } from '@/domain/funds/finder';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { listNotices } from '@/server/events/queries';
import { withNoticesFeed } from '@/server/events/feeds';
import { listFundsWithFigures } from '@/server/funds/queries';
import { getCompany } from '@/server/site/queries';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { offeredLocales } from '@/server/site/languages-queries';

/** Every filtered view has the unfiltered list as canonical URL, and the site-wide feed as alternate. */
export async function noticesListMetadata(locale: Locale): Promise<Metadata> {
  const [t, company] = await Promise.all([getTranslations({ locale, namespace: 'Notices' }), getCompany(locale)]);
  const metadata = buildPageMetadata({
    locale,
    title: t('title'),
    description: t('description'),
    pathname: localizedPath('/shareholder-notices', locale),
    alternates: alternatePaths('/shareholder-notices', await offeredLocales()),
    siteName: company?.title ?? null,
    siteImage: socialImage(company),
    type: 'website',
  });
  return withNoticesFeed(metadata, noticesRssPath(locale), t('feed.title', { company: company?.title ?? '' }));
}

export async function NoticesListView({ locale, audience, search }: { locale: Locale; audience: Audience; search: SearchParamsInput }) {
  const [funds, t] = await Promise.all([listFundsWithFigures(locale, audience), getTranslations({ locale, namespace: 'Notices' })]);
  const query = parseNoticesQuery(
    search,
    funds.map((f) => f.slug),
  );
  const { items, total } = await listNotices(locale, audience, { fundSlug: query.fund, type: query.type, limit: NOTICES_PAGE_SIZE, offset: (query.page - 1) * NOTICES_PAGE_SIZE });
  const pageCount = noticesPageCount(total);
  // A page past the last one does not exist (page numbers are read up to NOTICES_MAX_PAGE).
  if (query.page > pageCount) notFound();
  const filtered = query.fund !== null || query.type !== null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="mb-4 text-3xl font-bold text-brand md:text-4xl">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-slate-700">{t('description')}</p>
      <NoticesFilterForm
        action={localizedPath('/shareholder-notices', locale)}
        funds={funds.map((f) => ({ slug: f.slug, title: f.title }))}
        types={FUND_EVENT_TYPES.map((code) => ({ code, title: t(`types.${code}`) }))}
        query={query}
        labels={{
          legend: t('filters.legend'),
          fund: t('filters.fund'),
          allFunds: t('filters.allFunds'),
          type: t('filters.type'),
          allTypes: t('filters.allTypes'),
          submit: t('filters.submit'),
          reset: t('filters.reset'),
        }}
      />
      <p role="status" className="mt-6 mb-4 font-semibold">
        {t('results', { count: total })}
      </p>
      {items.length === 0 ? <p>{filtered ? t('noneFiltered') : t('none')}</p> : <NoticeItems notices={items} locale={locale} showFund headingLevel={2} />}
      {pageCount > 1 ? (
        <nav aria-label={t('pagination.label')} className="mt-8 flex flex-wrap items-center gap-4">
          {query.page > 1 ? (
            <a href={noticesListHref(locale, { ...query, page: query.page - 1 })} rel="prev" className="text-brand underline underline-offset-2">
              {t('pagination.previous')}
            </a>
          ) : null}
          <span aria-current="page">{t('pagination.page', { page: query.page, count: pageCount })}</span>
          {query.page < pageCount ? (
            <a href={noticesListHref(locale, { ...query, page: query.page + 1 })} rel="next" className="text-brand underline underline-offset-2">
              {t('pagination.next')}
            </a>
          ) : null}
        </nav>
      ) : null}
      <section aria-labelledby="notices-feeds-heading" className="mt-10">
        <h2 id="notices-feeds-heading" className="mb-2 text-xl font-semibold">
          {t('feeds.heading')}
        </h2>
        <ul className="grid gap-1">
          <li>
            <a href={noticesRssPath(locale)} type="application/rss+xml" className="text-brand underline underline-offset-2">
              {t('feeds.rss')}
            </a>
          </li>
          <li>
            <a href={noticesIcsPath(locale)} type="text/calendar" className="text-brand underline underline-offset-2">
              {t('feeds.ics')}
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
