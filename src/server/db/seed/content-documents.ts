import 'server-only';
import { formatDate } from '@/domain/language/format';
import { newsLink } from '@/domain/news/links';
import { categories } from './fixtures/categories';
import { news, newsCategories } from './fixtures/content/news';
import { pages } from './fixtures/content/pages';
import { funds } from './fixtures/funds';
import type { Locale } from './fixtures/types';

const LOCALES: Locale[] = ['fr', 'en', 'es'];

export type ContentDocumentRow = { path: string; locale: Locale; data: Record<string, unknown> };

/** Plain text of a rich-text body, for search. */
function toText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The documents the content-query endpoint (/_content, docs/product.md §7) serves: news articles and page
 * bodies per locale, shaped like the content files of a headless CMS (path, slug, title, body…).
 * They carry what the news and content pages show, from the same fixtures as the tables those
 * pages read: a news item's link by the link rule of docs/product.md §2 (route, routeType), its date formatted for
 * its language, its category and fund; a page's components and texts.
 */
export function buildContentDocuments(): ContentDocumentRow[] {
  const rows: ContentDocumentRow[] = [];
  for (const locale of LOCALES) {
    for (const item of news) {
      const tr = item.translations[locale];
      const category = newsCategories.find((c) => c.code === item.categoryCode);
      const fund = item.fundSlug ? funds.find((f) => f.slug === item.fundSlug) : undefined;
      const path = `/${locale}/news/${tr.slug}`;
      const link = newsLink({ slug: tr.slug, externalUrl: item.externalUrl, documentCount: item.hasDocument ? 1 : 0 }, locale);
      rows.push({
        path,
        locale,
        data: {
          path,
          slug: tr.slug,
          group: item.group,
          locale,
          title: tr.title,
          description: tr.summary,
          date: item.publishedAt,
          formattedDate: formatDate(item.publishedAt, locale),
          category: item.categoryCode,
          categoryTitle: category ? category.title[locale] : item.categoryCode,
          fund: fund ? { slug: fund.slug, title: fund.title[locale], category: categories.find((c) => c.code === fund.categoryCode)?.code ?? null } : null,
          externalUrl: item.externalUrl,
          hasDocument: item.hasDocument,
          route: link.route,
          routeType: link.routeType,
          author: item.author,
          body: tr.body,
          text: toText(tr.body),
        },
      });
    }
    for (const page of pages) {
      const path = `/${locale}/pages/${page.code}`;
      rows.push({
        path,
        locale,
        data: {
          path,
          slug: page.code,
          locale,
          title: page.title[locale],
          description: page.description[locale],
          components: page.components.map((c) => ({
            code: c.code,
            texts: c.texts.map((x) => ({ code: x.code, content: x.content[locale] })),
          })),
          text: toText(page.components.flatMap((c) => c.texts.map((x) => x.content[locale])).join(' ')),
        },
      });
    }
  }
  return rows;
}
