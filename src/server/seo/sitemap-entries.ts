import 'server-only';
import type { MetadataRoute } from 'next';
import type { Locale } from '@/env';
import type { IsoDate } from '@/domain/dates';
import type { NewsRouteType } from '@/domain/model';
import { localizedPath } from '@/domain/routing/paths';
import { SHARE_SUBPAGES } from '@/domain/funds/share-pages';
import { shareSubpagePath } from '@/domain/routing/urls';
import { FORM_PAGE_PATHNAMES, PAGE_PATHNAMES } from '@/i18n/routing';
import { absoluteUrl, hreflangLinks, type LocalizedPaths } from './urls';

/** What the sitemap needs of one language, as the query layer returns it for the RETAIL profile. */
export type SitemapLocaleData = {
  /** Codes of the server pages (docs/product.md §3 Page) that exist. */
  pageCodes: readonly string[];
  funds: readonly {
    slug: string;
    url: string;
    shares: readonly { slug: string; url: string; lastPrice: { date: IsoDate } | null }[];
  }[];
  news: readonly {
    group: string;
    route: string;
    routeType: NewsRouteType;
    publishedAt: IsoDate;
    category: { code: string };
  }[];
  categories: readonly { code: string }[];
};

type Entry = MetadataRoute.Sitemap[number];

/** One page in several languages: one sitemap entry per language, each listing all the versions. */
type Page = { paths: LocalizedPaths; lastModified: Partial<Record<Locale, IsoDate>> };

const latest = (dates: (IsoDate | null | undefined)[]): IsoDate | undefined =>
  dates.filter((d): d is IsoDate => !!d).sort().at(-1);

function entries(page: Page, baseUrl: string): Entry[] {
  const locales = Object.keys(page.paths) as Locale[];
  const languages = locales.length > 1 ? hreflangLinks(page.paths, baseUrl) : undefined;
  return locales.map((locale) => {
    const lastModified = page.lastModified[locale];
    return {
      url: absoluteUrl(page.paths[locale] as string, baseUrl),
      ...(lastModified ? { lastModified } : {}),
      ...(languages ? { alternates: { languages } } : {}),
    };
  });
}

/** Groups the per-language items of one page under a key (a fund slug, a news group…). */
function collect(pages: Map<string, Page>, key: string, locale: Locale, path: string, lastModified?: IsoDate) {
  let page = pages.get(key);
  if (!page) {
    page = { paths: {}, lastModified: {} };
    pages.set(key, page);
  }
  page.paths[locale] = path;
  if (lastModified) page.lastModified[locale] = lastModified;
}

/**
 * The sitemap of the site (docs/product.md §2): every content page of the routing table (not /team, not
 * /funds), the career and subscribe form pages, every fund and share page a RETAIL visitor may see (with a share's
 * past-performance and performance-scenarios pages), every news article with a page of
 * its own (route type plain: external links and documents are not our pages) and every news
 * category that has news, in each served language, with hreflang links to the other languages.
 */
export function buildSitemap(data: Partial<Record<Locale, SitemapLocaleData>>, baseUrl: string): MetadataRoute.Sitemap {
  const pages = new Map<string, Page>();
  for (const [locale, d] of Object.entries(data) as [Locale, SitemapLocaleData][]) {
    const newest = latest(d.news.map((n) => n.publishedAt));
    for (const [code, route] of Object.entries(PAGE_PATHNAMES)) {
      if (!d.pageCodes.includes(code)) continue;
      collect(pages, `page:${code}`, locale, localizedPath(route, locale), route === '/news' ? newest : undefined);
    }
    for (const [code, route] of Object.entries(FORM_PAGE_PATHNAMES)) collect(pages, `form:${code}`, locale, localizedPath(route, locale));
    for (const fund of d.funds) {
      const shareDates = fund.shares.map((s) => s.lastPrice?.date);
      collect(pages, `fund:${fund.slug}`, locale, fund.url, latest(shareDates));
      for (const share of fund.shares) {
        collect(pages, `share:${fund.slug}/${share.slug}`, locale, share.url, share.lastPrice?.date);
        // Its regulatory pages, which its KID points to (src/domain/funds/share-pages.ts).
        for (const page of SHARE_SUBPAGES) {
          collect(pages, `share:${fund.slug}/${share.slug}/${page}`, locale, shareSubpagePath(locale, fund.slug, share.slug, page));
        }
      }
    }
    for (const category of d.categories) {
      const inCategory = d.news.filter((n) => n.category.code === category.code);
      if (inCategory.length === 0) continue;
      const path = localizedPath('/news/c/[category]', locale, { category: category.code });
      collect(pages, `category:${category.code}`, locale, path, latest(inCategory.map((n) => n.publishedAt)));
    }
    // The same article in other languages shares its group (findNewsTranslation's key).
    for (const item of d.news) {
      if (item.routeType !== 'plain') continue;
      collect(pages, `news:${item.group}`, locale, item.route, item.publishedAt);
    }
  }
  return [...pages.values()].flatMap((page) => entries(page, baseUrl));
}
