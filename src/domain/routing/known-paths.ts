/**
 * Which page paths name something that exists, so the proxy can answer a 404 for an unknown fund,
 * share, news article or category without rendering it: Next caches every render of a dynamic
 * route, 404s included, one page per URL on disk and in memory (docs/decisions/013), so unknown
 * slugs must never reach it one by one.
 *
 * The paths are the app's internal ones, after the proxy's rewrites: the segments that follow
 * `/{locale}/{profile}/` (`['funds', 'euro-bonds', 'shares', 'euro-bonds-i']`).
 */
import type { FinderCatalog } from '../funds/finder';
import { FUND_TABS } from '../funds/tabs';
import type { Locale } from '../language/locale';
import { isShareSubpage } from '../funds/share-pages';
import { newsArticlePath, newsDocumentPath, newsPageCount, parsePageNumber } from '../news/links';

/** What exists, as loaded from the database (every profile's funds and articles together). */
export type RouteCatalog = {
  /** Fund slug → the slugs of its share classes. */
  funds: ReadonlyMap<string, ReadonlySet<string>>;
  /** Locale → the slugs of its articles. */
  news: ReadonlyMap<string, ReadonlySet<string>>;
  /** Locale → category code ('' for all) → number of articles. */
  newsCounts: ReadonlyMap<string, ReadonlyMap<string, number>>;
  newsCategories: ReadonlySet<string>;
  /** Locale → previous slug of a published article → its current slug (they answer 308, docs/decisions/022). */
  oldNews?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The fund categories and share currencies of the whole catalog: which fund range filters are cached (docs/decisions/021). */
  finder?: FinderCatalog;
  /** The country codes of the country table: a country cookie naming another falls back to DEFAULT_COUNTRY (docs/decisions/035). */
  countries?: ReadonlySet<string>;
  /** The countries whose information page is served: a page exists and a share class is registered there today. */
  countryPages?: ReadonlySet<string>;
};

/**
 * The first segment of every page route under src/app/[locale]/[profile]/ whose pages take no
 * further segment ('' is the home page). A test keeps this list equal to the folders.
 */
export const SINGLE_SEGMENT_PAGES = [
  '',
  'about-us',
  'accessibility',
  'alerts',
  'careers',
  'contact',
  'documents',
  'error-test',
  'esg',
  'expertise',
  'fund-range',
  'gdpr',
  'legal-notices',
  'regulatory-informations',
  'responsible-investment',
  'shareholder-notices',
  'subscribe',
  'unsubscribe',
] as const;

/**
 * The pages of SINGLE_SEGMENT_PAGES rendered per request (they read the query string or are
 * `force-dynamic`): Next sends them `no-store`, so the proxy leaves their Cache-Control alone
 * (docs/decisions/045). The proxy serves the cached views of the fund range and the document
 * library under other paths (docs/decisions/021, 032). A test keeps this list equal to the pages.
 */
export const PER_REQUEST_PAGES = ['alerts', 'documents', 'error-test', 'fund-range', 'shareholder-notices', 'unsubscribe'] as const;
const perRequest = new Set<string>(PER_REQUEST_PAGES);

/**
 * Whether the page path `segments` (after locale and profile) is served from Next's cache, one
 * page per language and audience: the proxy then marks it `private, no-cache` (docs/decisions/045).
 * Not the pages rendered per request, nor an article's document (a route with its own headers).
 */
export function isCachedPagePath(segments: string[]): boolean {
  const [first = '', , third] = segments;
  if (first === 'news' && third === 'doc' && segments.length === 3) return false;
  return !(segments.length === 1 && perRequest.has(first));
}

const single = new Set<string>(SINGLE_SEGMENT_PAGES);
// /funds/{slug}/overview redirects to the fund page, so it is a known path too.
const tabs = new Set<string>(FUND_TABS);

function knownFundPath(rest: string[], catalog: RouteCatalog): boolean {
  const [fund, sub, share, page, ...extra] = rest;
  if (fund === undefined) return true; // /funds: the fund list
  const shares = catalog.funds.get(fund);
  if (!shares || extra.length > 0) return false;
  if (sub === undefined) return page === undefined;
  // /funds/{fund}/shares/{share} and its regulatory pages (src/domain/funds/share-pages.ts)
  if (sub === 'shares') return share === undefined ? page === undefined : shares.has(share) && (page === undefined || isShareSubpage(page));
  if (page !== undefined) return false;
  return share === undefined && tabs.has(sub);
}

/** The first segment of a country's information page: /investor-information/{country}, the code in lower case. */
export const COUNTRY_PAGE_SEGMENT = 'investor-information';

function isCountryPageSlug(slug: string, catalog: RouteCatalog): boolean {
  if (!/^(?:[a-z]{2}|int)$/.test(slug)) return false;
  return !catalog.countryPages || catalog.countryPages.has(slug.toUpperCase());
}

function knownNewsPage(raw: string, count: number | undefined): boolean {
  const page = parsePageNumber(raw);
  // page 1 redirects to the list: let it through when the list exists.
  return page !== null && count !== undefined && page <= newsPageCount(count);
}

function knownNewsPath(rest: string[], locale: string, catalog: RouteCatalog): boolean {
  const counts = catalog.newsCounts.get(locale);
  const [first, second, third, fourth, ...extra] = rest;
  if (extra.length > 0) return false;
  if (first === undefined) return true; // the list
  if (first === 'page') return third === undefined && second !== undefined && knownNewsPage(second, counts?.get('') ?? 0);
  if (first === 'c') {
    if (second === undefined || !catalog.newsCategories.has(second)) return false;
    if (third === undefined) return true;
    return third === 'page' && fourth !== undefined && knownNewsPage(fourth, counts?.get(second) ?? 0);
  }
  // /news/{slug} and /news/{slug}/doc (the article's document)
  if (!catalog.news.get(locale)?.has(first)) return false;
  return second === undefined || (second === 'doc' && third === undefined);
}

/**
 * Whether the page path `segments` (after locale and profile) may exist. False means a 404 for
 * sure; true means "render it" (the page may still answer 404, e.g. a fund hidden from a profile:
 * those are bounded by the catalog's size).
 */
export function isKnownPagePath(segments: string[], locale: string, catalog: RouteCatalog): boolean {
  const [first = '', ...rest] = segments;
  if (first === 'funds') return knownFundPath(rest, catalog);
  if (first === 'news') return knownNewsPath(rest, locale, catalog);
  if (first === COUNTRY_PAGE_SEGMENT) return rest.length === 1 && isCountryPageSlug(rest[0] ?? '', catalog);
  return single.has(first) && rest.length === 0;
}

/**
 * Where an article's previous address now lives: `/news/{old slug}` (or its `/doc`) → the public
 * path of its current slug, for a 308. Null when the path is not an old slug of an article (a
 * current slug always wins: it is never redirected).
 */
export function oldNewsRedirect(segments: string[], locale: Locale, catalog: RouteCatalog): string | null {
  const [first, slug, sub, ...extra] = segments;
  if (first !== 'news' || slug === undefined || extra.length > 0 || (sub !== undefined && sub !== 'doc')) return null;
  if (catalog.news.get(locale)?.has(slug)) return null;
  const current = catalog.oldNews?.get(locale)?.get(slug);
  if (current === undefined) return null;
  return sub === 'doc' ? newsDocumentPath(locale, current) : newsArticlePath(locale, current);
}
