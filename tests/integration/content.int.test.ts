import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST } from '../../src/app/%5Fcontent/[...path]/route';
import { getDb } from '../../src/server/db';
import { contentDocuments } from '../../src/server/db/schema';
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { listNews } from '../../src/server/news/queries';
import { getPage } from '../../src/server/site/queries';

const query = (path: string, body: unknown, cookie?: string) =>
  POST(
    new Request(`http://localhost/_content${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ path: path.split('/').filter(Boolean) }) },
  );

type NewsDocument = {
  slug: string;
  title: string;
  description: string;
  body: string;
  date: string;
  formattedDate: string;
  category: string;
  categoryTitle: string;
  externalUrl: string | null;
  author: string | null;
  route: string;
  routeType: string;
  fund: { slug: string; title: string } | null;
};

/**
 * The seeded articles only: on a PostgreSQL shared by every test file, other files publish
 * articles of their own while this one runs (news-manage.int.test.ts).
 */
const seedNews = (locale: 'fr' | 'en' | 'es') => ({ slug: { $in: news.map((n) => n.translations[locale].slug) } });

describe('content query endpoint (docs/product.md §7)', () => {
  it('lists the news of a language, sorted, limited and projected', async () => {
    const res = await query('/fr/news', { where: seedNews('fr'), sortBy: [{ field: 'date', direction: 'desc' }], only: ['title', 'date', 'slug'], limit: 5 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title: string; date: string }[];
    expect(body).toHaveLength(5);
    const newest = [...news].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];
    expect(body[0]?.title).toBe(newest?.translations.fr.title);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['date', 'slug', 'title']);
  });

  it('filters with where operators and skips', async () => {
    const all = (await (await query('/en/news', { where: { ...seedNews('en'), category: { $in: ['esg', 'company', 'market-views', 'fund-news'] } } })).json()) as unknown[];
    const external = (await (await query('/en/news', { where: { ...seedNews('en'), externalUrl: { $ne: null } } })).json()) as unknown[];
    expect(external).toHaveLength(news.filter((n) => n.externalUrl).length);
    const skipped = (await (await query('/en/news', { where: seedNews('en'), skip: 2 })).json()) as unknown[];
    expect(skipped.length).toBe(news.length - 2);
    expect(all.length).toBeLessThanOrEqual(news.length);
  });

  it('returns one document by its path, and pages bodies per locale', async () => {
    const slug = news[0]?.translations.es.slug;
    const res = await query(`/es/news/${slug}`, {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as { slug: string }).slug).toBe(slug);
    const page = (await (await query('/en/pages/about-us', {})).json()) as { components: unknown[] };
    expect(page.components.length).toBeGreaterThan(0);
  });

  it('searches text without regard to accents or case', async () => {
    const res = await query('/fr', { deep: true, search: { query: 'GESTION' }, only: ['path'] });
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers 400 with a message to a malformed body, 404 to an unknown path', async () => {
    const bad = await query('/fr/news', { limit: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/limit/);
    expect((await query('/fr/news', '{not json')).status).toBe(400);
    expect((await query('/fr/news', { where: { $where: 'sleep(1000)' } })).status).toBe(400);
    expect((await query('/fr/nothing-here', {})).status).toBe(404);
  });
});

/** A chunked body: no Content-Length, `chunks` pieces of JSON-ish bytes (endless when Infinity). */
function chunked(first: string, filler: number, chunks: number): { stream: ReadableStream<Uint8Array>; pulls: () => number } {
  let pulls = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (pulls === 1) controller.enqueue(encoder.encode(first));
      else if (pulls <= chunks) controller.enqueue(encoder.encode(' '.repeat(filler)));
      else controller.close();
    },
  });
  return { stream, pulls: () => pulls };
}

const raw = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  POST(new Request(`http://localhost/_content${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit), {
    params: Promise.resolve({ path: path.split('/').filter(Boolean) }),
  });

describe('content query endpoint: no request can hold the server', () => {
  it('refuses the catastrophic $regex of the hardening issue with a fast 400 naming the operator', async () => {
    for (const pattern of ['^(.*?)*X$', '(a+)+$', '(.*a){20}']) {
      const started = performance.now();
      const res = await query('/fr/news', { where: { title: { $regex: pattern } } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ statusCode: 400, message: 'where.title.$regex: is not supported: regular expressions are refused (use $contains or search)' });
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  it('reads a chunked body without Content-Length', async () => {
    const { stream } = chunked('{"only":["slug"],"limit":2}', 100, 5);
    const res = await raw('/fr/news', stream);
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown[]).toHaveLength(2);
  });

  it('stops reading an endless chunked body at 64 000 bytes and answers 413', async () => {
    const body = chunked('{"only":["slug"],"where":{"title":"', 16_000, Number.POSITIVE_INFINITY);
    const res = await raw('/fr/news', body.stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, message: 'Request body too large (limit 64000 bytes).' });
    expect(body.pulls()).toBeLessThan(10);
  });

  it('answers 413 to a body longer than its Content-Length says, and to a declared length over the limit', async () => {
    const lying = chunked('{"limit":1', 20_000, 10);
    expect((await raw('/fr/news', lying.stream, { 'content-length': '10' })).status).toBe(413);
    expect((await raw('/fr/news', '{}', { 'content-length': '64001' })).status).toBe(413);
  });

  it('answers 400 to bodies built to exhaust the parser or the validator', async () => {
    const deepArrays = `{"where":{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}}`;
    const deepObjects = `{"where":${'{"$or":[{"a":1},'.repeat(3000)}{"b":1}${']}'.repeat(3000)}}`;
    const manyMistakes = JSON.stringify({ sortBy: Array.from({ length: 3000 }, () => ({ field: 1 })) });
    for (const body of [deepArrays, deepObjects, manyMistakes]) {
      const res = await raw('/fr/news', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message.length).toBeLessThan(2000);
    }
  });

  it('answers 400 to a body that is not UTF-8', async () => {
    expect((await raw('/fr/news', new Uint8Array([0x7b, 0xff, 0x7d]))).status).toBe(400);
  });
});

describe('the content endpoint serves what the news and content pages show', () => {
  for (const locale of ['fr', 'en', 'es'] as const) {
    it(`news in ${locale}: the same items, texts, dates, categories, funds and links (docs/product.md §2 rule) as the news pages`, async () => {
      const served = (await (await query(`/${locale}/news`, { sortBy: [{ field: 'date', direction: 'desc' }] })).json()) as NewsDocument[];
      const shown = (await listNews(locale, { profile: 'RETAIL', country: 'FR' }, { limit: 100 })).items;
      expect(served.map((d) => d.slug).sort()).toEqual(shown.map((n) => n.slug).sort());
      expect(served.map((d) => d.date)).toEqual(shown.map((n) => n.publishedAt));
      for (const item of shown) {
        const doc = served.find((d) => d.slug === item.slug);
        expect(doc, item.slug).toMatchObject({
          title: item.title,
          description: item.summary,
          body: item.body,
          formattedDate: item.formattedDate,
          category: item.category.code,
          categoryTitle: item.category.title,
          externalUrl: item.externalUrl,
          author: item.author,
          route: item.route,
          routeType: item.routeType,
        });
        expect(doc?.fund?.slug ?? null).toBe(item.fund?.slug ?? null);
        expect(doc?.fund?.title ?? null).toBe(item.fund?.title ?? null);
      }
      expect(new Set(served.map((d) => d.routeType))).toEqual(new Set(['external', 'doc', 'plain']));
    });

    it(`pages in ${locale}: the same title and components as the content pages`, async () => {
      for (const fixture of pages) {
        const shown = await getPage(locale, fixture.code);
        const served = (await (await query(`/${locale}/pages/${fixture.code}`, {})).json()) as { title: string; description: string; components: unknown };
        expect(served.title, fixture.code).toBe(shown?.title);
        expect(served.description, fixture.code).toBe(shown?.description);
        expect(served.components, fixture.code).toEqual(shown?.components);
      }
    });
  }

  it('leaves out news about a fund the visitor’s profile may not see, as the news pages do', async () => {
    const hidden = funds.find((f) => !f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
    expect(hidden).toBeDefined();
    const path = '/en/news/hidden-fund-update';
    const db = await getDb();
    await db.insert(contentDocuments).values({
      path,
      locale: 'en',
      data: { path, slug: 'hidden-fund-update', title: 'Hidden fund update', date: '2026-11-19', fund: { slug: hidden?.slug, title: 'x', category: null } },
    });
    try {
      const slugs = async (cookie?: string) =>
        ((await (await query('/en/news', { only: ['slug'] }, cookie)).json()) as { slug: string }[]).map((d) => d.slug);
      expect(await slugs()).not.toContain('hidden-fund-update');
      expect(await slugs('investor_profile=RETAIL')).not.toContain('hidden-fund-update');
      expect(await slugs('investor_profile=INSTIT')).toContain('hidden-fund-update');
      expect((await query(path, {})).status).toBe(404);
      expect((await query(path, {}, 'investor_profile=INSTIT')).status).toBe(200);
    } finally {
      await db.delete(contentDocuments).where(eq(contentDocuments.path, path));
    }
  });
});
