import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { env } from '@/env';
import { ContentSections } from '@/components/content/content-sections';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { listFunds } from '@/server/queries/funds';
import { listNews } from '@/server/queries/news';
import { getCompany, getPage } from '@/server/queries/site';
import { organizationJsonLd } from '@/server/seo/json-ld';
import { JsonLd } from '@/server/seo/json-ld-script';
import { contentPageMetadata } from '@/server/seo/page-metadata';
import { localizedPath } from '@/i18n/paths';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('home', locale, '/');
}

export default async function HomePage({ params }: Props) {
  const { locale, profile } = await siteParams(params);
  const [company, page, funds, news, t] = await Promise.all([
    getCompany(locale),
    getPage(locale, 'home'),
    listFunds(locale, profile),
    listNews(locale, profile, { limit: 3 }),
    getTranslations('Home'),
  ]);
  if (!company || !page) notFound();
  const highlighted = funds.filter((f) => f.isHighlight);
  return (
    <>
      <JsonLd data={organizationJsonLd(company, env().PUBLIC_BASE_URL, locale)} />
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
          <h1 className="text-4xl font-bold md:text-5xl">{company.title}</h1>
          <p className="mt-4 max-w-3xl text-xl md:text-2xl">{company.baseline}</p>
          <p className="mt-3 max-w-3xl text-slate-100">{company.subBaseline}</p>
          <p className="mt-8 flex flex-wrap gap-4">
            <a href={localizedPath('/fund-range', locale)} className="rounded bg-white px-5 py-3 font-semibold text-brand hover:bg-slate-100">
              {t('discoverFunds')}
            </a>
            <a href={localizedPath('/contact', locale)} className="rounded border border-white px-5 py-3 font-semibold text-white hover:bg-brand-dark">
              {t('contact')}
            </a>
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <section aria-labelledby="key-figures" className="mb-14">
          <h2 id="key-figures" className="mb-6 text-2xl font-semibold">
            {t('keyFigures')}
          </h2>
          <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
            {company.keyFigures.map((figure) => (
              <div key={figure.code} className="flex flex-col-reverse rounded border border-slate-200 p-5">
                <dt className="mt-1 text-sm text-muted">{figure.title}</dt>
                <dd className="text-3xl font-bold text-brand">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        {highlighted.length > 0 ? (
          <section aria-labelledby="highlighted-funds" className="mb-14">
            <h2 id="highlighted-funds" className="mb-6 text-2xl font-semibold">
              {t('highlightedFunds')}
            </h2>
            <ul className="grid gap-6 md:grid-cols-2">
              {highlighted.map((fund) => (
                <li key={fund.slug} className="rounded border border-slate-200 p-5">
                  <p className="text-sm text-muted">{fund.category.title}</p>
                  <h3 className="mt-1 text-lg font-semibold">
                    <a href={fund.url} className="text-brand hover:underline">
                      {fund.title}
                    </a>
                  </h3>
                  <p className="mt-2 line-clamp-3 text-muted">{fund.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="latest-news" className="mb-14">
          <h2 id="latest-news" className="mb-6 text-2xl font-semibold">
            {t('latestNews')}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {news.items.map((item) => (
              <li key={item.slug} className="rounded border border-slate-200 p-5">
                <p className="text-sm text-muted">
                  <time dateTime={item.publishedAt}>{item.formattedDate}</time> · {item.category.title}
                </p>
                <h3 className="mt-1 font-semibold">
                  <a
                    href={item.route}
                    className="text-brand hover:underline"
                    {...(item.routeType === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {item.title}
                  </a>
                </h3>
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <a href={localizedPath('/news', locale)} className="font-semibold text-brand underline">
              {t('allNews')}
            </a>
          </p>
        </section>
        <ContentSections components={page.components} />
      </div>
    </>
  );
}
