/**
 * The cache tags of the public pages and data (docs/decisions/044, docs/publication.md). A read
 * declares the tags of what it shows (src/server/cache/tags.ts gives them to the page being
 * rendered); a change is turned into the tags it makes stale by changeTags, the one table of
 * "what a change touches". No page path is listed here: a new language, profile or country adds
 * pages, never tags.
 */
import { audienceTag } from '../registrations/audience';
import type { ChangeScope } from './publication';

/** Every page: the header's fund menu, the footer, the page titles the header links to. */
export const MENU_TAG = 'menu';
/** The company's details (footer, JSON-LD): every page. */
export const COMPANY_TAG = 'company';
/** Pages that list funds with their figures: the home page, the fund range, the document library. */
export const FUNDS_TAG = 'funds';
/** Pages that show news: the news lists and articles, the home page, a fund's news tab. */
export const NEWS_TAG = 'news';
/** What lists every fund's events (issue 34): the shareholder notices list, its RSS and iCalendar feeds (dividends' ex-dates included). */
export const NOTICES_TAG = 'notices';
/** The sitemap's data entry (src/server/seo/sitemap.ts). */
export const SITEMAP_TAG = 'sitemap';

/** A fund's own pages: its overview, its tabs, its share list. */
export function fundTag(slug: string): string {
  return `fund:${slug}`;
}

/** A share class's page and its regulatory pages (past performance, scenarios). Share slugs are unique within their fund. */
export function shareTag(fundSlug: string, shareSlug: string): string {
  return `share:${fundSlug}/${shareSlug}`;
}

/** A content page (the page table's code), wherever it is shown: its route, the home page's teasers, the disclaimers on every page. */
export function pageTag(code: string): string {
  return `page:${code}`;
}

export { audienceTag };
/** The family of every audience's tag (audienceTag): what follows the registrations of any audience. */
export const AUDIENCE_TAGS = 'audience:';

/** The tags a change makes stale, each once. */
export function changeTags(scope: ChangeScope): string[] {
  const tags = new Set<string>();
  const add = (...names: string[]) => names.forEach((name) => tags.add(name));
  // Every page carries the menu tag; the other ones expire the data caches that follow them (src/server/cache).
  if (scope.all) add(MENU_TAG, COMPANY_TAG, FUNDS_TAG, NEWS_TAG, NOTICES_TAG, SITEMAP_TAG);
  if (scope.menu) add(MENU_TAG, SITEMAP_TAG);
  if (scope.funds && scope.funds.length > 0) {
    add(FUNDS_TAG);
    for (const fund of scope.funds) {
      add(fundTag(fund.slug));
      for (const share of fund.shares ?? []) add(shareTag(fund.slug, share));
    }
  }
  if (scope.news) add(NEWS_TAG, SITEMAP_TAG);
  if (scope.notices) add(NOTICES_TAG, SITEMAP_TAG);
  for (const code of scope.pages ?? []) add(pageTag(code));
  if (scope.registrations && scope.registrations.length > 0) add(...scope.registrations.map(audienceTag), SITEMAP_TAG);
  return [...tags];
}
