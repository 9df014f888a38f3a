import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ news: [] as { locale: string; profile: string; offset: number | undefined }[], funds: [] as string[] }));

// Outside a Next server there is no data cache: run the generator directly.
vi.mock('next/cache', () => ({ unstable_cache: <T>(fn: T) => fn }));
vi.mock('@/server/site/queries', () => ({
  listPages: async () => [{ code: 'home' }, { code: 'news' }],
}));
vi.mock('@/server/site/languages-queries', () => ({
  offeredLocales: async () => ['fr', 'en', 'es'],
}));
vi.mock('@/server/funds/queries', () => ({
  listFunds: async (locale: string, audience: { profile: string; country: string }) => {
    calls.funds.push(`${audience.profile}-${audience.country}`);
    return [{ slug: 'f', url: `/${locale}/funds/f`, shares: [] }];
  },
}));
vi.mock('@/server/news/queries', () => ({
  NEWS_MAX_PAGE: 2,
  listNewsCategories: async () => [{ code: 'MARKETS', title: 'Markets' }],
  listNews: async (locale: string, audience: { profile: string; country: string }, filter: { limit?: number; offset?: number }) => {
    calls.news.push({ locale, profile: `${audience.profile}-${audience.country}`, offset: filter.offset });
    const all = [1, 2, 3].map((n) => ({
      group: `g${n}`,
      slug: `a${n}`,
      route: `/${locale}/news/a${n}`,
      routeType: 'plain',
      publishedAt: `2024-01-0${n}`,
      category: { code: 'MARKETS' },
    }));
    const offset = filter.offset ?? 0;
    return { items: all.slice(offset, offset + (filter.limit ?? 12)), total: all.length };
  },
}));

const { siteSitemap } = await import('./sitemap');

describe('siteSitemap', () => {
  beforeEach(() => {
    calls.news.length = 0;
    calls.funds.length = 0;
  });

  it('reads what a RETAIL visitor of DEFAULT_COUNTRY sees, every news page, in every served language', async () => {
    const sitemap = await siteSitemap();
    expect(new Set(calls.funds)).toEqual(new Set(['RETAIL-FR']));
    expect(calls.news.filter((c) => c.locale === 'fr').map((c) => c.offset)).toEqual([0, 2]);
    const urls = sitemap.map((e) => e.url);
    expect(urls.filter((u) => u.includes('/fr/news/a'))).toHaveLength(3);
    expect(urls.every((u) => /^https?:\/\//.test(u))).toBe(true);
  });
});
