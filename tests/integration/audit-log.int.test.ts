import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';

describe('the audit log', () => {
  it('records who changed what, with file bytes as size and hash', async () => {
    const db = await getDb();
    // An entity id and a label of its own: the row read back is the one this test wrote, whatever
    // another test wrote for a document of the same id.
    const entityId = randomInt(1_000_000, 2_000_000_000);
    const label = `editor-${randomUUID()}@fundhouse.test`;
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor: { type: 'account', id: 'acc-1', label },
        entity: 'document',
        entityId,
        action: 'replace',
        before: { title: 'KID', data: new Uint8Array([1, 2, 3]) },
        after: { title: 'KID', data: new Uint8Array([4, 5]), publishedAt: new Date('2026-11-20T00:00:00Z') },
      });
    });
    const rows = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'document'), eq(t.auditLog.entityId, String(entityId))));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.actorLabel).toBe(label);
    expect(row?.before).toEqual({ title: 'KID', data: { bytes: 3, sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' } });
    expect(row?.after).toMatchObject({ data: { bytes: 2 }, publishedAt: '2026-11-20T00:00:00.000Z' });
  });

  it('is written with the change or not at all', async () => {
    const db = await getDb();
    const label = `cli-${randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor: { type: 'system', label }, entity: 'fund', entityId: 1, action: 'update' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.$count(t.auditLog, eq(t.auditLog.actorLabel, label))).toBe(0);
  });

  it('refuses to be edited, deleted or truncated', async () => {
    const db = await getDb();
    // Its own label: other tests write entries for fund 7 too.
    const label = `cli-${randomUUID()}`;
    await recordAudit(db, { actor: { type: 'system', label }, entity: 'fund', entityId: 7, action: 'archive' });
    await expect(db.update(t.auditLog).set({ action: 'nothing' })).rejects.toThrow();
    await expect(db.delete(t.auditLog)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect(await db.$count(t.auditLog, and(eq(t.auditLog.entityId, '7'), eq(t.auditLog.actorLabel, label)))).toBe(1);
  });
});
