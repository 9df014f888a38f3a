import { describe, expect, it } from 'vitest';
import { POST } from '../../src/app/%5Fcontent/[...path]/route';
import { news } from '../../src/server/db/seed/fixtures/content/news';

const query = (path: string, body: unknown) =>
  POST(
    new Request(`http://localhost/_content${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ path: path.split('/').filter(Boolean) }) },
  );

describe('content query endpoint (SPEC §7)', () => {
  it('lists the news of a language, sorted, limited and projected', async () => {
    const res = await query('/fr/news', { sortBy: [{ field: 'date', direction: 'desc' }], only: ['title', 'date', 'slug'], limit: 5 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title: string; date: string }[];
    expect(body).toHaveLength(5);
    const newest = [...news].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];
    expect(body[0]?.title).toBe(newest?.translations.fr.title);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['date', 'slug', 'title']);
  });

  it('filters with where operators and skips', async () => {
    const all = (await (await query('/en/news', { where: { category: { $in: ['esg', 'company', 'market-views', 'fund-news'] } } })).json()) as unknown[];
    const external = (await (await query('/en/news', { where: { externalUrl: { $ne: null } } })).json()) as unknown[];
    expect(external).toHaveLength(news.filter((n) => n.externalUrl).length);
    const skipped = (await (await query('/en/news', { skip: 2 })).json()) as unknown[];
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
