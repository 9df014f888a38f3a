import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { recordAudit } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { describeRefusal, reseedDemo, staffWork } from '../../src/server/db/seed/guard';

describe('npm run db:seed on a database with staff work', () => {
  it('refuses and says what it would erase, and reseeds with --force, after which nothing is at stake', async () => {
    const db = await getDb();
    const before = await staffWork(db);
    const [share] = await db.select({ id: t.shares.id }).from(t.shares).limit(1);
    await db.insert(t.navs).values({ shareId: share!.id, date: addDays(DEMO_AS_OF, 10), nav: 100 });
    await recordAudit(db, { actor: { type: 'account', id: 'a1', label: 'editor@fundhouse.test' }, entity: 'document', entityId: 1, action: 'create' });
    const fundsBefore = await db.$count(t.funds);

    const refused = await reseedDemo(db);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.work.auditEntries).toBe(before.auditEntries + 1);
    expect(refused.work.byEntity.document).toBe((before.byEntity.document ?? 0) + 1);
    expect(refused.work.navsAfterDemo).toBe(before.navsAfterDemo + 1);
    expect(refused.wouldErase.funds).toBe(fundsBefore);
    const text = describeRefusal(refused.work, refused.wouldErase).join('\n');
    expect(text).toContain(`NAV(s) dated after the demo's last day (${DEMO_AS_OF})`);
    expect(text).toContain('--force');
    // Nothing was touched.
    expect(await db.$count(t.navs, eq(t.navs.date, addDays(DEMO_AS_OF, 10)))).toBe(1);

    expect(await reseedDemo(db, { force: true })).toMatchObject({ ok: true, report: { funds: fundsBefore } });
    // The audit log outlives a reseed, but what it recorded is now older than the seed.
    expect(await staffWork(db)).toEqual({ auditEntries: 0, byEntity: {}, navsAfterDemo: 0, benchmarkValuesAfterDemo: 0 });
    expect(await db.$count(t.auditLog)).toBeGreaterThan(0);
  }, 240_000);
});
