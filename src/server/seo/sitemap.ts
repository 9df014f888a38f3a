import 'server-only';
import type { MetadataRoute } from 'next';
import { unstable_cache } from 'next/cache';
import { env, type Locale } from '@/env';
import type { NewsItemView } from '@/domain/model';
import { listFunds } from '@/server/funds/queries';
import { listNews, listNewsCategories, NEWS_MAX_PAGE } from '@/server/news/queries';
import { listPages } from '@/server/site/queries';
import { offeredLocales } from '@/server/site/languages-queries';
import { defaultAudience } from '@/server/http/request-context';
import { SITEMAP_TAG } from '@/domain/content/cache-tags';
import { buildSitemap, type SitemapLocaleData } from './sitemap-entries';

/** The sitemap is rebuilt at most once an hour; `revalidateTag(SITEMAP_TAG, 'max')` refreshes it sooner. */
export const SITEMAP_REVALIDATE_SECONDS = 3600;
export { SITEMAP_TAG };

/** Every news item of a language visible to RETAIL, page by page (listNews caps a page at NEWS_MAX_PAGE). */
async function allNews(locale: Locale): Promise<NewsItemView[]> {
  const items: NewsItemView[] = [];
  for (;;) {
    const page = await listNews(locale, defaultAudience(), { limit: NEWS_MAX_PAGE, offset: items.length });
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}

/** What a first-time visitor (RETAIL in DEFAULT_COUNTRY, docs/decisions/035) may see, in one language. */
async function localeData(locale: Locale): Promise<SitemapLocaleData> {
  const [pages, funds, news, categories] = await Promise.all([
    listPages(locale),
    listFunds(locale, defaultAudience()),
    allNews(locale),
    listNewsCategories(locale),
  ]);
  return { pageCodes: pages.map((p) => p.code), funds, news, categories };
}

/** The sitemap of these languages, in their order (the first, the default, is each page's x-default), uncached. */
export async function generateSitemap(locales: readonly Locale[], baseUrl: string): Promise<MetadataRoute.Sitemap> {
  const data = await Promise.all(locales.map(async (l) => [l, await localeData(l)] as const));
  return buildSitemap(Object.fromEntries(data), baseUrl);
}

/**
 * The sitemap, built on request and kept in Next's data cache for an hour. The entries hold only
 * strings (lastModified is an ISO date), so they survive the cache's JSON round trip unchanged.
 */
const cachedSitemap = unstable_cache(generateSitemap, ['seo-sitemap'], {
  revalidate: SITEMAP_REVALIDATE_SECONDS,
  tags: [SITEMAP_TAG],
});

/** The offered languages are part of the cache's key: a change of them (also a publication of everything) makes a new sitemap. */
export async function siteSitemap(): Promise<MetadataRoute.Sitemap> {
  return cachedSitemap(await offeredLocales(), env().PUBLIC_BASE_URL);
}
