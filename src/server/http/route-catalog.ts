import 'server-only';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { RouteCatalog } from '@/domain/routing/known-paths';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';
import { registerMemoryCache } from '@/server/cache/registry';
import { publishRouteCatalog } from '@/server/http/known-routes';
import { publishSiteGate, type SiteGate } from '@/server/http/site-gate';
import { publishOfferedLanguages } from '@/server/http/offered-languages';
import { loadOfferedLocales } from '@/server/site/languages-queries';
import { authSecret } from '@/server/auth/secret';
import { readSiteOpen } from '@/server/setup/site-open';
import { areaLogger } from '@/server/log/logger';
import { registeredToday } from '../funds/catalog';

const log = areaLogger('routes');

/** The most previous article slugs kept for redirects (the newest ones win past it). */
export const MAX_OLD_SLUGS = 20_000;

/** Every fund, share, article and news category slug, whatever its visibility, and the fund range's filter values. */
export async function loadRouteCatalog(db: Db): Promise<RouteCatalog> {
  const [funds, shares, news, categories, counts, fundCategories, oldSlugs, countries, countryPages] = await Promise.all([
    db.select({ id: t.funds.id, slug: t.funds.slug }).from(t.funds),
    db.select({ fundId: t.shares.fundId, slug: t.shares.slug, currency: t.shares.currencyCode }).from(t.shares),
    db.select({ locale: t.news.locale, slug: t.news.slug }).from(t.news),
    db.select({ code: t.newsCategories.code }).from(t.newsCategories),
    db.select({ locale: t.news.locale, category: t.news.categoryCode, n: count() }).from(t.news).groupBy(t.news.locale, t.news.categoryCode),
    db.select({ code: t.fundCategories.code }).from(t.fundCategories),
    // Previous slugs of published articles, newest first, bounded: each is one map entry in memory.
    db
      .select({ locale: t.newsOldSlugs.locale, slug: t.newsOldSlugs.slug, current: t.news.slug })
      .from(t.newsOldSlugs)
      .innerJoin(t.news, eq(t.news.id, t.newsOldSlugs.newsId))
      .where(eq(t.news.status, 'published'))
      .orderBy(desc(t.newsOldSlugs.createdAt))
      .limit(MAX_OLD_SLUGS),
    // The countries a visitor may choose as residence: the served ones (docs/decisions/061).
    db.select({ code: t.countries.code }).from(t.countries).where(eq(t.countries.served, true)),
    // A country's information page is served while a page exists and a share class is registered there today.
    db
      .selectDistinct({ country: t.shareRegistrations.countryCode })
      .from(t.shareRegistrations)
      .innerJoin(t.pages, eq(t.pages.code, sql`'country-' || ${t.shareRegistrations.countryCode}`))
      .where(registeredToday()),
  ]);
  const fundSlugs = new Map(funds.map((f) => [f.id, f.slug]));
  const fundShares = new Map<string, Set<string>>(funds.map((f) => [f.slug, new Set()]));
  for (const share of shares) fundShares.get(fundSlugs.get(share.fundId) ?? '')?.add(share.slug);
  const articles = new Map<string, Set<string>>();
  for (const item of news) articles.set(item.locale, (articles.get(item.locale) ?? new Set()).add(item.slug));
  const oldNews = new Map<string, Map<string, string>>();
  for (const row of oldSlugs) {
    const perLocale = oldNews.get(row.locale) ?? new Map<string, string>();
    if (!perLocale.has(row.slug)) perLocale.set(row.slug, row.current);
    oldNews.set(row.locale, perLocale);
  }
  const newsCounts = new Map<string, Map<string, number>>();
  for (const row of counts) {
    const perLocale = newsCounts.get(row.locale) ?? new Map<string, number>();
    perLocale.set(row.category, row.n);
    perLocale.set('', (perLocale.get('') ?? 0) + row.n);
    newsCounts.set(row.locale, perLocale);
  }
  return {
    funds: fundShares,
    news: articles,
    newsCounts,
    newsCategories: new Set(categories.map((c) => c.code)),
    oldNews,
    countries: new Set(countries.map((c) => c.code)),
    countryPages: new Set(countryPages.map((c) => c.country)),
    finder: { categories: new Set(fundCategories.map((c) => c.code)), currencies: new Set(shares.map((s) => s.currency)) },
  };
}

/** How often a server process reloads the slugs: a fund or article added by another process shows within it. */
export const ROUTE_CATALOG_REFRESH_MS = 60_000;

/** Whether the site is open to visitors, the house's name per language, the staff cookies' key: what the proxy's gate needs (src/server/http/site-gate.ts). */
export async function loadSiteGate(db: Db): Promise<SiteGate> {
  const [open, [company], sessionSecret] = await Promise.all([readSiteOpen(db), db.select({ title: t.company.title }).from(t.company).limit(1), authSecret(db)]);
  const title = (company?.title ?? {}) as Record<string, string | undefined>;
  const names = Object.fromEntries(Object.entries(title).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  return { open, company: names, sessionSecret };
}

/** Reloads the slugs the proxy checks paths against, its gate and the offered languages; a failed load keeps the previous ones. */
export function refreshRouteCatalog(): Promise<void> {
  return getDb()
    .then(async (db) => {
      const [catalog, gate, languages] = await Promise.all([loadRouteCatalog(db), loadSiteGate(db), loadOfferedLocales(db)]);
      publishRouteCatalog(catalog);
      publishSiteGate(gate);
      publishOfferedLanguages(languages);
    })
    .catch((error: unknown) => {
      log.warn({ err: error }, 'the catalog of slugs could not be loaded; unknown slugs are rendered until it is');
    });
}

/** Loads the catalog for the proxy now and every ROUTE_CATALOG_REFRESH_MS (a publication reloads it at once). */
export function startRouteCatalogRefresh(): void {
  const holder = globalThis as { __fundhouseRouteCatalogTimer?: ReturnType<typeof setInterval> };
  if (holder.__fundhouseRouteCatalogTimer) return;
  const refresh = refreshRouteCatalog;
  holder.__fundhouseRouteCatalogTimer = setInterval(() => void refresh(), ROUTE_CATALOG_REFRESH_MS);
  holder.__fundhouseRouteCatalogTimer.unref();
  void refresh();
  // Slugs of funds, shares, articles and categories, old article slugs, country pages: a change of almost any kind may add or remove one.
  registerMemoryCache({
    name: 'route catalog',
    holds: 'the slugs the proxy checks paths against, the fund range filter values, the served countries and the offered languages (src/server/http/route-catalog.ts), reloaded every minute',
    invalidatedBy: '*',
    clear: () => void refresh(),
  });
}

export function stopRouteCatalogRefresh(): void {
  const holder = globalThis as { __fundhouseRouteCatalogTimer?: ReturnType<typeof setInterval> };
  clearInterval(holder.__fundhouseRouteCatalogTimer);
  holder.__fundhouseRouteCatalogTimer = undefined;
}
