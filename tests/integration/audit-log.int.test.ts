import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';

describe('the audit log', () => {
  it('records who changed what, with file bytes as size and hash', async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor: { type: 'account', id: 'acc-1', label: 'editor@fundhouse.test' },
        entity: 'document',
        entityId: 42,
        action: 'replace',
        before: { title: 'KID', data: new Uint8Array([1, 2, 3]) },
        after: { title: 'KID', data: new Uint8Array([4, 5]), publishedAt: new Date('2026-11-20T00:00:00Z') },
      });
    });
    const [row] = await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, '42'));
    expect(row?.actorLabel).toBe('editor@fundhouse.test');
    expect(row?.before).toEqual({ title: 'KID', data: { bytes: 3, sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' } });
    expect(row?.after).toMatchObject({ data: { bytes: 2 }, publishedAt: '2026-11-20T00:00:00.000Z' });
  });

  it('is written with the change or not at all', async () => {
    const db = await getDb();
    const before = await db.$count(t.auditLog);
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor: { type: 'system', label: 'cli' }, entity: 'fund', entityId: 1, action: 'update' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.$count(t.auditLog)).toBe(before);
  });

  it('refuses to be edited, deleted or truncated', async () => {
    const db = await getDb();
    // Its own label: on a PostgreSQL shared by every test file, other files write entries for entity 7 too.
    const label = `cli-${randomUUID()}`;
    await recordAudit(db, { actor: { type: 'system', label }, entity: 'fund', entityId: 7, action: 'archive' });
    await expect(db.update(t.auditLog).set({ action: 'nothing' })).rejects.toThrow();
    await expect(db.delete(t.auditLog)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect(await db.$count(t.auditLog, and(eq(t.auditLog.entityId, '7'), eq(t.auditLog.actorLabel, label)))).toBe(1);
  });
});
