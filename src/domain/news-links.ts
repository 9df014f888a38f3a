import type { Locale } from '@/env';
import { localizedPath } from '@/i18n/paths';
import type { NewsRouteType } from './model';

/** The news list of a language, e.g. /fr/actualites (SPEC §2 {newsRoute}). */
export const newsListPath = (locale: Locale) => localizedPath('/news', locale);

export const newsCategoryPath = (locale: Locale, category: string) => localizedPath('/news/c/[category]', locale, { category });

export const newsArticlePath = (locale: Locale, slug: string) => localizedPath('/news/[slug]', locale, { slug });

export const newsDocumentPath = (locale: Locale, slug: string) => localizedPath('/news/[slug]/doc', locale, { slug });

/**
 * SPEC §2 news item link rule: an external URL wins (type external); else an item with
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
