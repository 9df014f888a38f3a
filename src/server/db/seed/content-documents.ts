import 'server-only';
import { formatDate } from '@/domain/language/format';
import { newsLink } from '@/domain/news/links';
import { aurore } from './fixtures/aurore';
import { textIn, type HouseFixture } from './fixtures/house';
import type { Locale, NewsTranslation } from './fixtures/types';

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
export function buildContentDocuments(house: HouseFixture = aurore): ContentDocumentRow[] {
  const rows: ContentDocumentRow[] = [];
  const { news, newsCategories, pages, funds, categories } = house;
  for (const locale of house.locales) {
    for (const item of news) {
      const tr = (item.translations as Partial<Record<Locale, NewsTranslation>>)[locale];
      if (!tr) throw new Error(`news ${item.group} has no ${locale} translation`);
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
          categoryTitle: category ? textIn(category.title, locale) : item.categoryCode,
          fund: fund ? { slug: fund.slug, title: textIn(fund.title, locale), category: categories.find((c) => c.code === fund.categoryCode)?.code ?? null } : null,
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
          title: textIn(page.title, locale),
          description: textIn(page.description, locale),
          components: page.components.map((c) => ({
            code: c.code,
            texts: c.texts.map((x) => ({ code: x.code, content: textIn(x.content, locale) })),
          })),
          text: toText(page.components.flatMap((c) => c.texts.map((x) => textIn(x.content, locale))).join(' ')),
        },
      });
    }
  }
  return rows;
}
