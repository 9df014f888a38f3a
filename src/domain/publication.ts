/**
 * What a change to the published data touches, and which cached pages that makes stale
 * (docs/decisions/016). Pages are cached per language × investor profile × country under the
 * internal path /{locale}/{profile}-{country}/… (docs/decisions/001, 035), so a fund's pages are a
 * known list of paths.
 */
import { audienceSegment, audienceTag } from './audience';
import { INVESTOR_PROFILES } from './catalog';
import { FUND_TABS, DEFAULT_FUND_TAB } from './fund-tabs';
import { SHARE_SUBPAGES } from './share-pages';

/**
 * - `funds`: the pages of these funds (overview, tabs, share pages) and the pages that list funds
 *   with their figures (home, /funds, the fund range's cached filters). Give the share slugs whose pages changed.
 * - `menu`: the change shows in the fund lists every page carries (title, order, category,
 *   visibility, a fund or share added or archived): every page, and the sitemap.
 * - `news`, `pages`: the news pages, the home page (its latest news) and the sitemap; the content
 *   pages of these codes (back-office part 2). A news item about funds names them in `funds` too (their news tab).
 * - `registrations`: the registration matrix changed for these audiences (country × investor
 *   profile): what those visitors may see changed on every page they reach (the fund menu is on
 *   all), so every page rendered for them expires (their cache tag, audienceTag), and the sitemap.
 * - `all`: everything (a reseed, or a listener that may have missed notifications).
 */
export type ChangeScope = {
  funds?: { slug: string; shares?: string[] }[];
  menu?: boolean;
  news?: boolean;
  pages?: string[];
  registrations?: Audience[];
  all?: boolean;
};

/** Who a cached page is rendered for: a country of residence and an investor profile. */
export type Audience = { country: string; profile: string };

/** The tag of Next's data cache that the sitemap is kept under (src/server/seo/sitemap.ts). */
export const SITEMAP_TAG = 'sitemap';

/** A route pattern and the type revalidatePath needs for it: every page under that layout. */
export type PatternTarget = { pattern: string; type: 'layout' | 'page' };

export type PageTargets = {
  /** Literal internal paths, one per cached page: /fr/RETAIL-FR/funds/aurore-tresorerie. */
  paths: string[];
  patterns: PatternTarget[];
  tags: string[];
};

/** Every page of the site: they all share the [locale]/[profile] layout. */
export const ALL_PAGES: PatternTarget = { pattern: '/[locale]/[profile]', type: 'layout' };
export const NEWS_PAGES: PatternTarget = { pattern: '/[locale]/[profile]/news', type: 'layout' };
/** The fund range's cached filters (docs/decisions/021): one page per filter, language and profile. */
export const FUND_RANGE_PAGES: PatternTarget = { pattern: '/[locale]/[profile]/fund-range/[filters]', type: 'page' };

/** The document library's cached unfiltered first page (docs/decisions/032): one per language and profile. */
export const DOCUMENT_LIBRARY_PAGES: PatternTarget = { pattern: '/[locale]/[profile]/documents/[view]', type: 'page' };

/**
 * Where each content page is routed (the keys of src/i18n/routing.ts PAGE_PATHNAMES): internal
 * paths are the routing keys, the same in every language.
 */
export type PagePathnames = Readonly<Record<string, string>>;

/** The cached pages a change makes stale, for the served languages and the countries of the country table. */
export function pageTargets(scope: ChangeScope, locales: readonly string[], pagePathnames: PagePathnames = {}, countries: readonly string[] = []): PageTargets {
  if (scope.all || scope.menu) return { paths: [], patterns: [ALL_PAGES], tags: [SITEMAP_TAG] };
  const paths = new Set<string>();
  const patterns: PatternTarget[] = [];
  const tags: string[] = [];
  if (scope.registrations && scope.registrations.length > 0) {
    tags.push(...new Set(scope.registrations.map(audienceTag)), SITEMAP_TAG);
  }
  const bases = INVESTOR_PROFILES.flatMap((profile) => countries.map((country) => audienceSegment({ profile, country })));
  for (const locale of locales) {
    for (const segment of bases) {
      const base = `/${locale}/${segment}`;
      // The home page shows the latest news.
      if (scope.news) paths.add(base);
      if (scope.funds && scope.funds.length > 0) {
        // The home page's highlighted funds and the fund list show figures too.
        paths.add(base);
        paths.add(`${base}/funds`);
      }
      for (const fund of scope.funds ?? []) {
        const fundPath = `${base}/funds/${fund.slug}`;
        for (const tab of FUND_TABS) paths.add(tab === DEFAULT_FUND_TAB ? fundPath : `${fundPath}/${tab}`);
        paths.add(`${fundPath}/shares`);
        for (const share of fund.shares ?? []) {
          paths.add(`${fundPath}/shares/${share}`);
          // Its regulatory pages show its calendar years and scenarios.
          for (const page of SHARE_SUBPAGES) paths.add(`${fundPath}/shares/${share}/${page}`);
        }
      }
      for (const code of scope.pages ?? []) {
        const pathname = pagePathnames[code];
        if (pathname) paths.add(pathname === '/' ? base : `${base}${pathname}`);
      }
    }
  }
  // The fund range lists every fund with its figures, under its content page's texts.
  if ((scope.funds && scope.funds.length > 0) || scope.pages?.includes('fund-range')) patterns.push(FUND_RANGE_PAGES);
  // The document library lists every fund's and share's documents (a document change publishes its fund).
  if (scope.funds && scope.funds.length > 0) patterns.push(DOCUMENT_LIBRARY_PAGES);
  if (scope.news) {
    patterns.push(NEWS_PAGES);
    tags.push(SITEMAP_TAG);
  }
  return { paths: [...paths], patterns, tags: [...new Set(tags)] };
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a larger scope is sent as "all". */
export const MAX_NOTIFY_BYTES = 7_900;

export type ChangeMessage = { origin: string; scope: ChangeScope };

export function encodeChange(message: ChangeMessage): string {
  const text = JSON.stringify(message);
  if (new TextEncoder().encode(text).byteLength <= MAX_NOTIFY_BYTES) return text;
  return JSON.stringify({ origin: message.origin, scope: { all: true } });
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A message another process sent, or null when it is not one (anything may NOTIFY on the channel). */
export function decodeChange(payload: string | undefined): ChangeMessage | null {
  if (!payload) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const { origin, scope } = raw as { origin?: unknown; scope?: unknown };
  if (typeof origin !== 'string' || !scope || typeof scope !== 'object') return null;
  const s = scope as Record<string, unknown>;
  const out: ChangeScope = {};
  if (s.all === true) out.all = true;
  if (s.menu === true) out.menu = true;
  if (s.news === true) out.news = true;
  if (isStringArray(s.pages)) out.pages = s.pages;
  if (Array.isArray(s.registrations)) {
    out.registrations = [];
    for (const audience of s.registrations as unknown[]) {
      const a = audience as { country?: unknown; profile?: unknown };
      if (!a || typeof a.country !== 'string' || typeof a.profile !== 'string') return null;
      out.registrations.push({ country: a.country, profile: a.profile });
    }
  }
  if (Array.isArray(s.funds)) {
    out.funds = [];
    for (const fund of s.funds as unknown[]) {
      const f = fund as { slug?: unknown; shares?: unknown };
      if (!f || typeof f.slug !== 'string') return null;
      out.funds.push(isStringArray(f.shares) ? { slug: f.slug, shares: f.shares } : { slug: f.slug });
    }
  }
  return { origin, scope: out };
}

/** Two scopes as one (changes published together). */
export function mergeScopes(a: ChangeScope, b: ChangeScope): ChangeScope {
  const funds = new Map<string, Set<string>>();
  for (const f of [...(a.funds ?? []), ...(b.funds ?? [])]) {
    const set = funds.get(f.slug) ?? new Set<string>();
    for (const s of f.shares ?? []) set.add(s);
    funds.set(f.slug, set);
  }
  const merged: ChangeScope = {};
  if (a.all || b.all) merged.all = true;
  if (a.menu || b.menu) merged.menu = true;
  if (a.news || b.news) merged.news = true;
  const pages = [...new Set([...(a.pages ?? []), ...(b.pages ?? [])])];
  if (pages.length > 0) merged.pages = pages;
  const audiences = new Map<string, Audience>();
  for (const audience of [...(a.registrations ?? []), ...(b.registrations ?? [])]) audiences.set(`${audience.country}|${audience.profile}`, audience);
  if (audiences.size > 0) merged.registrations = [...audiences.values()];
  if (funds.size > 0) merged.funds = [...funds].map(([slug, shares]) => ({ slug, shares: [...shares] }));
  return merged;
}
