import { describe, expect, it } from 'vitest';
import type { Locale } from '@/env';
import { PAGE_PATHNAMES } from '@/i18n/routing';
import { buildSitemap, type SitemapLocaleData } from './sitemap-entries';

const BASE = 'https://x.example';
const ALL_PAGES = Object.keys(PAGE_PATHNAMES);

function localeData(locale: Locale, overrides: Partial<SitemapLocaleData> = {}): SitemapLocaleData {
  return {
    pageCodes: ALL_PAGES,
    funds: [
      {
        slug: 'actions-europe',
        url: `/${locale}/funds/actions-europe`,
        shares: [
          { slug: 'r', url: `/${locale}/funds/actions-europe/shares/r`, lastPrice: { date: '2024-06-28' } },
          { slug: 'i', url: `/${locale}/funds/actions-europe/shares/i`, lastPrice: { date: '2024-06-27' } },
          { slug: 'new', url: `/${locale}/funds/actions-europe/shares/new`, lastPrice: null },
        ],
      },
    ],
    news: [],
    categories: [{ code: 'MARKETS' }, { code: 'EMPTY' }],
    ...overrides,
  };
}

const urls = (sitemap: ReturnType<typeof buildSitemap>) => sitemap.map((e) => e.url);
const entry = (sitemap: ReturnType<typeof buildSitemap>, url: string) => sitemap.find((e) => e.url === url);

describe('buildSitemap', () => {
  it('lists every content page of the routing table in each language, never /team nor /funds alone', () => {
    const sitemap = buildSitemap({ fr: localeData('fr', { funds: [] }), en: localeData('en', { funds: [] }) }, BASE);
    const list = urls(sitemap);
    for (const url of [
      'https://x.example/fr',
      'https://x.example/en',
      'https://x.example/fr/nous-connaitre',
      'https://x.example/en/about-us',
      'https://x.example/fr/expertise',
      'https://x.example/fr/esg',
      'https://x.example/fr/investissement-responsable',
      'https://x.example/fr/gamme-fonds',
      'https://x.example/fr/actualites',
      'https://x.example/fr/contact',
      'https://x.example/fr/mentions-legales',
      'https://x.example/fr/informations-reglementaires',
      'https://x.example/fr/confidentialite',
      'https://x.example/en/gdpr',
      'https://x.example/fr/accessibilite',
      'https://x.example/en/accessibility',
      'https://x.example/fr/carrieres',
      'https://x.example/en/careers',
      'https://x.example/fr/souscrire',
      'https://x.example/en/subscribe',
    ]) {
      expect(list).toContain(url);
    }
    expect(list.filter((u) => /\/(equipes|team|funds)$/.test(u))).toEqual([]);
    expect(list.filter((u) => u.startsWith('https://x.example/es/') || u === 'https://x.example/es')).toEqual([]);
    expect(entry(sitemap, 'https://x.example/en/about-us')).toEqual({
      url: 'https://x.example/en/about-us',
      alternates: {
        languages: {
          fr: 'https://x.example/fr/nous-connaitre',
          en: 'https://x.example/en/about-us',
          'x-default': 'https://x.example/fr/nous-connaitre',
        },
      },
    });
  });

  it('leaves out a content page missing from the database', () => {
    const sitemap = buildSitemap({ fr: localeData('fr', { pageCodes: ['home'] }) }, BASE);
    expect(urls(sitemap)).not.toContain('https://x.example/fr/esg');
    expect(urls(sitemap)).toContain('https://x.example/fr');
  });

  it('lists fund and share pages with the date of their last price', () => {
    const sitemap = buildSitemap({ fr: localeData('fr'), en: localeData('en') }, BASE);
    expect(entry(sitemap, 'https://x.example/en/funds/actions-europe')).toMatchObject({
      lastModified: '2024-06-28',
      alternates: { languages: { fr: 'https://x.example/fr/funds/actions-europe', en: 'https://x.example/en/funds/actions-europe' } },
    });
    expect(entry(sitemap, 'https://x.example/fr/funds/actions-europe/shares/i')?.lastModified).toBe('2024-06-27');
    expect(entry(sitemap, 'https://x.example/fr/funds/actions-europe/shares/new')).not.toHaveProperty('lastModified');
  });

  it('lists each share’s past-performance and performance-scenarios pages with their hreflang alternates', () => {
    const sitemap = buildSitemap({ fr: localeData('fr'), en: localeData('en') }, BASE);
    for (const page of ['past-performance', 'performance-scenarios']) {
      expect(entry(sitemap, `https://x.example/en/funds/actions-europe/shares/i/${page}`)).toMatchObject({
        alternates: {
          languages: {
            fr: `https://x.example/fr/funds/actions-europe/shares/i/${page}`,
            en: `https://x.example/en/funds/actions-europe/shares/i/${page}`,
          },
        },
      });
      expect(entry(sitemap, `https://x.example/fr/funds/actions-europe/shares/new/${page}`)).toBeDefined();
    }
  });

  it('links a fund only to the languages where it is listed, and drops the alternates of a page in one language', () => {
    const sitemap = buildSitemap({ fr: localeData('fr'), en: localeData('en', { funds: [] }) }, BASE);
    expect(entry(sitemap, 'https://x.example/fr/funds/actions-europe')).toEqual({
      url: 'https://x.example/fr/funds/actions-europe',
      lastModified: '2024-06-28',
    });
  });

  it('lists plain news articles with their translations, and categories that have news', () => {
    const news = (locale: Locale, slug: string) => ({
      group: 'g1',
      route: `/${locale}/${locale === 'fr' ? 'actualites' : 'noticias'}/${slug}`,
      routeType: 'plain' as const,
      publishedAt: '2024-05-02',
      category: { code: 'MARKETS' },
    });
    const external = { group: 'g2', route: 'https://press.example/x', routeType: 'external' as const, publishedAt: '2024-06-01', category: { code: 'MARKETS' } };
    const doc = { group: 'g3', route: '/fr/news/rapport/doc', routeType: 'doc' as const, publishedAt: '2024-04-01', category: { code: 'MARKETS' } };
    const sitemap = buildSitemap(
      {
        fr: localeData('fr', { news: [external, news('fr', 'vue-secteur'), doc] }),
        es: localeData('es', { news: [news('es', 'vision-sector')] }),
      },
      BASE,
    );
    const list = urls(sitemap);
    expect(list).not.toContain('https://press.example/x');
    expect(list.some((u) => u.endsWith('/doc'))).toBe(false);
    expect(entry(sitemap, 'https://x.example/es/noticias/vision-sector')).toEqual({
      url: 'https://x.example/es/noticias/vision-sector',
      lastModified: '2024-05-02',
      alternates: {
        languages: {
          fr: 'https://x.example/fr/actualites/vue-secteur',
          es: 'https://x.example/es/noticias/vision-sector',
          'x-default': 'https://x.example/fr/actualites/vue-secteur',
        },
      },
    });
    expect(entry(sitemap, 'https://x.example/fr/actualites/c/MARKETS')?.lastModified).toBe('2024-06-01');
    expect(entry(sitemap, 'https://x.example/es/noticias/c/MARKETS')?.alternates?.languages?.fr).toBe('https://x.example/fr/actualites/c/MARKETS');
    expect(list.some((u) => u.endsWith('/c/EMPTY'))).toBe(false);
    expect(entry(sitemap, 'https://x.example/fr/actualites')?.lastModified).toBe('2024-06-01');
  });

  it('gives every URL once', () => {
    const sitemap = buildSitemap({ fr: localeData('fr'), en: localeData('en'), es: localeData('es') }, BASE);
    expect(new Set(urls(sitemap)).size).toBe(sitemap.length);
  });
});
