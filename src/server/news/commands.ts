import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatDate } from '@/domain/language/format';
import { newsLink } from '@/domain/news/links';
import { safeLink } from '@/domain/content/link-target';
import { newsStateOf, type NewsErrors, type NewsValues } from '@/domain/news/input';
import { richTextToPlain } from '@/domain/content/rich-text';
import type { ChangeScope } from '@/domain/content/publication';
import type { Locale } from '@/domain/language/locale';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Executor, Tx } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/**
 * The back-office's news service (docs/decisions/022): each function takes the acting Actor,
 * writes its change, the content document the content query serves (/{locale}/news/{slug}) and
 * its audit entry in one transaction, then publishes it (the news pages, the home page, the
 * sitemap and the related funds' pages) (after which the clock re-reads its next moments, src/server/clock/schedule.ts). Permissions are
 * the caller's (content.write).
 */

export type NewsWriteResult = { ok: true; id: number; changed: boolean } | { ok: false; errors: NewsErrors };
type Row = typeof t.news.$inferSelect;

/** The row, its related funds and the fields the audit log keeps. */
type Snapshot = Row & { fundIds: number[] };

async function snapshot(tx: Executor, id: number): Promise<Snapshot | null> {
  const [row] = await tx.select().from(t.news).where(eq(t.news.id, id));
  if (!row) return null;
  const links = await tx.select({ fundId: t.newsFunds.fundId }).from(t.newsFunds).where(eq(t.newsFunds.newsId, id));
  const fundIds = [...new Set([...(row.fundId === null ? [] : [row.fundId]), ...links.map((l) => l.fundId)])];
  return { ...row, fundIds };
}

const audited = (s: Snapshot | null) => (s ? { ...s, updatedAt: undefined } : null);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Whether another article of the language uses the slug, now or as a previous slug that redirects. */
async function slugTaken(tx: Tx, locale: string, slug: string, selfId: number | null): Promise<boolean> {
  const current = await tx
    .select({ id: t.news.id })
    .from(t.news)
    .where(and(eq(t.news.locale, locale), eq(t.news.slug, slug), selfId === null ? undefined : ne(t.news.id, selfId)))
    .limit(1);
  if (current.length > 0) return true;
  const old = await tx
    .select({ id: t.newsOldSlugs.newsId })
    .from(t.newsOldSlugs)
    .where(and(eq(t.newsOldSlugs.locale, locale), eq(t.newsOldSlugs.slug, slug), selfId === null ? undefined : ne(t.newsOldSlugs.newsId, selfId)))
    .limit(1);
  return old.length > 0;
}

/** The checks the database answers: the category and the funds exist. */
async function referenceErrors(tx: Tx, value: NewsValues): Promise<NewsErrors> {
  const errors: NewsErrors = {};
  const [category] = await tx.select({ code: t.newsCategories.code }).from(t.newsCategories).where(eq(t.newsCategories.code, value.categoryCode));
  if (!category) errors.categoryCode = 'unknown-category';
  if (value.fundIds.length > 0) {
    const found = await tx.select({ id: t.funds.id }).from(t.funds).where(inArray(t.funds.id, value.fundIds));
    if (found.length !== value.fundIds.length) errors.fundIds = 'unknown-fund';
  }
  return errors;
}

/** Status and publication time for a state: publishing keeps the time an item already went online. */
function publication(value: NewsValues, before: Snapshot | null, now: Date): { status: 'draft' | 'published'; publishAt: Date | null } {
  if (value.state === 'draft') return { status: 'draft', publishAt: null };
  if (value.state === 'scheduled') return { status: 'published', publishAt: value.publishAt };
  if (before && newsStateOf(before, now) === 'published') return { status: 'published', publishAt: before.publishAt };
  return { status: 'published', publishAt: now };
}

const contentPath = (locale: string, slug: string) => `/${locale}/news/${slug}`;

/**
 * The content query's document of an article (/_content, docs/product.md §7), shaped like the
 * seeded ones (src/server/db/seed/content-documents.ts). Who may see it is decided when it is
 * read (src/server/content/queries.ts), from the news row.
 */
async function writeContentDocument(tx: Tx, id: number, previous: { locale: string; slug: string } | null): Promise<void> {
  const item = await snapshot(tx, id);
  if (previous) await tx.delete(t.contentDocuments).where(eq(t.contentDocuments.path, contentPath(previous.locale, previous.slug)));
  if (!item) return;
  const locale = item.locale as Locale;
  const [category] = await tx.select().from(t.newsCategories).where(eq(t.newsCategories.code, item.categoryCode));
  const [fund] = item.fundId === null ? [] : await tx.select({ slug: t.funds.slug, title: t.funds.title, category: t.funds.categoryCode }).from(t.funds).where(eq(t.funds.id, item.fundId));
  const documents = await tx.$count(t.documents, and(eq(t.documents.newsId, id), eq(t.documents.published, true), sql`${t.documents.supersededAt} IS NULL`));
  // Only an https external link is published (link-target.ts), whatever the row holds.
  const externalUrl = safeLink(item.externalUrl, ['https']);
  const link = newsLink({ slug: item.slug, externalUrl, documentCount: documents }, locale);
  const path = contentPath(locale, item.slug);
  const data = {
    path,
    slug: item.slug,
    group: item.groupCode,
    locale,
    title: item.title,
    description: item.summary,
    date: item.publishedAt,
    formattedDate: formatDate(item.publishedAt, locale),
    category: item.categoryCode,
    categoryTitle: category ? (category.title[locale] ?? category.title.fr) : item.categoryCode,
    fund: fund ? { slug: fund.slug, title: fund.title[locale] ?? fund.title.fr, category: fund.category } : null,
    externalUrl,
    hasDocument: documents > 0,
    route: link.route,
    routeType: link.routeType,
    author: item.author,
    body: item.body,
    text: richTextToPlain(item.body),
  };
  await tx
    .insert(t.contentDocuments)
    .values({ path, locale, data })
    .onConflictDoUpdate({ target: t.contentDocuments.path, set: { locale, data, updatedAt: new Date() } });
}

async function fundSlugs(db: Executor, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ slug: t.funds.slug }).from(t.funds).where(inArray(t.funds.id, [...ids]));
  return rows.map((r) => r.slug);
}

/** Publishes a news change: the news pages, the home page, the sitemap and the pages of the funds it is (or was) about. */
async function publishNews(db: Db, fundIds: readonly number[]): Promise<void> {
  const slugs = await fundSlugs(db, [...new Set(fundIds)]);
  const scope: ChangeScope = { news: true, ...(slugs.length > 0 ? { funds: slugs.map((slug) => ({ slug })) } : {}) };
  // The clock re-reads its next moments after every publication (src/server/clock/schedule.ts).
  await publishChange(db, scope);
}

async function writeFunds(tx: Tx, id: number, fundIds: readonly number[]): Promise<void> {
  await tx.delete(t.newsFunds).where(eq(t.newsFunds.newsId, id));
  if (fundIds.length > 0) await tx.insert(t.newsFunds).values(fundIds.map((fundId) => ({ newsId: id, fundId })));
}

/**
 * Creates one language of an article. `translationOf` names an item of the article it translates
 * (its group): one item per language and article.
 */
export async function createNews(db: Db, value: NewsValues, actor: Actor, translationOf: number | null = null, now = new Date()): Promise<NewsWriteResult> {
  let outcome: NewsWriteResult;
  try {
    outcome = await db.transaction(async (tx) => {
      const errors = await referenceErrors(tx, value);
      let groupCode = `news-${randomUUID()}`;
      if (translationOf !== null) {
        const [source] = await tx.select({ group: t.news.groupCode }).from(t.news).where(eq(t.news.id, translationOf));
        if (!source) return { ok: false as const, errors: { locale: 'unknown-article' } };
        groupCode = source.group;
        const [existing] = await tx.select({ id: t.news.id }).from(t.news).where(and(eq(t.news.groupCode, groupCode), eq(t.news.locale, value.locale)));
        if (existing) errors.locale = 'translation-exists';
      }
      if (await slugTaken(tx, value.locale, value.slug, null)) errors.slug = 'slug-taken';
      if (Object.keys(errors).length > 0) return { ok: false as const, errors };
      const { status, publishAt } = publication(value, null, now);
      const [row] = await tx
        .insert(t.news)
        .values({
          groupCode,
          locale: value.locale,
          slug: value.slug,
          categoryCode: value.categoryCode,
          title: value.title,
          summary: value.summary,
          body: value.body,
          publishedAt: value.publishedAt,
          externalUrl: value.externalUrl,
          fundId: value.fundIds[0] ?? null,
          author: value.author,
          status,
          publishAt,
          visibleTo: value.visibleTo,
          updatedAt: now,
        })
        .returning({ id: t.news.id });
      if (!row) throw new Error('news not inserted');
      await writeFunds(tx, row.id, value.fundIds);
      await writeContentDocument(tx, row.id, null);
      await recordAudit(tx, { actor, entity: 'news', entityId: row.id, action: 'create', before: null, after: audited(await snapshot(tx, row.id)) });
      return { ok: true as const, id: row.id, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: 'slug-taken' } };
    throw error;
  }
  if (outcome.ok) await publishNews(db, value.fundIds);
  return outcome;
}

const COMPARED = ['slug', 'categoryCode', 'title', 'summary', 'body', 'publishedAt', 'externalUrl', 'author', 'status'] as const;

/** Updates one language of an article (its language stays). A published article's previous slug redirects to the new one. */
export async function updateNews(db: Db, id: number, value: Omit<NewsValues, 'locale'>, actor: Actor, now = new Date()): Promise<NewsWriteResult | { ok: false; notFound: true }> {
  let outcome: (NewsWriteResult & { fundIds?: number[] }) | { ok: false; notFound: true };
  try {
    outcome = await db.transaction(async (tx) => {
      const before = await snapshot(tx, id);
      if (!before) return { ok: false as const, notFound: true as const };
      const full: NewsValues = { ...value, locale: before.locale as Locale };
      const errors = await referenceErrors(tx, full);
      if (value.slug !== before.slug && (await slugTaken(tx, before.locale, value.slug, id))) errors.slug = 'slug-taken';
      if (Object.keys(errors).length > 0) return { ok: false as const, errors };
      const { status, publishAt } = publication(full, before, now);
      const next = {
        slug: value.slug,
        categoryCode: value.categoryCode,
        title: value.title,
        summary: value.summary,
        body: value.body,
        publishedAt: value.publishedAt,
        externalUrl: value.externalUrl,
        author: value.author,
        status,
        publishAt,
        visibleTo: value.visibleTo,
        fundId: value.fundIds[0] ?? null,
      };
      const same =
        COMPARED.every((k) => before[k] === next[k]) &&
        (before.publishAt?.getTime() ?? null) === (publishAt?.getTime() ?? null) &&
        before.visibleTo.join(',') === value.visibleTo.join(',') &&
        before.fundId === next.fundId &&
        [...before.fundIds].sort().join(',') === [...value.fundIds].sort().join(',');
      if (same) return { ok: true as const, id, changed: false };
      if (value.slug !== before.slug) {
        // Its own previous slug may be taken back; the slug it leaves redirects once it was online.
        await tx.delete(t.newsOldSlugs).where(and(eq(t.newsOldSlugs.locale, before.locale), eq(t.newsOldSlugs.slug, value.slug)));
        if (before.status === 'published') {
          await tx.insert(t.newsOldSlugs).values({ locale: before.locale, slug: before.slug, newsId: id }).onConflictDoNothing();
        }
      }
      await tx
        .update(t.news)
        .set({ ...next, updatedAt: now })
        .where(eq(t.news.id, id));
      await writeFunds(tx, id, value.fundIds);
      await writeContentDocument(tx, id, { locale: before.locale, slug: before.slug });
      await recordAudit(tx, { actor, entity: 'news', entityId: id, action: 'update', before: audited(before), after: audited(await snapshot(tx, id)) });
      return { ok: true as const, id, changed: true, fundIds: [...before.fundIds, ...value.fundIds] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: 'slug-taken' } };
    throw error;
  }
  if (outcome.ok && outcome.changed) await publishNews(db, outcome.fundIds ?? []);
  if (outcome.ok) return { ok: true, id: outcome.id, changed: outcome.changed };
  return outcome;
}

/** Takes an item off the site (back to draft); it is kept, and may be published again. */
export async function unpublishNews(db: Db, id: number, actor: Actor, now = new Date()): Promise<{ ok: true; changed: boolean } | { ok: false }> {
  const outcome = await db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) return { ok: false as const };
    if (before.status === 'draft') return { ok: true as const, changed: false, fundIds: [] };
    await tx.update(t.news).set({ status: 'draft', publishAt: null, updatedAt: now }).where(eq(t.news.id, id));
    await writeContentDocument(tx, id, null);
    await recordAudit(tx, { actor, entity: 'news', entityId: id, action: 'unpublish', before: audited(before), after: audited(await snapshot(tx, id)) });
    return { ok: true as const, changed: true, fundIds: before.fundIds };
  });
  if (outcome.ok && outcome.changed) await publishNews(db, outcome.fundIds);
  return outcome.ok ? { ok: true, changed: outcome.changed } : { ok: false };
}

/** Deletes one language of an article, with its documents, related funds and previous slugs (the other languages stay). */
export async function deleteNews(db: Db, id: number, actor: Actor): Promise<{ ok: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) return null;
    await tx.delete(t.contentDocuments).where(eq(t.contentDocuments.path, contentPath(before.locale, before.slug)));
    await tx.delete(t.news).where(eq(t.news.id, id));
    await recordAudit(tx, { actor, entity: 'news', entityId: id, action: 'delete', before: audited(before), after: null });
    return before;
  });
  if (!outcome) return { ok: false };
  await publishNews(db, outcome.fundIds);
  return { ok: true };
}

/** Rewrites an item's content document (its documents changed: the link rule may now point to one). */
export async function refreshNewsContent(db: Db, id: number): Promise<void> {
  await db.transaction((tx) => writeContentDocument(tx, id, null));
}
