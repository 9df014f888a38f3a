/**
 * Staff changes attacked from two sides at once, on PGlite in `npm test` and on PostgreSQL in CI
 * (scripts/postgres-integration.sh, where the two changes run on two pooled connections):
 * - two demotions (or a demotion and a disabling) of the last two admins never leave none;
 * - an admin's API tokens die with their admin rights: a disabled or demoted admin's token answers
 *   401 on the import API, unless another admin took it over first (audited).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as postNavs } from '../../src/app/api/admin/v1/navs/route';
import { changeRole, createStaffAccount, setDisabled, type AccountResult } from '../../src/server/auth/accounts';
import { authenticateToken, createApiToken, listApiTokens, takeOverApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';

const system = { type: 'system', label: 'test' } as const;
let serial = 0;

async function admin(label: string): Promise<string> {
  serial += 1;
  const created = await createStaffAccount(await getDb(), { email: `${label}-${serial}@fundhouse.test`, role: 'admin', password: 'a-long-enough-password' }, system);
  if (!created.ok) throw new Error(`${label} not created`);
  return created.id;
}

async function activeAdminIds(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(and(eq(t.staffUser.role, 'admin'), isNull(t.staffUser.disabledAt)));
  return rows.map((r) => r.id);
}

/** Leaves exactly two active admins, made here. */
async function lastTwoAdmins(): Promise<[string, string]> {
  const db = await getDb();
  const a = await admin('first');
  const b = await admin('second');
  for (const other of (await activeAdminIds()).filter((id) => id !== a && id !== b)) {
    await db.update(t.staffUser).set({ disabledAt: new Date() }).where(eq(t.staffUser.id, other));
  }
  expect((await activeAdminIds()).sort()).toEqual([a, b].sort());
  return [a, b];
}

describe('the last admin, atomically', () => {
  const races: [string, (db: Awaited<ReturnType<typeof getDb>>, a: string, b: string) => Promise<AccountResult>[]][] = [
    ['two demotions', (db, a, b) => [changeRole(db, a, 'editor', system), changeRole(db, b, 'reader', system)]],
    ['a demotion and a disabling', (db, a, b) => [changeRole(db, a, 'data', system), setDisabled(db, b, true, system)]],
    ['two disablings', (db, a, b) => [setDisabled(db, a, true, system), setDisabled(db, b, true, system)]],
  ];
  for (const [name, race] of races) {
    it(`${name} of the last two admins at once leave one admin`, async () => {
      const db = await getDb();
      // Several rounds: on PostgreSQL the two transactions interleave differently each time.
      for (let round = 0; round < 4; round += 1) {
        const [a, b] = await lastTwoAdmins();
        const results = await Promise.all(race(db, a, b));
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: 'lastAdmin' }]);
        expect(await activeAdminIds()).toHaveLength(1);
      }
    });
  }
});

describe('API tokens follow their owner', () => {
  const navsPost = (token: string) =>
    postNavs(new Request('http://localhost/api/admin/v1/navs', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: 'isin,date,nav\n' }));

  it("a disabled admin's token answers 401 on the import API; the token an admin took over goes on working", async () => {
    const db = await getDb();
    const leaver = await admin('leaver');
    const colleague = await admin('colleague');
    const mine = await createApiToken(db, { name: 'Leaver feed', scope: 'navs', days: 30, createdBy: leaver }, system);
    const kept = await createApiToken(db, { name: 'Kept feed', scope: 'navs', days: 30, createdBy: leaver }, system);
    const cli = await createApiToken(db, { name: 'Command-line feed', scope: 'navs', days: 30, createdBy: null }, system);
    expect((await navsPost(mine.token)).status).not.toBe(401);

    expect(await takeOverApiToken(db, kept.id, colleague, { type: 'account', id: colleague, label: 'colleague' })).toBe('ok');
    expect((await setDisabled(db, leaver, true, system)).ok).toBe(true);

    const refused = await navsPost(mine.token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'unauthenticated', message: 'This API token was revoked.' } });
    expect((await navsPost(kept.token)).status).not.toBe(401);
    expect((await navsPost(cli.token)).status).not.toBe(401);
    // Enabling the account again does not bring its revoked token back.
    expect((await setDisabled(db, leaver, false, system)).ok).toBe(true);
    expect((await navsPost(mine.token)).status).toBe(401);

    const listed = await listApiTokens(db);
    expect(listed.find((r) => r.id === kept.id)).toMatchObject({ ownerId: colleague, createdBy: leaver, takenOverBy: colleague });
    const audit = await db.select().from(t.auditLog).where(eq(t.auditLog.entity, 'api-token'));
    expect(audit.find((e) => e.entityId === kept.id && e.action === 'taken-over')).toMatchObject({ actorId: colleague, before: { owner: leaver }, after: { owner: colleague } });
    expect(audit.find((e) => e.entityId === mine.id && e.action === 'revoked')).toMatchObject({ after: { reason: 'owner-disabled', owner: leaver } });
  });

  it("a demoted admin's tokens are revoked, including those they took over", async () => {
    const db = await getDb();
    const demoted = await admin('demoted');
    const other = await admin('other');
    const own = await createApiToken(db, { name: 'Own feed', scope: 'navs', days: 30, createdBy: demoted }, system);
    const takenByDemoted = await createApiToken(db, { name: 'Taken feed', scope: 'navs', days: 30, createdBy: other }, system);
    await takeOverApiToken(db, takenByDemoted.id, demoted, system);
    const othersOwn = await createApiToken(db, { name: 'Other feed', scope: 'navs', days: 30, createdBy: other }, system);

    expect((await changeRole(db, demoted, 'editor', system)).ok).toBe(true);
    for (const gone of [own, takenByDemoted]) {
      const result = await authenticateToken(await getDb(), new Request('http://localhost/api/admin/v1/navs', { headers: { authorization: `Bearer ${gone.token}` } }), 'navs');
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(401);
    }
    expect(await authenticateToken(await getDb(), new Request('http://localhost/api/admin/v1/navs', { headers: { authorization: `Bearer ${othersOwn.token}` } }), 'navs')).not.toBeInstanceOf(Response);
  });

  it('refuses a token whose owner lost admin rights by any other way (checked at each use too)', async () => {
    const db = await getDb();
    const owner = await admin('bypassed');
    const created = await createApiToken(db, { name: 'Bypass feed', scope: 'navs', days: 30, createdBy: owner }, system);
    // A change made outside changeRole (a manual UPDATE): the token is not revoked, but refused.
    await db.update(t.staffUser).set({ role: 'reader' }).where(eq(t.staffUser.id, owner));
    expect((await navsPost(created.token)).status).toBe(401);
  });
});
