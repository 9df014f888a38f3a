import 'server-only';
import type { Metadata } from 'next';
import { env, type Locale } from '@/env';
import { INTL_LOCALE } from '@/domain/language/format';
import { newsFeedPath, newsListPath } from '@/domain/news/links';
import { richTextToPlain } from '@/domain/content/rich-text';
import { buildRss } from '@/domain/news/rss';
import { listNews } from '@/server/news/queries';
import { getCompany, getPage } from '@/server/site/queries';
import { absoluteUrl } from '@/server/seo/urls';
import { defaultAudience } from './request-context';

/** The newest items a feed carries. */
export const FEED_SIZE = 20;

const feedTitle = (company: string, news: string) => `${company} – ${news}`;

/**
 * The RSS 2.0 feed of a language's news. Feed readers send no cookies and a feed is shared, so
 * it carries what a first-time visitor sees: the RETAIL profile in DEFAULT_COUNTRY (news about a
 * fund hidden from it are left out). Links follow the docs/product.md §2 rule, made absolute. Null when the site has no
 * news page in the database.
 */
export async function newsFeedXml(locale: Locale): Promise<string | null> {
  const base = env().PUBLIC_BASE_URL;
  const [company, page, news] = await Promise.all([getCompany(locale), getPage(locale, 'news'), listNews(locale, defaultAudience(), { limit: FEED_SIZE })]);
  if (!company || !page) return null;
  return buildRss({
    title: feedTitle(company.title, page.title),
    link: absoluteUrl(newsListPath(locale), base),
    description: page.description,
    language: INTL_LOCALE[locale].toLowerCase(),
    selfUrl: absoluteUrl(newsFeedPath(locale), base),
    items: news.items.map((item) => ({
      title: richTextToPlain(item.title),
      link: absoluteUrl(item.route, base),
      description: richTextToPlain(item.summary),
      pubDate: item.publishedAt,
      category: item.category.title,
      author: item.author,
    })),
  });
}

/** Metadata of a news page plus the <link rel="alternate" type="application/rss+xml"> of its language's feed. */
export function withNewsFeed(metadata: Metadata, locale: Locale, companyTitle: string, newsTitle: string): Metadata {
  return {
    ...metadata,
    alternates: {
      ...metadata.alternates,
      types: { 'application/rss+xml': [{ url: absoluteUrl(newsFeedPath(locale), env().PUBLIC_BASE_URL), title: feedTitle(companyTitle, newsTitle) }] },
    },
  };
}
