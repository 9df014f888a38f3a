import type { Locale } from '@/domain/language/locale';
import { localizedPath } from '../routing/paths';
import type { NewsRouteType } from '../model';

/** The news list of a language, e.g. /fr/actualites (docs/product.md §2 {newsRoute}). */
export const newsListPath = (locale: Locale) => localizedPath('/news', locale);

export const newsCategoryPath = (locale: Locale, category: string) => localizedPath('/news/c/[category]', locale, { category });

export const newsArticlePath = (locale: Locale, slug: string) => localizedPath('/news/[slug]', locale, { slug });

export const newsDocumentPath = (locale: Locale, slug: string) => localizedPath('/news/[slug]/doc', locale, { slug });

/**
 * The RSS feed of a language's news (/fr/rss.xml). A path ending in .xml is not a page for the
 * proxy, so it is served as is by its route handler.
 */
export const newsFeedPath = (locale: Locale) => `/${locale}/rss.xml`;

/** Items per page of the news list. */
export const NEWS_PAGE_SIZE = 9;

/**
 * Page `page` of the news list, unfiltered or of one category. Page 1 is the list itself
 * ({newsRoute}/ or {newsRoute}/c/{category}); the next ones are in the path (/fr/actualites/page/2),
 * so every page is a cacheable URL of its own.
 */
export function newsPagePath(locale: Locale, page: number, category: string | null = null): string {
  if (page <= 1) return category ? newsCategoryPath(locale, category) : newsListPath(locale);
  const n = String(page);
  return category ? localizedPath('/news/c/[category]/page/[page]', locale, { category, page: n }) : localizedPath('/news/page/[page]', locale, { page: n });
}

/** A page number as it appears in a URL ("2"), or null when it is not one (then: 404). */
export function parsePageNumber(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9][0-9]{0,3}$/.test(raw) ? Number(raw) : null;
}

/** How many pages a list of `total` items fills (at least one: an empty list is one empty page). */
export const newsPageCount = (total: number) => Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));

/**
 * docs/product.md §2 news item link rule: an external URL wins (type external); else an item with
 * documents links to its document route (type doc); else to its article page (type plain).
 */
export function newsLink(
  item: { slug: string; externalUrl: string | null; documentCount: number },
  locale: Locale,
): { route: string; routeType: NewsRouteType } {
  if (item.externalUrl) return { route: item.externalUrl, routeType: 'external' };
  if (item.documentCount > 0) return { route: newsDocumentPath(locale, item.slug), routeType: 'doc' };
  return { route: newsArticlePath(locale, item.slug), routeType: 'plain' };
}
