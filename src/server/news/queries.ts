import 'server-only';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/env';
import type { Audience } from '@/domain/registrations/audience';
import type { InvestorProfile } from '@/domain/catalog';
import { formatDate } from '@/domain/language/format';
import { pick } from '@/domain/language/localize';
import { safeLink } from '@/domain/content/link-target';
import type { DocumentRef, NewsItemView } from '@/domain/model';
import { newsDocumentPath, newsLink } from '@/domain/news/links';
import { fundPath } from '@/domain/routing/urls';
import { NEWS_TAG } from '@/domain/content/cache-tags';
import { markTags } from '@/server/cache/tags';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';
import { documentMetaColumns, fundVisibleTo, rawCatalog } from '../funds/catalog';

export type NewsFilter = {
  category?: string | null;
  fundSlug?: string | null;
  limit?: number;
  offset?: number;
};

export const NEWS_MAX_PAGE = 100;

export async function listNewsCategories(locale: Locale) {
  const db = await getDb();
  const rows = await db.select().from(t.newsCategories).orderBy(asc(t.newsCategories.position));
  return rows.map((c) => ({ code: c.code, title: pick(c.title, locale) }));
}

/**
 * What a visitor may see of the news (docs/decisions/022): published items whose time has come
 * (`publish_at` null or past, read from the database's clock) and whose profiles include theirs
 * (an empty list: every profile). Every public read of the news goes through it.
 */
export function newsOnline(profile: InvestorProfile | null): SQL {
  const online = and(eq(t.news.status, 'published'), or(isNull(t.news.publishAt), sql`${t.news.publishAt} <= now()`)) as SQL;
  if (profile === null) return online;
  return and(online, or(sql`cardinality(${t.news.visibleTo}) = 0`, sql`${profile} = ANY(${t.news.visibleTo})`)) as SQL;
}

/** Every fund each item is about: news.fund_id and the news_fund rows. */
export async function relatedFundIds(db: Db, rows: readonly { id: number; fundId: number | null }[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(rows.map((r) => [r.id, r.fundId === null ? [] : [r.fundId]]));
  if (rows.length === 0) return out;
  const links = await db
    .select()
    .from(t.newsFunds)
    .where(
      inArray(
        t.newsFunds.newsId,
        rows.map((r) => r.id),
      ),
    );
  for (const link of links) {
    const ids = out.get(link.newsId);
    if (ids && !ids.includes(link.fundId)) ids.push(link.fundId);
  }
  return out;
}

/** Items about a fund the audience may not see (its profile, or not registered in its country) are left out (docs/product.md "Data"). */
export async function withoutHiddenFunds<R extends { id: number; fundId: number | null }>(db: Db, rows: R[], audience: Audience): Promise<R[]> {
  const catalog = await rawCatalog(db);
  const hidden = new Set(catalog.funds.filter((f) => !fundVisibleTo(catalog, audience, f)).map((f) => f.id));
  if (hidden.size === 0) return rows;
  const related = await relatedFundIds(db, rows);
  return rows.filter((r) => !(related.get(r.id) ?? []).some((id) => hidden.has(id)));
}

/**
 * News of a language, newest first, as a visitor of this profile sees them (newsOnline). Items tied
 * to a fund the profile may not see are left out (docs/product.md "Data": a hidden fund's news links are absent too).
 */
export async function listNews(
  locale: Locale,
  audience: Audience,
  filter: NewsFilter = {},
): Promise<{ items: NewsItemView[]; total: number }> {
  const db = await getDb();
  const [catalog] = await Promise.all([rawCatalog(db), markTags([NEWS_TAG])]);
  const conditions: SQL[] = [eq(t.news.locale, locale), newsOnline(audience.profile)];
  if (filter.category) conditions.push(eq(t.news.categoryCode, filter.category));
  if (filter.fundSlug) {
    const fund = catalog.funds.find((f) => f.slug === filter.fundSlug);
    if (!fund || !fundVisibleTo(catalog, audience, fund)) return { items: [], total: 0 };
    conditions.push(
      or(eq(t.news.fundId, fund.id), inArray(t.news.id, db.select({ id: t.newsFunds.newsId }).from(t.newsFunds).where(eq(t.newsFunds.fundId, fund.id)))) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(t.news)
    .where(and(...conditions))
    .orderBy(desc(t.news.publishedAt), desc(t.news.id));
  const visible = await withoutHiddenFunds(db, rows, audience);
  const offset = Math.max(0, filter.offset ?? 0);
  const limit = Math.min(NEWS_MAX_PAGE, Math.max(0, filter.limit ?? 12));
  const page = visible.slice(offset, offset + limit);
  return { items: await toViews(page, locale, catalog.funds), total: visible.length };
}

export async function getNewsItem(locale: Locale, slug: string, audience: Audience): Promise<NewsItemView | null> {
  const db = await getDb();
  const [catalog] = await Promise.all([rawCatalog(db), markTags([NEWS_TAG])]);
  const rows = await db
    .select()
    .from(t.news)
    .where(and(eq(t.news.locale, locale), eq(t.news.slug, slug), newsOnline(audience.profile)))
    .limit(1);
  const [row] = await withoutHiddenFunds(db, rows, audience);
  if (!row) return null;
  const [view] = await toViews([row], locale, catalog.funds);
  return view ?? null;
}

/**
 * An item as a visitor of `profile` would see it, whatever its status and time (the back-office's
 * preview): null when it does not exist, or when its profiles or funds hide it from that profile.
 */
/** The texts of an article as a proposed change would publish them (the review screen's preview). */
export type ProposedArticle = Partial<Pick<typeof t.news.$inferSelect, 'title' | 'slug' | 'categoryCode' | 'summary' | 'body' | 'publishedAt' | 'externalUrl' | 'author' | 'visibleTo'>>;

export async function previewNewsItem(id: number, audience: Audience, proposed: ProposedArticle | null = null): Promise<{ view: NewsItemView; hiddenFromProfile: boolean } | null> {
  const { profile } = audience;
  const db = await getDb();
  const catalog = await rawCatalog(db);
  const [stored] = await db.select().from(t.news).where(eq(t.news.id, id)).limit(1);
  if (!stored) return null;
  const row = proposed ? { ...stored, ...proposed } : stored;
  const shown = (await withoutHiddenFunds(db, [row], audience)).length === 1 && (row.visibleTo.length === 0 || row.visibleTo.includes(profile));
  const [view] = await toViews([row], row.locale as Locale, catalog.funds);
  return view ? { view, hiddenFromProfile: !shown } : null;
}

/**
 * Locale/slug of every article a visitor of this profile may not see now (a draft, scheduled for
 * later, for other profiles, about a fund hidden from it): the content query leaves them out.
 */
export async function offlineNewsKeys(audience: Audience): Promise<Set<string>> {
  const db = await getDb();
  const columns = { id: t.news.id, fundId: t.news.fundId, locale: t.news.locale, slug: t.news.slug };
  const [all, online] = await Promise.all([db.select(columns).from(t.news), db.select(columns).from(t.news).where(newsOnline(audience.profile))]);
  const shown = new Set((await withoutHiddenFunds(db, online, audience)).map((r) => r.id));
  return new Set(all.filter((r) => !shown.has(r.id)).map((r) => `${r.locale}/${r.slug}`));
}

/** The same article in another language, for the language switch: only once it is online. */
export async function findNewsTranslation(group: string, locale: Locale): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: t.news.slug })
    .from(t.news)
    .where(and(eq(t.news.groupCode, group), eq(t.news.locale, locale), newsOnline(null)))
    .limit(1);
  return row?.slug ?? null;
}

/** The news group of the article `slug` in `locale` (the language switch's lookup), or null. */
export async function findNewsGroup(locale: Locale, slug: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ group: t.news.groupCode })
    .from(t.news)
    .where(and(eq(t.news.locale, locale), eq(t.news.slug, slug)))
    .limit(1);
  return row?.group ?? null;
}

async function toViews(
  rows: (typeof t.news.$inferSelect)[],
  locale: Locale,
  funds: { id: number; slug: string; title: t.Localized }[],
): Promise<NewsItemView[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const [categories, documents, types] = await Promise.all([
    db.select().from(t.newsCategories),
    db
      .select(documentMetaColumns)
      .from(t.documents)
      .where(and(inArray(t.documents.newsId, ids), eq(t.documents.published, true), isNull(t.documents.supersededAt))),
    db.select().from(t.documentTypes),
  ]);
  return rows.map((row) => {
    const category = categories.find((c) => c.code === row.categoryCode);
    const fund = row.fundId === null ? undefined : funds.find((f) => f.id === row.fundId);
    const docs: DocumentRef[] = documents
      .filter((d) => d.newsId === row.id)
      .map((d) => {
        const type = types.find((x) => x.code === d.documentTypeCode);
        return {
          documentType: { code: d.documentTypeCode as DocumentRef['documentType']['code'], title: type ? pick(type.title, locale) : d.documentTypeCode },
          title: d.title,
          fileName: d.fileName,
          size: d.size,
          locale: d.locale as Locale,
          publishedAt: d.publishedAt,
          url: newsDocumentPath(locale, row.slug),
          tagged: d.tagged,
        };
      });
    // An external link that is not an https address is not served: the item links to its document or article instead.
    const externalUrl = safeLink(row.externalUrl, ['https']);
    const link = newsLink({ slug: row.slug, externalUrl, documentCount: docs.length }, locale);
    return {
      id: row.id,
      group: row.groupCode,
      slug: row.slug,
      locale,
      title: row.title,
      summary: row.summary,
      body: row.body,
      publishedAt: row.publishedAt,
      formattedDate: formatDate(row.publishedAt, locale),
      category: { code: row.categoryCode, title: category ? pick(category.title, locale) : row.categoryCode },
      externalUrl,
      author: row.author,
      fund: fund ? { slug: fund.slug, title: pick(fund.title, locale), url: fundPath(locale, fund.slug) } : null,
      documents: docs,
      ...link,
    };
  });
}
