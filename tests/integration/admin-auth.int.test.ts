/**
 * Staff accounts and import-API tokens on a real database: Better Auth over the staff_* tables
 * (invitation → password → sign-in → session → revocation), the account rules, and
 * authenticateToken's answers (right scope, wrong scope 403, expired/revoked/unknown/missing 401).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { can } from '../../src/domain/staff/roles';
import { changeRole, createStaffAccount, inviteStaff, revokeSessions, setDisabled, storedIdentifier } from '../../src/server/auth/accounts';
import { createAuth } from '../../src/server/auth/config';
import { authenticateToken, createApiToken, revokeApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import { drainOutbox, type MailMessage } from '../../src/server/outbox/drain';
import * as t from '../../src/server/db/schema';
import { totp } from '../support/totp';

const system = { type: 'system', label: 'test' } as const;
const request = (token?: string) => new Request('http://localhost/api/admin/v1/navs', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });

async function auth() {
  return createAuth(await getDb(), 'integration-test-secret-of-at-least-32-chars');
}

function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('import-API tokens', () => {
  it('authenticates a token of the right scope, and names it as the actor', async () => {
    const db = await getDb();
    const created = await createApiToken(db, { name: 'Feed A', scope: 'navs', days: 30, createdBy: null }, system);
    const result = await authenticateToken(await getDb(), request(created.token), 'navs');
    expect(result).not.toBeInstanceOf(Response);
    if (result instanceof Response) return;
    expect(result.actor).toEqual({ type: 'token', id: created.id, label: 'Feed A' });
    const [row] = await db.select().from(t.apiToken).where(eq(t.apiToken.id, created.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(row?.tokenHash).not.toContain(created.token);
    expect(created.token.startsWith(row?.prefix ?? 'x')).toBe(true);
  });

  it('answers 403 to a token of another scope', async () => {
    const created = await createApiToken(await getDb(), { name: 'Docs feed', scope: 'documents', days: 30, createdBy: null }, system);
    const result = await authenticateToken(await getDb(), request(created.token), 'navs');
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(403);
  });

  it('answers 401 to an expired, a revoked, an unknown or a missing token', async () => {
    const db = await getDb();
    const expired = await createApiToken(db, { name: 'Old feed', scope: 'navs', days: 1, createdBy: null }, system);
    await db.update(t.apiToken).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(t.apiToken.id, expired.id));
    const revoked = await createApiToken(db, { name: 'Gone feed', scope: 'navs', days: 30, createdBy: null }, system);
    expect(await revokeApiToken(db, revoked.id, system)).toBe(true);
    for (const token of [expired.token, revoked.token, 'fhk_unknown', undefined]) {
      const result = await authenticateToken(await getDb(), request(token), 'navs');
      expect(result, String(token)).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(401);
      expect(((await (result as Response).json()) as { error: string }).error).toBe('unauthenticated');
    }
  });

  it('audits creation and revocation, never the token itself', async () => {
    const db = await getDb();
    const created = await createApiToken(db, { name: 'Audited feed', scope: 'benchmarks', days: 7, createdBy: null }, system);
    await revokeApiToken(db, created.id, system);
    const entries = await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, created.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['created', 'revoked']);
    expect(JSON.stringify(entries)).not.toContain(created.token);
  });
});

describe('staff accounts with Better Auth', () => {
  it('invites by mail; the link sets a password once; the session it opens can be revoked', async () => {
    const db = await getDb();
    const invited = await inviteStaff(db, { email: 'Invitee@Fundhouse.test', role: 'editor', locale: 'en' }, system);
    expect(invited.ok).toBe(true);
    const [stored] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'invitee@fundhouse.test'));
    expect(stored).toMatchObject({ kind: 'account', subject: 'Your back-office account' });
    expect(stored?.text).not.toMatch(/token=/);
    // The link leaves with the mail, through the outbox worker.
    const sent: MailMessage[] = [];
    await drainOutbox({ transport: { sendMail: async (message) => sent.push(message) } });
    const mail = sent.find((m) => m.to === 'invitee@fundhouse.test');
    expect(mail?.subject).toBe('Your back-office account');
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect(JSON.stringify(await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'invitee@fundhouse.test')))).not.toContain(token);
    // The token is stored hashed: the database alone does not hand out the link.
    expect(await db.$count(t.staffVerification, eq(t.staffVerification.identifier, `reset-password:${token}`))).toBe(0);
    expect(await db.$count(t.staffVerification, eq(t.staffVerification.identifier, storedIdentifier(`reset-password:${token}`)))).toBe(1);

    const api = (await auth()).api;
    await expect(api.signInEmail({ body: { email: 'invitee@fundhouse.test', password: 'whatever-password' } })).rejects.toThrow();
    await api.resetPassword({ body: { token, newPassword: 'a-long-enough-password' } });
    await expect(api.resetPassword({ body: { token, newPassword: 'another-long-password' } })).rejects.toThrow();

    const signedIn = await api.signInEmail({ body: { email: 'invitee@fundhouse.test', password: 'a-long-enough-password' }, returnHeaders: true });
    const cookie = cookieHeader(signedIn.headers);
    expect(cookie).toMatch(/staff\.session_token=/);
    const session = await api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe('invitee@fundhouse.test');

    const userId = session?.user.id ?? '';
    expect(await revokeSessions(db, userId, system)).toBe(1);
    expect(await api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    const actions = (await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, userId))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['invited', 'password-set', 'sessions-revoked']));
  });

  it('refuses a second account with the same e-mail, and sign-up is closed', async () => {
    const db = await getDb();
    expect((await createStaffAccount(db, { email: 'same@fundhouse.test', role: 'reader', password: 'a-long-enough-password' }, system)).ok).toBe(true);
    expect(await createStaffAccount(db, { email: 'SAME@fundhouse.test', role: 'admin', password: 'a-long-enough-password' }, system)).toEqual({ ok: false, error: 'exists' });
    await expect((await auth()).api.signUpEmail({ body: { email: 'new@fundhouse.test', password: 'a-long-enough-password', name: 'x' } })).rejects.toThrow();
    expect(await db.$count(t.staffUser, eq(t.staffUser.email, 'new@fundhouse.test'))).toBe(0);
  });

  it('changes roles with before/after in the audit log, and never removes the last active admin', async () => {
    const db = await getDb();
    // Other files' accounts are in other databases: this file's admins are the ones it makes.
    const first = await createStaffAccount(db, { email: 'admin1@fundhouse.test', role: 'admin', password: 'a-long-enough-password' }, system);
    if (!first.ok) throw new Error('admin1 not created');
    const admins = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(eq(t.staffUser.role, 'admin'));
    for (const other of admins.filter((a) => a.id !== first.id)) await setDisabled(db, other.id, true, system);

    expect(await changeRole(db, first.id, 'reader', system)).toEqual({ ok: false, error: 'lastAdmin' });
    expect(await setDisabled(db, first.id, true, system)).toEqual({ ok: false, error: 'lastAdmin' });

    const second = await createStaffAccount(db, { email: 'admin2@fundhouse.test', role: 'admin', password: 'a-long-enough-password' }, system);
    if (!second.ok) throw new Error('admin2 not created');
    expect(await changeRole(db, first.id, 'data', system)).toEqual({ ok: true, id: first.id });
    // Other files' changes share the database on PostgreSQL: this account's entry.
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'role-changed'), eq(t.auditLog.entityId, first.id)));
    expect(entry).toMatchObject({ entityId: first.id, before: { role: 'admin' }, after: { role: 'data' } });
    expect(can('data', 'accounts.manage')).toBe(false);
  });

  it('signs a disabled account out everywhere', async () => {
    const db = await getDb();
    const created = await createStaffAccount(db, { email: 'leaver@fundhouse.test', role: 'editor', password: 'a-long-enough-password' }, system);
    if (!created.ok) throw new Error('not created');
    const api = (await auth()).api;
    const signedIn = await api.signInEmail({ body: { email: 'leaver@fundhouse.test', password: 'a-long-enough-password' }, returnHeaders: true });
    const cookie = cookieHeader(signedIn.headers);
    expect(await api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();
    await setDisabled(db, created.id, true, system);
    expect(await api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it('enrols a TOTP second factor, then asks for it at sign-in', async () => {
    const db = await getDb();
    const created = await createStaffAccount(db, { email: 'totp@fundhouse.test', role: 'admin', password: 'a-long-enough-password' }, system);
    if (!created.ok) throw new Error('not created');
    const api = (await auth()).api;
    const first = await api.signInEmail({ body: { email: 'totp@fundhouse.test', password: 'a-long-enough-password' }, returnHeaders: true });
    const cookie = cookieHeader(first.headers);

    const enabled = await api.enableTwoFactor({ body: { password: 'a-long-enough-password', method: 'totp' }, headers: new Headers({ cookie }) });
    if (enabled.method !== 'totp') throw new Error('TOTP expected');
    const secret = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
    expect(enabled.backupCodes.length).toBeGreaterThan(0);
    await expect(api.verifyTOTP({ body: { code: '000000' === totp(secret) ? '111111' : '000000' }, headers: new Headers({ cookie }) })).rejects.toThrow();
    await api.verifyTOTP({ body: { code: totp(secret) }, headers: new Headers({ cookie }) });
    const [user] = await db.select().from(t.staffUser).where(eq(t.staffUser.id, created.id));
    expect(user?.twoFactorEnabled).toBe(true);

    const second = await api.signInEmail({ body: { email: 'totp@fundhouse.test', password: 'a-long-enough-password' }, returnHeaders: true });
    expect(second.response).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeader(second.headers);
    expect(await api.getSession({ headers: new Headers({ cookie: pending }) })).toBeNull();
    const verified = await api.verifyTOTP({ body: { code: totp(secret) }, headers: new Headers({ cookie: pending }), returnHeaders: true });
    const session = await api.getSession({ headers: new Headers({ cookie: cookieHeader(verified.headers) }) });
    expect(session?.user.email).toBe('totp@fundhouse.test');

    // The database audits the switch with Better Auth's own update: once on, once off, never for a sign-in.
    const entries = async () =>
      (await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, created.id))).filter((e) => e.action.startsWith('2fa-'));
    expect(await entries()).toMatchObject([{ action: '2fa-enabled', actorType: 'account', actorId: created.id, actorLabel: 'totp@fundhouse.test', before: { twoFactor: false }, after: { twoFactor: true } }]);
    await api.disableTwoFactor({ body: { password: 'a-long-enough-password' }, headers: new Headers({ cookie: cookieHeader(verified.headers) }) });
    expect((await entries()).map((e) => [e.action, e.after])).toEqual([
      ['2fa-enabled', { twoFactor: true }],
      ['2fa-disabled', { twoFactor: false }],
    ]);
  });
});
