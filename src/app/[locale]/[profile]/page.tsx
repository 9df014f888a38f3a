import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { env } from '@/env';
import { localizedPath } from '@/i18n/paths';
import type { PageView } from '@/domain/model';
import { RichText } from '@/components/content/rich-text';
import { NewsLink } from '@/components/news/news-link';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { listFunds } from '@/server/queries/funds';
import { listNews } from '@/server/queries/news';
import { getCompany, getPage } from '@/server/queries/site';
import { organizationJsonLd } from '@/server/seo/json-ld';
import { JsonLd } from '@/server/seo/json-ld-script';
import { contentPageMetadata } from '@/server/seo/page-metadata';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('home', locale, '/');
}

function texts(page: PageView, component: string) {
  const found = page.components.find((c) => c.code === component)?.texts ?? [];
  return (code: string) => found.find((t) => t.code === code)?.content ?? '';
}

function Teaser({ id, page, component, href, children }: { id: string; page: PageView; component: string; href: string; children?: ReactNode }) {
  const text = texts(page, component);
  return (
    <section aria-labelledby={id} className="mb-14">
      <h2 id={id} className="mb-3 text-2xl font-semibold">
        {text('title')}
      </h2>
      {text('text') ? <RichText html={text('text')} className="mb-5 max-w-3xl text-muted" /> : null}
      {children}
      <p className="mt-5">
        <Link href={href} className="font-semibold text-brand underline">
          {text('cta')}
        </Link>
      </p>
    </section>
  );
}

/** The home page: who the company is, its figures, a way into every part of the site. */
export default async function HomePage({ params }: Props) {
  const { locale, profile } = await siteParams(params);
  const [company, page, funds, news, t, tNews] = await Promise.all([
    getCompany(locale),
    getPage(locale, 'home'),
    listFunds(locale, profile),
    listNews(locale, profile, { limit: 3 }),
    getTranslations('Home'),
    getTranslations('News'),
  ]);
  if (!company || !page) notFound();
  const hero = texts(page, 'hero');
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
            <Link href={localizedPath('/fund-range', locale)} className="rounded bg-white px-5 py-3 font-semibold text-brand hover:bg-slate-100">
              {hero('cta')}
            </Link>
            <Link href={localizedPath('/contact', locale)} className="rounded border border-white px-5 py-3 font-semibold text-white hover:bg-brand-dark">
              {t('contact')}
            </Link>
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
        <Teaser id="expertise-teaser" page={page} component="expertise-teaser" href={localizedPath('/expertise', locale)} />
        <Teaser id="funds-teaser" page={page} component="funds-teaser" href={localizedPath('/fund-range', locale)}>
          <ul className="grid gap-6 md:grid-cols-2">
            {highlighted.map((fund) => (
              <li key={fund.slug} className="rounded border border-slate-200 p-5">
                <p className="text-sm text-muted">{fund.category.title}</p>
                <h3 className="mt-1 text-lg font-semibold">
                  <Link href={fund.url} className="text-brand hover:underline">
                    {fund.title}
                  </Link>
                </h3>
                <p className="mt-2 line-clamp-3 text-muted">{fund.description}</p>
              </li>
            ))}
          </ul>
        </Teaser>
        <Teaser id="esg-teaser" page={page} component="esg-teaser" href={localizedPath('/esg', locale)} />
        <Teaser id="news-teaser" page={page} component="news-teaser" href={localizedPath('/news', locale)}>
          <ul className="grid gap-6 md:grid-cols-3">
            {news.items.map((item) => (
              <li key={item.slug} className="rounded border border-slate-200 p-5">
                <p className="text-sm text-muted">
                  <time dateTime={item.publishedAt}>{item.formattedDate}</time> · {item.category.title}
                </p>
                <h3 className="mt-1 font-semibold">
                  <NewsLink item={item} labels={{ external: tNews('external'), document: tNews('document') }} className="text-brand hover:underline" />
                </h3>
              </li>
            ))}
          </ul>
        </Teaser>
        <Teaser id="newsletter-teaser" page={page} component="newsletter-teaser" href={localizedPath('/contact', locale)} />
      </div>
    </>
  );
}
