/**
 * Staff single sign-on against a real OpenID Connect provider started here (oidc-provider), with a
 * role map: a mapped group gives its role; as an attacker, a token for another application, an
 * expired token, a user of the provider without a mapped group and a disabled account are refused
 * with their own message, no session, and an audit entry.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoErrorFromCode } from '../../src/domain/staff/sso';
import { createStaffAccount, inviteStaff, setDisabled } from '../../src/server/auth/accounts';
import { getAuth, resetAuthForTests } from '../../src/server/auth/config';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { errorOf, freePort, signOn } from '../support/oidc-flow';

const SITE = 'http://127.0.0.1:3150';
const port = await freePort();
process.env.PUBLIC_BASE_URL = SITE;
process.env.STAFF_OIDC_ISSUER = `http://127.0.0.1:${port}`;
process.env.STAFF_OIDC_CLIENT_ID = 'fundhouse-back-office';
process.env.STAFF_OIDC_CLIENT_SECRET = 'test-client-secret-of-the-back-office';
process.env.STAFF_OIDC_NAME = 'Test IdP';
process.env.STAFF_OIDC_ROLE_CLAIM = 'groups';
process.env.STAFF_OIDC_ROLE_MAP = 'fund-admins=admin,marketing=editor,data-team=data';

const system = { type: 'system', label: 'test' } as const;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider({ port, redirectUri: `${SITE}/api/admin/auth/callback/staff-oidc` });
  idp.accounts.set('mia@fundhouse.test', { sub: 'idp-mia', email: 'mia@fundhouse.test', groups: ['everyone', 'marketing'] });
  idp.accounts.set('sam@fundhouse.test', { sub: 'idp-sam', email: 'sam@fundhouse.test', groups: ['everyone', 'sales'] });
  idp.accounts.set('ada@fundhouse.test', { sub: 'idp-ada', email: 'ada@fundhouse.test', groups: ['data-team', 'fund-admins'] });
  idp.accounts.set('lea@fundhouse.test', { sub: 'idp-lea', email: 'lea@fundhouse.test', groups: ['marketing'] });
  idp.accounts.set('ivo@fundhouse.test', { sub: 'idp-ivo', email: 'ivo@fundhouse.test', groups: ['data-team'] });
  resetAuthForTests();
});

afterAll(async () => {
  await idp?.close();
  resetAuthForTests();
});

async function sessionOf(cookie: string) {
  return (await getAuth()).api.getSession({ headers: new Headers({ cookie }) });
}

async function auditOf(action: string) {
  return (await getDb()).select().from(t.auditLog).where(eq(t.auditLog.action, action));
}

describe('staff single sign-on with a role map', () => {
  it('gives a new staff member the role of their mapped group, opens an SSO session, audits it and keeps no provider token', async () => {
    idp.setTamper('none');
    const result = await signOn(SITE, 'mia@fundhouse.test');
    expect(result.location).toBe('/admin');
    const session = await sessionOf(result.cookie);
    expect(session?.user.email).toBe('mia@fundhouse.test');
    expect((session?.user as { role?: string }).role).toBe('editor');
    expect((session?.session as { signInMethod?: string }).signInMethod).toBe('sso');

    const db = await getDb();
    const [account] = await db.select().from(t.staffAccount).where(and(eq(t.staffAccount.userId, session?.user.id ?? ''), eq(t.staffAccount.providerId, 'staff-oidc')));
    expect(account?.accountId).toBe('idp-mia');
    expect([account?.accessToken, account?.refreshToken, account?.idToken]).toEqual([null, null, null]);
    expect((await auditOf('sso-sign-in')).some((e) => e.entityId === session?.user.id)).toBe(true);
  });

  it('gives the strongest of several mapped groups', async () => {
    idp.setTamper('none');
    const result = await signOn(SITE, 'ada@fundhouse.test');
    expect(result.location).toBe('/admin');
    expect(((await sessionOf(result.cookie))?.user as { role?: string }).role).toBe('admin');
  });

  it('refuses a user of the provider in no mapped group, with its message, creating nothing', async () => {
    idp.setTamper('none');
    const result = await signOn(SITE, 'sam@fundhouse.test');
    expect(errorOf(result.location)).toBe('sso_no_role');
    expect(result.location.startsWith('/admin/login?')).toBe(true);
    expect(ssoErrorFromCode(errorOf(result.location) ?? '')).toBe('ssoNoRole');
    expect(await sessionOf(result.cookie)).toBeNull();
    const db = await getDb();
    expect(await db.$count(t.staffUser, eq(t.staffUser.email, 'sam@fundhouse.test'))).toBe(0);
    expect((await auditOf('sso-refused')).some((e) => (e.after as { email?: string } | null)?.email === 'sam@fundhouse.test')).toBe(true);
  });

  it('refuses an ID token issued for another application (wrong audience), though validly signed', async () => {
    idp.setTamper('wrong-audience');
    try {
      const result = await signOn(SITE, 'lea@fundhouse.test');
      expect(ssoErrorFromCode(errorOf(result.location) ?? '')).toBe('ssoInvalid');
      expect(await sessionOf(result.cookie)).toBeNull();
      expect(await (await getDb()).$count(t.staffUser, eq(t.staffUser.email, 'lea@fundhouse.test'))).toBe(0);
    } finally {
      idp.setTamper('none');
    }
  });

  it('refuses an expired ID token, though validly signed', async () => {
    idp.setTamper('expired');
    try {
      const result = await signOn(SITE, 'lea@fundhouse.test');
      expect(ssoErrorFromCode(errorOf(result.location) ?? '')).toBe('ssoInvalid');
      expect(await sessionOf(result.cookie)).toBeNull();
    } finally {
      idp.setTamper('none');
    }
    // The same person with a good token gets in: the refusals were the token's.
    const good = await signOn(SITE, 'lea@fundhouse.test');
    expect(good.location).toBe('/admin');
  });

  it('refuses a disabled account, even in a mapped group', async () => {
    idp.setTamper('none');
    const db = await getDb();
    const created = await createStaffAccount(db, { email: 'ivo@fundhouse.test', role: 'data', password: 'a-long-enough-password' }, system);
    if (!created.ok) throw new Error('not created');
    await setDisabled(db, created.id, true, system);
    const result = await signOn(SITE, 'ivo@fundhouse.test');
    expect(errorOf(result.location)).toBe('sso_disabled');
    expect(await sessionOf(result.cookie)).toBeNull();
    expect(await db.$count(t.staffSession, eq(t.staffSession.userId, created.id))).toBe(0);
  });

  it('links an invited account by its e-mail and applies the mapped role, audited', async () => {
    idp.setTamper('none');
    const db = await getDb();
    idp.accounts.set('noa@fundhouse.test', { sub: 'idp-noa', email: 'noa@fundhouse.test', groups: ['fund-admins'] });
    const invited = await inviteStaff(db, { email: 'noa@fundhouse.test', role: 'reader', locale: 'en' }, system);
    if (!invited.ok) throw new Error('not invited');
    const result = await signOn(SITE, 'noa@fundhouse.test');
    expect(result.location).toBe('/admin');
    const session = await sessionOf(result.cookie);
    expect(session?.user.id).toBe(invited.id);
    expect((session?.user as { role?: string }).role).toBe('admin');
    const [change] = (await auditOf('role-changed')).filter((e) => e.entityId === invited.id);
    expect(change).toMatchObject({ actorType: 'system', before: { role: 'reader' }, after: { role: 'admin' } });
  });

  it('serves the callback path of our provider only, and refuses a callback without the browser that started it', async () => {
    const { ssoCallback } = await import('../../src/server/auth/sso-callback');
    expect((await ssoCallback(new Request(`${SITE}/api/admin/auth/callback/google?code=x&state=y`), 'google')).status).toBe(404);
    // A forged or replayed callback (no state cookie of this browser): refused, no session.
    const forged = await ssoCallback(new Request(`${SITE}/api/admin/auth/callback/staff-oidc?code=stolen&state=guessed`), 'staff-oidc');
    expect(ssoErrorFromCode(errorOf(forged.headers.get('location') ?? '') ?? '')).toBe('ssoInvalid');
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('staff.session_token='))).toBe(false);
  });
});
