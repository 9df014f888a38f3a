/**
 * The key of the client-address hash when CLIENT_HASH_SECRET is not set: made once, stored in
 * app_setting, and the same for every process (insert-if-absent, then read).
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { CLIENT_HASH_SETTING, clientHash } from '../../src/server/forms/request-info';
import { sharedSetting } from '../../src/server/db/settings';

delete process.env.CLIENT_HASH_SECRET;

describe('shared settings', () => {
  it('keeps the first value written when several writers race', async () => {
    const db = await getDb();
    const values = await Promise.all(['a', 'b', 'c', 'd'].map((v) => sharedSetting(db, 'race-test', () => `value-${v}`)));
    expect(new Set(values).size).toBe(1);
    expect(await sharedSetting(db, 'race-test', () => 'later')).toBe(values[0]);
  });

  it('hashes client addresses with a key made once and stored in the database', async () => {
    const first = await clientHash('203.0.113.7');
    const db = await getDb();
    const [row] = await db.select().from(t.appSettings).where(eq(t.appSettings.key, CLIENT_HASH_SETTING));
    expect(row?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).toBe(createHmac('sha256', row?.value ?? '').update('203.0.113.7').digest('hex'));
    expect(await clientHash('203.0.113.7')).toBe(first);
    expect(await clientHash('203.0.113.8')).not.toBe(first);
  });
});
