import { describe, expect, it } from 'vitest';
import { GET as health } from '../../src/app/api/health/route';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { invalidateCatalog } from '../../src/server/funds/catalog';

async function snapshot() {
  const db = await getDb();
  const perf = await db.select().from(t.sharePerformances);
  const docs = await db.select({ sha: t.documents.sha256 }).from(t.documents);
  return {
    funds: await db.$count(t.funds),
    shares: await db.$count(t.shares),
    navs: await db.$count(t.navs),
    news: await db.$count(t.news),
    documents: await db.$count(t.documents),
    contents: await db.$count(t.contentDocuments),
    figures: perf.map((p) => JSON.stringify([p.shareId, p.asOf, p.figures])).sort(),
    hashes: docs.map((d) => d.sha).sort(),
  };
}

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  });
});

describe('the demo seed', () => {
  it('is complete enough to exercise every rule', async () => {
    const s = await snapshot();
    expect(s.funds).toBeGreaterThanOrEqual(8);
    expect(s.shares).toBeGreaterThanOrEqual(20);
    expect(s.news).toBeGreaterThanOrEqual(45);
    expect(s.navs).toBeGreaterThan(20 * 1000);
  });

  it('gives the same database when run twice, and keeps form submissions', async () => {
    const db = await getDb();
    const before = await snapshot();
    const [submission] = await db.insert(t.formSubmissions).values({ kind: 'contact', locale: 'fr', data: { email: 'a@b.example' } }).returning();
    await seedDemo(db);
    invalidateCatalog();
    const after = await snapshot();
    expect(after).toEqual(before);
    const kept = await db.select().from(t.formSubmissions);
    expect(kept.map((k) => k.id)).toContain(submission?.id);
  }, 180_000);
});
