/**
 * The back-office's news service on a real database (docs/decisions/022): every public read —
 * the news list, an article, its document, the RSS feed, the sitemap's source, the content query,
 * the language switch — shows only published items whose time has come and whose profiles
 * include the visitor's; previous slugs of a published article redirect; each change is audited.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { oldNewsRedirect } from '../../src/domain/routing/known-paths';
import { readNewsInput, type NewsFormInput, type NewsValues } from '../../src/domain/news/input';
import type { Actor } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { news as seededNews } from '../../src/server/db/seed/fixtures/content/news';
import { newsFeedXml } from '../../src/server/http/news-feed';
import { deleteNewsDocument, uploadNewsDocument } from '../../src/server/news/documents';
import { createNews, deleteNews, unpublishNews, updateNews } from '../../src/server/news/commands';
import { findNewsDocument } from '../../src/server/documents/queries';
import { samplePdf } from '../support/sample-documents';
import { loadContentDocuments } from '../../src/server/content/queries';
import { findNewsTranslation, getNewsItem, listNews, previewNewsItem } from '../../src/server/news/queries';
import { loadRouteCatalog } from '../../src/server/http/route-catalog';
import { seedDemo } from '../../src/server/db/seed/seed';

const actor: Actor = { type: 'system', label: 'news test' };

// On PostgreSQL the files of a Vitest worker share its database one after another: the articles made
// here would otherwise be counted by the next file (route-catalog.int.test.ts counts the seeded ones).
afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});
let n = 0;

function values(over: Partial<NewsFormInput> = {}): NewsValues {
  n += 1;
  const result = readNewsInput({
    locale: 'en',
    title: `Integration article ${n} ${Date.now()}`,
    slug: '',
    categoryCode: 'company',
    publishedAt: '2026-11-24',
    summary: 'A summary',
    body: '<p>Some <strong>bold</strong> text<script>alert(1)</script></p>',
    externalUrl: '',
    author: '',
    fundIds: [],
    visibleTo: [],
    state: 'published',
    publishAt: '',
    ...over,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

async function created(over: Partial<NewsFormInput> = {}) {
  const value = values(over);
  const result = await createNews(await getDb(), value, actor);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return { id: result.id, value };
}

const listed = async (slug: string, profile: 'RETAIL' | 'INSTIT' | 'CGP' = 'RETAIL', locale: 'en' | 'fr' = 'en') =>
  (await listNews(locale, { profile, country: 'FR' }, { limit: 100 })).items.some((i) => i.slug === slug);

async function auditOf(id: number) {
  const db = await getDb();
  return db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, 'news'), eq(t.auditLog.entityId, String(id))))
    .orderBy(desc(t.auditLog.id));
}

describe('news written in the back-office', () => {
  it('shows a published item everywhere at once, cleaned, and audits it', async () => {
    const { id, value } = await created();
    expect(await listed(value.slug)).toBe(true);
    const item = await getNewsItem('en', value.slug, { profile: 'RETAIL', country: 'FR' });
    expect(item?.body).toBe('Some <strong>bold</strong> text');
    expect(await newsFeedXml('en')).toContain(value.title);
    const docs = await loadContentDocuments('/en/news', { profile: 'RETAIL', country: 'FR' });
    expect(docs.find((d) => d.path === `/en/news/${value.slug}`)).toMatchObject({ title: value.title, routeType: 'plain' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'create', actorLabel: 'news test' });
    expect((entry?.after as { slug?: string }).slug).toBe(value.slug);
  });

  it('never shows a draft, except in the preview', async () => {
    const { id, value } = await created({ state: 'draft' });
    expect(await listed(value.slug)).toBe(false);
    expect(await getNewsItem('en', value.slug, { profile: 'RETAIL', country: 'FR' })).toBeNull();
    expect(await newsFeedXml('en')).not.toContain(value.title);
    expect((await loadContentDocuments('/en/news', { profile: 'RETAIL', country: 'FR' })).some((d) => d.path === `/en/news/${value.slug}`)).toBe(false);
    const preview = await previewNewsItem(id, { profile: 'RETAIL', country: 'FR' });
    expect(preview?.view.title).toBe(value.title);
    expect(preview?.hiddenFromProfile).toBe(false);
  });

  it('shows a scheduled item only from its time on, by the database clock', async () => {
    const db = await getDb();
    const later = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19);
    const { id, value } = await created({ state: 'scheduled', publishAt: later });
    expect(await listed(value.slug)).toBe(false);
    expect(await getNewsItem('en', value.slug, { profile: 'RETAIL', country: 'FR' })).toBeNull();
    // Its time comes (moved to a second ago rather than waiting an hour).
    await db.update(t.news).set({ publishAt: sql`now() - interval '1 second'` }).where(eq(t.news.id, id));
    expect(await listed(value.slug)).toBe(true);
    expect(await newsFeedXml('en')).toContain(value.title);
  });

  it('shows an item only to the profiles it names, and hides items about a fund the profile may not see', async () => {
    const { value } = await created({ visibleTo: ['INSTIT'] });
    expect(await listed(value.slug, 'RETAIL')).toBe(false);
    expect(await listed(value.slug, 'INSTIT')).toBe(true);
    expect(await listed(value.slug, 'CGP')).toBe(false);

    const db = await getDb();
    const hidden = funds.find((f) => !f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
    const shown = funds.find((f) => f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
    const ids = await db.select({ id: t.funds.id, slug: t.funds.slug }).from(t.funds);
    const idOf = (slug?: string) => String(ids.find((f) => f.slug === slug)?.id);
    // The hidden fund is the second related fund (news_fund only): it still hides the item.
    const about = await created({ fundIds: [idOf(shown?.slug), idOf(hidden?.slug)] });
    expect(await listed(about.value.slug, 'RETAIL')).toBe(false);
    expect(await listed(about.value.slug, 'INSTIT')).toBe(true);
    const fundNews = await listNews('en', { profile: 'INSTIT', country: 'FR' }, { fundSlug: hidden?.slug, limit: 100 });
    expect(fundNews.items.some((i) => i.slug === about.value.slug)).toBe(true);
  });

  it('refuses a slug another article of the language uses, keeping nothing', async () => {
    const seeded = seededNews[0]?.translations.en.slug as string;
    const db = await getDb();
    // The refused article by its own title (a counter and the time): a row kept would carry it, whatever other files wrote.
    const refused = values({ slug: seeded });
    const kept = () => db.$count(t.news, eq(t.news.title, refused.title));
    expect(await kept()).toBe(0);
    const result = await createNews(db, refused, actor);
    expect(result).toEqual({ ok: false, errors: { slug: 'slug-taken' } });
    expect(await kept()).toBe(0);
    // Another language may use it.
    const fr = await createNews(db, values({ locale: 'fr', slug: seeded }), actor);
    expect(fr.ok).toBe(true);
  });

  it('links translations, and the language switch finds only an online one', async () => {
    const db = await getDb();
    const { id, value } = await created();
    const fr = await createNews(db, values({ locale: 'fr', state: 'draft' }), actor, id);
    expect(fr.ok).toBe(true);
    const [group] = await db.select({ group: t.news.groupCode }).from(t.news).where(eq(t.news.id, id));
    expect(await findNewsTranslation(group?.group ?? '', 'fr')).toBeNull();
    const again = await createNews(db, values({ locale: 'fr' }), actor, id);
    expect(again).toEqual({ ok: false, errors: { locale: 'translation-exists' } });
    if (!fr.ok) return;
    const [frRow] = await db.select().from(t.news).where(eq(t.news.id, fr.id));
    await updateNews(db, fr.id, { ...values({ locale: 'fr' }), slug: frRow?.slug ?? '', title: frRow?.title ?? '' }, actor);
    expect(await findNewsTranslation(group?.group ?? '', 'fr')).toBe(frRow?.slug);
    expect(await findNewsTranslation(group?.group ?? '', 'en')).toBe(value.slug);
  });

  it('redirects a published article’s previous slug to the new one; a draft’s slug just changes', async () => {
    const db = await getDb();
    const { id, value } = await created();
    const renamed = `${value.slug}-renamed`;
    const result = await updateNews(db, id, { ...value, slug: renamed }, actor);
    expect(result).toEqual({ ok: true, id, changed: true });
    const catalog = await loadRouteCatalog(await getDb());
    expect(oldNewsRedirect(['news', value.slug], 'en', catalog)).toBe(`/en/news/${renamed}`);
    expect((await getNewsItem('en', renamed, { profile: 'RETAIL', country: 'FR' }))?.slug).toBe(renamed);
    // The old slug is taken: another article cannot have it.
    expect(await createNews(db, values({ slug: value.slug }), actor)).toEqual({ ok: false, errors: { slug: 'slug-taken' } });
    // The article may take it back: then it is current again, not a redirect.
    await updateNews(db, id, { ...value, slug: value.slug }, actor);
    expect(oldNewsRedirect(['news', value.slug], 'en', await loadRouteCatalog(await getDb()))).toBeNull();

    const draft = await created({ state: 'draft' });
    await updateNews(db, draft.id, { ...draft.value, slug: `${draft.value.slug}-x` }, actor);
    expect(await db.$count(t.newsOldSlugs, eq(t.newsOldSlugs.newsId, draft.id))).toBe(0);
  });

  it('saving the same values changes nothing and audits nothing', async () => {
    const db = await getDb();
    const { id, value } = await created();
    const entries = (await auditOf(id)).length;
    expect(await updateNews(db, id, value, actor)).toEqual({ ok: true, id, changed: false });
    expect((await auditOf(id)).length).toBe(entries);
  });

  it('unpublishes and deletes, audited, and the item leaves every read', async () => {
    const db = await getDb();
    const { id, value } = await created();
    expect(await unpublishNews(db, id, actor)).toEqual({ ok: true, changed: true });
    expect(await listed(value.slug)).toBe(false);
    expect(await deleteNews(db, id, actor)).toEqual({ ok: true });
    expect(await db.$count(t.news, eq(t.news.id, id))).toBe(0);
    expect(await db.$count(t.contentDocuments, eq(t.contentDocuments.path, `/en/news/${value.slug}`))).toBe(0);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['delete', 'unpublish', 'create']);
    expect(await deleteNews(db, id, actor)).toEqual({ ok: false });
  });

  it('attaches a PDF: the item links to it (docs/product.md §2), the content query says so; deleting the current version brings back the previous one', async () => {
    const db = await getDb();
    const { id, value } = await created();
    const upload = (text: string) => uploadNewsDocument(db, { newsId: id, publishedAt: '2026-11-24', fileName: `${text}.pdf`, bytes: samplePdf(text) }, actor);
    expect(await uploadNewsDocument(db, { newsId: id, publishedAt: '2026-11-24', fileName: 'x.pdf', bytes: new TextEncoder().encode('not a pdf') }, actor)).toEqual({ ok: false, error: 'not-pdf' });
    const first = await upload('first');
    expect(first).toMatchObject({ ok: true, changed: true, replacedId: null });
    expect(await upload('first')).toMatchObject({ ok: true, changed: false });
    const item = await getNewsItem('en', value.slug, { profile: 'RETAIL', country: 'FR' });
    expect(item?.routeType).toBe('doc');
    expect((await loadContentDocuments('/en/news', { profile: 'RETAIL', country: 'FR' })).find((d) => d.path === `/en/news/${value.slug}`)).toMatchObject({ routeType: 'doc', hasDocument: true });
    const second = await upload('second');
    expect(second).toMatchObject({ ok: true, changed: true, replacedId: first.ok ? first.id : -1 });
    const served = await findNewsDocument('en', value.slug, { profile: 'RETAIL', country: 'FR' });
    expect(served?.id).toBe(second.ok ? second.id : -1);
    expect(await deleteNewsDocument(db, id, second.ok ? second.id : -1, actor)).toEqual({ ok: true });
    expect((await findNewsDocument('en', value.slug, { profile: 'RETAIL', country: 'FR' }))?.id).toBe(first.ok ? first.id : -1);
    // A draft's document is not served either.
    await unpublishNews(db, id, actor);
    expect(await findNewsDocument('en', value.slug, { profile: 'RETAIL', country: 'FR' })).toBeNull();
    // Another item's document cannot be deleted through this one.
    const other = await created();
    expect(await deleteNewsDocument(db, other.id, first.ok ? first.id : -1, actor)).toEqual({ ok: false });
  });

  it('leaves the seeded news online for everyone, as before', async () => {
    const item = seededNews.find((i) => !i.fundSlug);
    expect(await listed(item?.translations.en.slug ?? '', 'RETAIL')).toBe(true);
    expect(await listed(item?.translations.fr.slug ?? '', 'CGP', 'fr')).toBe(true);
  });
});
