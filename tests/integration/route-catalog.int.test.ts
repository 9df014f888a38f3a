/**
 * The slugs the proxy checks paths against (docs/decisions/013), loaded from the seeded database:
 * every seeded fund, share, article and category is known, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from '../../src/domain/routing/known-paths';
import { categories } from '../../src/server/db/seed/fixtures/categories';
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { getDb } from '../../src/server/db';
import { loadRouteCatalog } from '../../src/server/http/route-catalog';

describe('route catalog', () => {
  it('knows every seeded fund, share, article and category, in each language', async () => {
    const catalog = await loadRouteCatalog(await getDb());
    for (const fund of funds) {
      expect(isKnownPagePath(['funds', fund.slug], 'en', catalog), fund.slug).toBe(true);
      for (const share of fund.shares) expect(isKnownPagePath(['funds', fund.slug, 'shares', share.slug], 'en', catalog), share.slug).toBe(true);
    }
    for (const item of news) {
      for (const [locale, translation] of Object.entries(item.translations)) {
        expect(isKnownPagePath(['news', translation.slug], locale, catalog), translation.slug).toBe(true);
      }
      expect(isKnownPagePath(['news', 'c', item.categoryCode], 'fr', catalog)).toBe(true);
    }
    const perLocale = [...(catalog.newsCounts.get('fr')?.entries() ?? [])];
    expect(perLocale.find(([category]) => category === '')?.[1]).toBe(news.filter((n) => n.translations.fr).length);
  });

  it('knows the fund range filters of the whole catalog, which the proxy caches one page each (docs/decisions/021)', async () => {
    const catalog = await loadRouteCatalog(await getDb());
    expect([...(catalog.finder?.categories ?? [])].sort()).toEqual(categories.map((c) => c.code).sort());
    expect([...(catalog.finder?.currencies ?? [])].sort()).toEqual([...new Set(funds.flatMap((f) => f.shares.map((s) => s.currency)))].sort());
  });

  it('knows nothing else', async () => {
    const catalog = await loadRouteCatalog(await getDb());
    const [fund] = funds;
    expect(isKnownPagePath(['funds', 'no-such-fund'], 'en', catalog)).toBe(false);
    expect(isKnownPagePath(['funds', fund?.slug ?? '', 'shares', 'no-such-share'], 'en', catalog)).toBe(false);
    expect(isKnownPagePath(['news', 'no-such-article'], 'fr', catalog)).toBe(false);
    expect(isKnownPagePath(['news', 'c', 'no-such-category'], 'fr', catalog)).toBe(false);
    // An article's slug in one language is not an article in another.
    const [item] = news;
    if (item && item.translations.fr.slug !== item.translations.en.slug) expect(isKnownPagePath(['news', item.translations.fr.slug], 'en', catalog)).toBe(false);
  });
});
