import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { env, type Locale } from '@/env';
import { alternatePaths } from '@/domain/routing/paths';
import { newsCategoryPath, newsListPath } from '@/domain/news/links';
import { NewsArticle } from '@/components/news/news-article';
import { NewsCard } from '@/components/news/news-card';
import { withNewsFeed } from '@/server/http/news-feed';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { findNewsTranslation, getNewsItem, listNews } from '@/server/news/queries';
import { getCompany, getPage } from '@/server/site/queries';
import { newsArticleJsonLd } from '@/server/seo/json-ld';
import { JsonLd } from '@/server/seo/json-ld-script';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { offeredLocales } from '@/server/site/languages-queries';

type Props = { params: Promise<SiteParams & { slug: string }> };

/** Items shown under an article: the newest others of its category. */
const RELATED = 3;

async function translations(group: string): Promise<Partial<Record<Locale, string>>> {
  const slugs = new Map<Locale, string>();
  const offered = await offeredLocales();
  for (const l of offered) {
    const slug = await findNewsTranslation(group, l);
    if (slug) slugs.set(l, slug);
  }
  return alternatePaths('/news/[slug]', offered, (l) => (slugs.has(l) ? { slug: slugs.get(l) as string } : null));
}

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, audience } = await siteParams(params);
  const { slug } = await params;
  const [item, company, news] = await Promise.all([getNewsItem(locale, slug, audience), getCompany(locale), getPage(locale, 'news')]);
  if (!item || item.routeType !== 'plain') return {};
  const metadata = buildPageMetadata({
    locale,
    title: item.title,
    description: item.summary,
    pathname: item.route,
    alternates: await translations(item.group),
    siteName: company?.title,
    siteImage: socialImage(company),
    type: 'article',
    publishedTime: item.publishedAt,
  });
  return withNewsFeed(metadata, locale, company?.title ?? '', news?.title ?? '');
}

/** A news article. Items with an external URL or a document are not pages of ours (docs/product.md §2 link rule). */
export default async function NewsArticlePage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const { slug } = await params;
  const [item, company, t] = await Promise.all([getNewsItem(locale, slug, audience), getCompany(locale), getTranslations('News')]);
  if (!item || item.routeType !== 'plain' || !company) notFound();
  const sameCategory = await listNews(locale, audience, { category: item.category.code, limit: RELATED + 1 });
  const related = sameCategory.items.filter((n) => n.slug !== item.slug).slice(0, RELATED);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <NewsArticle
        item={item}
        labels={{ back: t('back'), by: item.author ? t('by', { author: item.author }) : null, relatedFund: t('relatedFund') }}
        listHref={newsListPath(locale)}
        categoryHref={newsCategoryPath(locale, item.category.code)}
        head={<JsonLd data={newsArticleJsonLd(item, company, env().PUBLIC_BASE_URL)} />}
      />
      {related.length > 0 ? (
        <section aria-labelledby="related-news" className="mt-16 border-t border-slate-200 pt-10">
          <h2 id="related-news" className="mb-6 text-2xl font-semibold">
            {t('moreInCategory', { category: item.category.title })}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {related.map((n) => (
              <li key={n.slug}>
                <NewsCard item={n} labels={{ external: t('external'), document: t('document') }} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
