import { headlineValue } from '../performance/headline';
import { parseIsin } from './isin';
import type { FundView, ShareView } from '../model';

/**
 * The fund finder of the fund range: filters and sorting read from the query string
 * (?category=…&sri=…&sfdr=…&currency=…&q=…&sort=…), so a filtered list is a URL that can be shared
 * and the form works without JavaScript. Values the form does not offer are ignored, never an error.
 */

/** docs/product.md §9: the SRI scale runs from 1 to 7. */
export const SRI_LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The SFDR classifications a fund can have (Regulation (EU) 2019/2088, articles 6, 8 and 9). */
export const SFDR_ARTICLES = [6, 8, 9] as const;
export const FINDER_SORTS = ['category', 'name', 'risk-asc', 'risk-desc', 'ytd', '1y'] as const;
export type FinderSort = (typeof FINDER_SORTS)[number];
export const DEFAULT_SORT: FinderSort = 'category';
/** Longer searches are cut: no fund name or ISIN comes near it. */
export const MAX_SEARCH_LENGTH = 80;
/** The query-string fields of the finder (its form's names): all the fund range reads, and so all the shared cache keys it on (src/domain/cache/query-key.ts). */
export const FINDER_FIELDS = ['category', 'sri', 'sfdr', 'currency', 'q', 'sort'] as const;

export type FinderQuery = {
  category: string | null;
  sri: number | null;
  sfdr: number | null;
  currency: string | null;
  q: string;
  sort: FinderSort;
};

export const EMPTY_QUERY: FinderQuery = { category: null, sri: null, sfdr: null, currency: null, q: '', sort: DEFAULT_SORT };

/** What the form offers, from the funds the visitor may see. */
export type FinderFacets = { categories: { code: string; title: string }[]; currencies: string[] };

export type SearchParamsInput = Record<string, string | string[] | undefined>;

export type FinderResult = {
  fund: FundView;
  /** The share class whose ISIN was searched for, when the search is an ISIN of this fund. */
  isinMatch: ShareView | null;
  /** Share classes that matched the text search when the fund's own title did not. */
  matchedShares: ShareView[];
};

export function finderFacets(funds: readonly FundView[]): FinderFacets {
  const categories = new Map<string, { code: string; title: string; order: number }>();
  for (const fund of funds) {
    if (!categories.has(fund.category.code)) {
      categories.set(fund.category.code, { code: fund.category.code, title: fund.category.title, order: fund.categoryDisplayOrder });
    }
  }
  return {
    categories: [...categories.values()].sort((a, b) => a.order - b.order).map(({ code, title }) => ({ code, title })),
    currencies: [...new Set(funds.flatMap((f) => f.currencies))].sort(),
  };
}

function first(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' ? raw.trim() : '';
}

function oneOf<T extends string | number>(raw: string, allowed: readonly T[]): T | null {
  return allowed.find((value) => String(value) === raw) ?? null;
}

/** The finder query of a request's search params; anything the form would not send is dropped. */
export function parseFinderQuery(params: SearchParamsInput, facets: FinderFacets): FinderQuery {
  return {
    category: oneOf(first(params.category), facets.categories.map((c) => c.code)),
    sri: oneOf(first(params.sri), SRI_LEVELS),
    sfdr: oneOf(first(params.sfdr), SFDR_ARTICLES),
    currency: oneOf(first(params.currency).toUpperCase(), facets.currencies),
    q: first(params.q).replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH),
    sort: oneOf(first(params.sort), FINDER_SORTS) ?? DEFAULT_SORT,
  };
}

/** The query string of a finder query, without empty values or the default sort ('' when unfiltered). */
export function finderSearch(query: FinderQuery): string {
  return compactFinderSearch([
    ['category', query.category ?? ''],
    ['sri', query.sri === null ? '' : String(query.sri)],
    ['sfdr', query.sfdr === null ? '' : String(query.sfdr)],
    ['currency', query.currency ?? ''],
    ['q', query.q],
    ['sort', query.sort],
  ]);
}

/** The query string a submitted finder form stands for: empty fields and the default sort left out. */
export function compactFinderSearch(entries: Iterable<[string, string]>): string {
  const search = new URLSearchParams();
  for (const [name, raw] of entries) {
    const value = raw.trim();
    if (value !== '' && !(name === 'sort' && value === DEFAULT_SORT)) search.append(name, value);
  }
  return search.toString();
}

/** How many filters narrow the list (the sort is not a filter). */
export function activeFilterCount(query: FinderQuery): number {
  return [query.category, query.sri, query.sfdr, query.currency, query.q || null].filter((v) => v !== null).length;
}

/**
 * The fund range is cached per filter (docs/decisions/021): the proxy rewrites a finder URL to
 * /{locale}/{profile}/fund-range/{segment}, one cached page per segment, when the query is one the
 * cache may hold: no text search and at most this many filters (any sort). The other queries (a text
 * search, combined filters) are rendered per request. So the cached pages are bounded by the catalog:
 * (1 + categories + 7 SRI + 3 SFDR + currencies) × 6 sorts per language and profile, whatever
 * query strings anyone sends.
 */
export const MAX_CACHED_FILTERS = 1;
/** The segment of the unfiltered range in the default order. */
export const FINDER_ALL_SEGMENT = 'all';
const SEGMENT_FIELDS = ['category', 'sri', 'sfdr', 'currency', 'sort'] as const;
const SEGMENT_VALUE = /^[A-Za-z0-9-]{1,64}$/;

/** The facets the whole catalog offers (every profile's funds), which the proxy knows. */
export type FinderCatalog = { categories: ReadonlySet<string>; currencies: ReadonlySet<string> };

/** The cache segment of a finder query (`category.equities~sort.name`), or null when it is rendered per request. */
export function finderSegment(query: FinderQuery): string | null {
  if (query.q !== '' || activeFilterCount(query) > MAX_CACHED_FILTERS) return null;
  const values: Record<(typeof SEGMENT_FIELDS)[number], string | null> = {
    category: query.category,
    sri: query.sri === null ? null : String(query.sri),
    sfdr: query.sfdr === null ? null : String(query.sfdr),
    currency: query.currency,
    sort: query.sort === DEFAULT_SORT ? null : query.sort,
  };
  const parts: string[] = [];
  for (const field of SEGMENT_FIELDS) {
    const value = values[field];
    if (value === null) continue;
    if (!SEGMENT_VALUE.test(value)) return null;
    parts.push(`${field}.${value}`);
  }
  return parts.length > 0 ? parts.join('~') : FINDER_ALL_SEGMENT;
}

/** The cache segment of a request's query string, judged against the catalog's facets (the proxy's view). */
export function finderSegmentOf(search: URLSearchParams, catalog: FinderCatalog): string | null {
  const params: SearchParamsInput = {};
  for (const name of FINDER_FIELDS) {
    const values = search.getAll(name);
    if (values.length > 0) params[name] = values;
  }
  const facets: FinderFacets = { categories: [...catalog.categories].map((code) => ({ code, title: code })), currencies: [...catalog.currencies] };
  return finderSegment(parseFinderQuery(params, facets));
}

/**
 * The query a cache segment stands for, or null when finderSegment could not have made it (fields
 * out of order or repeated, a value the catalog does not offer, more filters than cached).
 */
export function finderSegmentParams(segment: string, catalog: FinderCatalog): SearchParamsInput | null {
  if (segment === FINDER_ALL_SEGMENT) return {};
  const params: Record<string, string> = {};
  for (const part of segment.split('~')) {
    const dot = part.indexOf('.');
    const name = part.slice(0, dot);
    if (dot <= 0 || !(SEGMENT_FIELDS as readonly string[]).includes(name) || name in params) return null;
    params[name] = part.slice(dot + 1);
  }
  const facets: FinderFacets = { categories: [...catalog.categories].map((code) => ({ code, title: code })), currencies: [...catalog.currencies] };
  return finderSegment(parseFinderQuery(params, facets)) === segment ? params : null;
}

/** Lowercase, without accents, punctuation as spaces: "Sicav Épargne – Crédit" → "sicav epargne credit". */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

type Match = Omit<FinderResult, 'fund'>;

/**
 * docs/product.md §5: a search that is an ISIN (two letters, nine alphanumerics, optional check digit, any case)
 * finds the fund owning that share class. Otherwise, or when no class has that ISIN (an 11-letter word
 * looks like one), every word must appear in the fund's title, or in the title, name or ISIN of one class.
 */
export function matchSearch(fund: FundView, q: string): Match | null {
  const isin = parseIsin(q);
  if (isin) {
    const share = fund.shares.find((s) => s.isinCode === isin || (isin.length === 11 && s.isinCode.startsWith(isin)));
    if (share) return { isinMatch: share, matchedShares: [share] };
  }
  const words = normalizeSearchText(q).split(' ').filter(Boolean);
  const title = normalizeSearchText(fund.title);
  if (words.every((w) => title.includes(w))) return { isinMatch: null, matchedShares: [] };
  const shares = fund.shares.filter((s) => {
    const text = `${title} ${normalizeSearchText(s.name)} ${s.isinCode.toLowerCase()}`;
    return words.every((w) => text.includes(w));
  });
  return shares.length > 0 ? { isinMatch: null, matchedShares: shares } : null;
}

function passesFilters(fund: FundView, query: FinderQuery): boolean {
  return (
    (query.category === null || fund.category.code === query.category) &&
    (query.sri === null || fund.riskLevel === query.sri) &&
    (query.sfdr === null || fund.sfdrArticle === query.sfdr) &&
    (query.currency === null || fund.currencies.includes(query.currency))
  );
}

type Ranked = FinderResult & { index: number };

/** docs/product.md §2/§9: ascending category display order, highlighted funds first, then the range's own order. */
const byCategory = (a: Ranked, b: Ranked) =>
  a.fund.categoryDisplayOrder - b.fund.categoryDisplayOrder ||
  Number(b.fund.isHighlight) - Number(a.fund.isHighlight) ||
  a.index - b.index;

/** Best first; a fund without the figure goes last. */
function byFigure(code: 'ytd' | '1y') {
  return (a: Ranked, b: Ranked) => {
    const x = headlineValue(a.fund, code);
    const y = headlineValue(b.fund, code);
    if (x === null || y === null) return Number(x === null) - Number(y === null) || byCategory(a, b);
    return y - x || byCategory(a, b);
  };
}

function comparator(sort: FinderSort, locale: string): (a: Ranked, b: Ranked) => number {
  switch (sort) {
    case 'name': {
      const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
      return (a, b) => collator.compare(a.fund.title, b.fund.title) || byCategory(a, b);
    }
    case 'risk-asc':
      return (a, b) => a.fund.riskLevel - b.fund.riskLevel || byCategory(a, b);
    case 'risk-desc':
      return (a, b) => b.fund.riskLevel - a.fund.riskLevel || byCategory(a, b);
    case 'ytd':
    case '1y':
      return byFigure(sort);
    case 'category':
      return byCategory;
  }
}

/** The funds that pass the query, in its order. `locale` orders names the visitor's way. */
export function findFunds(funds: readonly FundView[], query: FinderQuery, locale: string): FinderResult[] {
  const ranked: Ranked[] = [];
  funds.forEach((fund, index) => {
    if (!passesFilters(fund, query)) return;
    const match = query.q ? matchSearch(fund, query.q) : { isinMatch: null, matchedShares: [] };
    if (match) ranked.push({ fund, ...match, index });
  });
  return ranked.sort(comparator(query.sort, locale)).map(({ fund, isinMatch, matchedShares }) => ({ fund, isinMatch, matchedShares }));
}

export type CategoryGroup = { code: string; title: string; description: string; results: FinderResult[] };

/** Results sorted by category, as one group per category (the default view of the range). */
export function groupByCategory(results: readonly FinderResult[]): CategoryGroup[] {
  const groups: CategoryGroup[] = [];
  for (const result of results) {
    const last = groups.at(-1);
    if (last && last.code === result.fund.category.code) last.results.push(result);
    else groups.push({ ...result.fund.category, results: [result] });
  }
  return groups;
}
