/**
 * Staff single sign-on without a role map, passwords off (STAFF_PASSWORD_LOGIN=false), against a
 * real OpenID Connect provider started here: an invited account signs on with its role; a stranger's
 * first sign-on makes an account without a role that waits (refused, its own message) until an admin
 * gives it one; and no password step works any more, whoever calls Better Auth.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoErrorFromCode } from '../../src/domain/staff/sso';
import { changeRole, createStaffAccount, inviteStaff, listAccounts } from '../../src/server/auth/accounts';
import { getAuth, resetAuthForTests } from '../../src/server/auth/config';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { openLink } from '../../src/server/forms/sealed-link';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { errorOf, freePort, signOn } from '../support/oidc-flow';

const SITE = 'http://127.0.0.1:3150';
const port = await freePort();
process.env.PUBLIC_BASE_URL = SITE;
process.env.STAFF_OIDC_ISSUER = `http://127.0.0.1:${port}`;
process.env.STAFF_OIDC_CLIENT_ID = 'fundhouse-back-office';
process.env.STAFF_OIDC_CLIENT_SECRET = 'test-client-secret-of-the-back-office';
process.env.STAFF_PASSWORD_LOGIN = 'false';
delete process.env.STAFF_OIDC_ROLE_CLAIM;
delete process.env.STAFF_OIDC_ROLE_MAP;

const system = { type: 'system', label: 'test' } as const;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider({ port, redirectUri: `${SITE}/api/admin/auth/callback/staff-oidc` });
  idp.accounts.set('eve@fundhouse.test', { sub: 'idp-eve', email: 'eve@fundhouse.test', groups: ['fund-admins'] });
  idp.accounts.set('tom@fundhouse.test', { sub: 'idp-tom', email: 'tom@fundhouse.test' });
  resetAuthForTests();
});

afterAll(async () => {
  await idp?.close();
  resetAuthForTests();
});

async function sessionOf(cookie: string) {
  return (await getAuth()).api.getSession({ headers: new Headers({ cookie }) });
}

describe('staff single sign-on, roles given by admins', () => {
  it('lets an invited account in with the role the admin gave it', async () => {
    const db = await getDb();
    const invited = await inviteStaff(db, { email: 'tom@fundhouse.test', role: 'data', locale: 'fr' }, system);
    if (!invited.ok) throw new Error('not invited');
    const result = await signOn(SITE, 'tom@fundhouse.test');
    expect(result.location).toBe('/admin');
    const session = await sessionOf(result.cookie);
    expect(session?.user.id).toBe(invited.id);
    expect((session?.user as { role?: string }).role).toBe('data');
  });

  it('makes a stranger an account without a role that waits for an admin; whatever groups they claim', async () => {
    const db = await getDb();
    const first = await signOn(SITE, 'eve@fundhouse.test');
    expect(errorOf(first.location)).toBe('sso_waiting');
    expect(ssoErrorFromCode(errorOf(first.location) ?? '')).toBe('ssoWaiting');
    expect(await sessionOf(first.cookie)).toBeNull();
    const [row] = await db.select().from(t.staffUser).where(eq(t.staffUser.email, 'eve@fundhouse.test'));
    expect(row?.role).toBeNull();
    expect((await listAccounts(db)).find((a) => a.email === 'eve@fundhouse.test')?.role).toBeNull();
    expect(await db.$count(t.staffSession, eq(t.staffSession.userId, row?.id ?? ''))).toBe(0);

    // Signing on again changes nothing until an admin decides.
    expect(errorOf((await signOn(SITE, 'eve@fundhouse.test')).location)).toBe('sso_waiting');

    expect(await changeRole(db, row?.id ?? '', 'reader', system)).toEqual({ ok: true, id: row?.id });
    const later = await signOn(SITE, 'eve@fundhouse.test');
    expect(later.location).toBe('/admin');
    expect(((await sessionOf(later.cookie))?.user as { role?: string }).role).toBe('reader');
    const actions = (await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, row?.id ?? ''))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['created', 'sso-refused', 'role-changed', 'sso-sign-in']));
  });

  it('refuses every password step when passwords are off, even a right password called straight at Better Auth', async () => {
    const db = await getDb();
    const created = await createStaffAccount(db, { email: 'pat@fundhouse.test', role: 'admin', password: 'a-long-enough-password' }, system);
    expect(created.ok).toBe(true);
    const api = (await getAuth()).api;
    await expect(api.signInEmail({ body: { email: 'pat@fundhouse.test', password: 'a-long-enough-password' } })).rejects.toThrow();
    // A reset request is answered as usual (nothing to learn from it) but sends no link.
    await api.requestPasswordReset({ body: { email: 'pat@fundhouse.test', redirectTo: '/admin/set-password' } }).catch(() => undefined);
    expect(await db.$count(t.mailOutbox, eq(t.mailOutbox.to, 'pat@fundhouse.test'))).toBe(0);
    // An invitation's link (made before passwords were turned off) sets no password either.
    const invited = await inviteStaff(db, { email: 'kim@fundhouse.test', role: 'reader', locale: 'en' }, system);
    if (!invited.ok) throw new Error('not invited');
    const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'kim@fundhouse.test'));
    // The link waits sealed in the outbox (docs/decisions/026): opened here as the sender would.
    const link = mail?.linkSealed ? await openLink(db, mail.linkSealed, mail.to) : '';
    const token = /token=([\w-]+)/.exec(link)?.[1] ?? '';
    expect(token).not.toBe('');
    await expect(api.resetPassword({ body: { token, newPassword: 'a-long-enough-password' } })).rejects.toThrow();
    expect(await db.$count(t.staffAccount, eq(t.staffAccount.userId, invited.id))).toBe(0);
    const [pat] = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(eq(t.staffUser.email, 'pat@fundhouse.test'));
    expect(await db.$count(t.staffSession, eq(t.staffSession.userId, pat?.id ?? ''))).toBe(0);
  });
});
