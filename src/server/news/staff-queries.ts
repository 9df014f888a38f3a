import 'server-only';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { NEWS_ADMIN_PAGE_SIZE, type NewsListFilter, type NewsState } from '@/domain/news/input';
import type { Db } from '@/server/db';
import * as t from '@/server/db/schema';

/** The back-office's reads of the news: every item, whatever its state. */

/** The SQL of a back-office state: scheduled is published with a time still to come. */
function stateCondition(state: NewsState): SQL {
  if (state === 'draft') return eq(t.news.status, 'draft');
  if (state === 'scheduled') return and(eq(t.news.status, 'published'), sql`${t.news.publishAt} > now()`) as SQL;
  return and(eq(t.news.status, 'published'), or(isNull(t.news.publishAt), sql`${t.news.publishAt} <= now()`)) as SQL;
}

export type StaffNewsRow = {
  id: number;
  groupCode: string;
  locale: string;
  slug: string;
  title: string;
  categoryCode: string;
  publishedAt: string;
  status: 'draft' | 'published';
  publishAt: Date | null;
  updatedAt: Date;
};

const rowColumns = {
  id: t.news.id,
  groupCode: t.news.groupCode,
  locale: t.news.locale,
  slug: t.news.slug,
  title: t.news.title,
  categoryCode: t.news.categoryCode,
  publishedAt: t.news.publishedAt,
  status: t.news.status,
  publishAt: t.news.publishAt,
  updatedAt: t.news.updatedAt,
};

/** One page of the news, newest date first, filtered by language, category, fund (main or related) and state. */
export async function listNewsForStaff(db: Db, filter: NewsListFilter): Promise<{ rows: StaffNewsRow[]; total: number; page: number; pages: number }> {
  const conditions: SQL[] = [];
  if (filter.locale) conditions.push(eq(t.news.locale, filter.locale));
  if (filter.category) conditions.push(eq(t.news.categoryCode, filter.category));
  if (filter.fund) {
    conditions.push(or(eq(t.news.fundId, filter.fund), inArray(t.news.id, db.select({ id: t.newsFunds.newsId }).from(t.newsFunds).where(eq(t.newsFunds.fundId, filter.fund)))) as SQL);
  }
  if (filter.state) conditions.push(stateCondition(filter.state));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totals] = await db.select({ n: count() }).from(t.news).where(where);
  const total = Number(totals?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / NEWS_ADMIN_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const rows = await db
    .select(rowColumns)
    .from(t.news)
    .where(where)
    .orderBy(desc(t.news.publishedAt), desc(t.news.id))
    .limit(NEWS_ADMIN_PAGE_SIZE)
    .offset((page - 1) * NEWS_ADMIN_PAGE_SIZE);
  return { rows, total, page, pages };
}

export type StaffNewsItem = typeof t.news.$inferSelect & {
  fundIds: number[];
  /** Every language of the article, this one included. */
  translations: { id: number; locale: string; slug: string; title: string; status: string }[];
  documents: { id: number; locale: string; title: string; fileName: string; size: number; sha256: string; publishedAt: string; published: boolean; supersededAt: Date | null; tagged: boolean | null }[];
};

export async function newsForStaff(db: Db, id: number): Promise<StaffNewsItem | null> {
  const [row] = await db.select().from(t.news).where(eq(t.news.id, id));
  if (!row) return null;
  const [links, translations, documents] = await Promise.all([
    db.select({ fundId: t.newsFunds.fundId }).from(t.newsFunds).where(eq(t.newsFunds.newsId, id)),
    db
      .select({ id: t.news.id, locale: t.news.locale, slug: t.news.slug, title: t.news.title, status: t.news.status })
      .from(t.news)
      .where(eq(t.news.groupCode, row.groupCode))
      .orderBy(asc(t.news.locale)),
    db
      .select({
        id: t.documents.id,
        locale: t.documents.locale,
        title: t.documents.title,
        fileName: t.documents.fileName,
        size: t.documents.size,
        sha256: t.documents.sha256,
        publishedAt: t.documents.publishedAt,
        published: t.documents.published,
        supersededAt: t.documents.supersededAt,
        tagged: t.documents.tagged,
      })
      .from(t.documents)
      .where(eq(t.documents.newsId, id))
      .orderBy(desc(t.documents.id)),
  ]);
  const fundIds = [...new Set([...(row.fundId === null ? [] : [row.fundId]), ...links.map((l) => l.fundId)])];
  return { ...row, fundIds, translations, documents };
}

/** The choices of the news forms: categories, funds (archived ones too, marked by the caller) and investor profiles. */
export async function newsReferenceLists(db: Db) {
  const [categories, funds, profiles] = await Promise.all([
    db.select().from(t.newsCategories).orderBy(asc(t.newsCategories.position)),
    db.select({ id: t.funds.id, slug: t.funds.slug, title: t.funds.title, active: t.funds.active }).from(t.funds).orderBy(asc(t.funds.slug)),
    db.select({ code: t.investorProfiles.code, title: t.investorProfiles.title }).from(t.investorProfiles),
  ]);
  return { categories, funds, profiles };
}
export type NewsReferenceLists = Awaited<ReturnType<typeof newsReferenceLists>>;
