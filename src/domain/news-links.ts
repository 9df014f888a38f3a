import type { Locale } from '@/env';
import { routing } from '@/i18n/routing';
import type { NewsRouteType } from './model';

function localized(key: '/news', locale: Locale): string {
  const entry = routing.pathnames[key];
  return `/${locale}${typeof entry === 'string' ? entry : entry[locale]}`;
}

/** The news list of a language, e.g. /fr/actualites (SPEC §2 {newsRoute}). */
export const newsListPath = (locale: Locale) => localized('/news', locale);

export const newsCategoryPath = (locale: Locale, categoryCode: string) =>
  `${newsListPath(locale)}/c/${encodeURIComponent(categoryCode)}`;

export const newsArticlePath = (locale: Locale, slug: string) => `${newsListPath(locale)}/${encodeURIComponent(slug)}`;

export const newsDocumentPath = (locale: Locale, slug: string) => `/${locale}/news/${encodeURIComponent(slug)}/doc`;

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
