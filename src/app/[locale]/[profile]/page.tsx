import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { env } from '@/env';
import { localizedPath } from '@/domain/routing/paths';
import type { PageView } from '@/domain/model';
import { findComponent, textOf } from '@/domain/content/page-texts';
import { RichText } from '@/components/content/rich-text';
import { ExploreLinks } from '@/components/home/explore-links';
import { HighlightedFunds } from '@/components/home/highlighted-funds';
import { NewsCard } from '@/components/news/news-card';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { pageTag } from '@/domain/content/cache-tags';
import { markTags } from '@/server/cache/tags';
import { listFundsWithFigures } from '@/server/funds/queries';
import { listNews } from '@/server/news/queries';
import { getCompany, listPages } from '@/server/site/queries';
import { organizationJsonLd } from '@/server/seo/json-ld';
import { JsonLd } from '@/server/seo/json-ld-script';
import { contentPageMetadata } from '@/server/seo/page-metadata';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('home', locale, '/');
}

/** A teaser of the home page: a component's title, text and call to action towards a part of the site. */
function Teaser({ id, page, component, href, children }: { id: string; page: PageView; component: string; href: string; children?: ReactNode }) {
  const part = findComponent(page, component);
  return (
    <section aria-labelledby={id} className="mb-16">
      <h2 id={id} className="mb-3 text-2xl font-semibold">
        {textOf(part, 'title')}
      </h2>
      {textOf(part, 'text') ? <RichText html={textOf(part, 'text')} className="mb-6 max-w-3xl text-muted" /> : null}
      {children}
      <p className="mt-6">
        <Link href={href} className="font-semibold text-brand underline">
          {textOf(part, 'cta')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The home page: who the company is and its figures, its highlighted funds (those the profile
 * may see), its latest news and a way into every part of the site. A house with no fund or no news
 * for the visitor yet (an empty start, docs/product.md "Data") says so, rather than showing an empty list.
 */
export default async function HomePage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const [company, pages, funds, news, t, tNews] = await Promise.all([
    getCompany(locale),
    listPages(locale),
    listFundsWithFigures(locale, audience),
    listNews(locale, audience, { limit: 3 }),
    getTranslations('Home'),
    getTranslations('News'),
    // Its own texts: a change of the home page, or of a page it introduces, names 'home' (pageChangeScope).
    markTags([pageTag('home')]),
  ]);
  const page = pages.find((p) => p.code === 'home');
  if (!company || !page) notFound();
  const hero = findComponent(page, 'hero');
  const highlighted = funds.filter((f) => f.isHighlight);
  const newsLabels = { external: tNews('external'), document: tNews('document') };
  return (
    <>
      <JsonLd data={organizationJsonLd(company, env().PUBLIC_BASE_URL, locale)} />
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
          <h1 className="text-4xl font-bold md:text-5xl">{company.title}</h1>
          <p className="mt-4 max-w-3xl text-xl md:text-2xl">{company.baseline}</p>
          <p className="mt-3 max-w-3xl text-slate-100">{company.subBaseline}</p>
          <p className="mt-8 flex flex-wrap gap-4">
            <Link href={localizedPath('/fund-range', locale)} className="rounded bg-white px-5 py-3 font-semibold text-brand hover:bg-slate-100">
              {textOf(hero, 'cta')}
            </Link>
            <Link href={localizedPath('/contact', locale)} className="rounded border border-white px-5 py-3 font-semibold text-white hover:bg-brand-dark">
              {t('contact')}
            </Link>
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className={company.keyFigures.length > 0 ? 'mb-16 grid gap-10 lg:grid-cols-[1fr_1.2fr]' : 'mb-16'}>
          <section aria-labelledby="home-intro">
            <h2 id="home-intro" className="mb-3 text-2xl font-semibold">
              {textOf(hero, 'title')}
            </h2>
            <RichText html={textOf(hero, 'text')} className="text-muted" />
          </section>
          {/* A house that has not given its key figures yet (an empty start) shows none. */}
          {company.keyFigures.length > 0 ? (
            <section aria-labelledby="key-figures">
              <h2 id="key-figures" className="sr-only">
                {t('keyFigures')}
              </h2>
              <dl className="grid grid-cols-2 gap-4">
                {company.keyFigures.map((figure) => (
                  <div key={figure.code} className="flex flex-col-reverse rounded border border-slate-200 p-5">
                    <dt className="mt-1 text-sm text-muted">{figure.title}</dt>
                    <dd className="text-3xl font-bold text-brand">{figure.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
        <Teaser id="expertise-teaser" page={page} component="expertise-teaser" href={localizedPath('/expertise', locale)} />
        <Teaser id="funds-teaser" page={page} component="funds-teaser" href={localizedPath('/fund-range', locale)}>
          {funds.length === 0 ? <p className="text-muted">{t('noFunds')}</p> : highlighted.length > 0 ? <HighlightedFunds funds={highlighted} /> : null}
        </Teaser>
        <Teaser id="esg-teaser" page={page} component="esg-teaser" href={localizedPath('/esg', locale)} />
        <Teaser id="news-teaser" page={page} component="news-teaser" href={localizedPath('/news', locale)}>
          {news.items.length === 0 ? (
            <p className="text-muted">{t('noNews')}</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-3">
              {news.items.map((item) => (
                <li key={item.slug}>
                  <NewsCard item={item} labels={newsLabels} />
                </li>
              ))}
            </ul>
          )}
        </Teaser>
        <section aria-labelledby="explore" className="mb-16">
          <h2 id="explore" className="mb-6 text-2xl font-semibold">
            {textOf(findComponent(page, 'explore'), 'title')}
          </h2>
          <ExploreLinks pages={pages} />
        </section>
        <Teaser id="newsletter-teaser" page={page} component="newsletter-teaser" href={localizedPath('/contact', locale)} />
      </div>
    </>
  );
}
