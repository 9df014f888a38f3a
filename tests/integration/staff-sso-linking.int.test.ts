/**
 * Single sign-on meeting accounts that already exist (decision 030), against a real OpenID Connect
 * provider started here: an identity is linked to an account by its e-mail only when the provider
 * verified the e-mail and the account is no admin's, has no second factor and no other identity;
 * anything else is refused, audited, with its own message, and links nothing. An admin's explicit
 * allowance links such an account once; its second factor is still asked after the sign-on.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoErrorFromCode } from '../../src/domain/staff/sso';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { getAuth, resetAuthForTests } from '../../src/server/auth/config';
import { allowSsoLink, removeSsoLink, ssoLinkState } from '../../src/server/auth/sso-link';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { startTestProvider, type TestIdentity, type TestProvider } from '../support/oidc-provider';
import { errorOf, freePort, signOn } from '../support/oidc-flow';
import { totp } from '../support/totp';

const SITE = 'http://127.0.0.1:3150';
const port = await freePort();
process.env.PUBLIC_BASE_URL = SITE;
process.env.STAFF_OIDC_ISSUER = `http://127.0.0.1:${port}`;
process.env.STAFF_OIDC_CLIENT_ID = 'fundhouse-back-office';
process.env.STAFF_OIDC_CLIENT_SECRET = 'test-client-secret-of-the-back-office';
process.env.STAFF_OIDC_NAME = 'Test IdP';
process.env.STAFF_OIDC_ROLE_CLAIM = 'groups';
process.env.STAFF_OIDC_ROLE_MAP = 'fund-admins=admin,marketing=editor,data-team=data';
delete process.env.STAFF_PASSWORD_LOGIN;

const PASSWORD = 'a-long-enough-password';
const system = { type: 'system', label: 'test' } as const;
const admin = { type: 'account', id: 'an-admin', label: 'boss@fundhouse.test' } as const;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider({ port, redirectUri: `${SITE}/api/admin/auth/callback/staff-oidc` });
  resetAuthForTests();
});

afterAll(async () => {
  await idp?.close();
  resetAuthForTests();
});

function identity(email: string, groups: string[], extra: Partial<TestIdentity> = {}): void {
  idp.accounts.set(email, { sub: `idp-${email}`, email, groups, ...extra });
}

function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function account(email: string, role: 'admin' | 'editor' | 'reader') {
  const created = await createStaffAccount(await getDb(), { email, role, password: PASSWORD }, system);
  if (!created.ok) throw new Error(`not created: ${created.error}`);
  return created.id;
}

/** Enrols a TOTP second factor as My account does; returns its secret. */
async function withSecondFactor(email: string): Promise<string> {
  const { api } = await getAuth();
  const first = await api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const headers = new Headers({ cookie: cookieHeader(first.headers) });
  const enabled = await api.enableTwoFactor({ body: { password: PASSWORD, method: 'totp' }, headers });
  if (enabled.method !== 'totp') throw new Error('TOTP expected');
  const secret = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
  await api.verifyTOTP({ body: { code: totp(secret) }, headers });
  // Signed out everywhere (the enrolment's confirmation gave the browser a new session).
  const db = await getDb();
  const [user] = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(eq(t.staffUser.email, email));
  await db.delete(t.staffSession).where(eq(t.staffSession.userId, user?.id ?? ''));
  return secret;
}

async function sessionOf(cookie: string) {
  return (await getAuth()).api.getSession({ headers: new Headers({ cookie }) });
}

async function links(userId: string) {
  return (await getDb()).$count(t.staffAccount, and(eq(t.staffAccount.userId, userId), eq(t.staffAccount.providerId, 'staff-oidc')));
}

async function auditOf(userId: string) {
  return (await getDb()).select().from(t.auditLog).where(eq(t.auditLog.entityId, userId));
}

async function expectRefused(email: string, userId: string, code: string) {
  const result = await signOn(SITE, email);
  expect(errorOf(result.location)).toBe(code);
  expect(result.location.startsWith('/admin/login?')).toBe(true);
  expect(await sessionOf(result.cookie)).toBeNull();
  expect(await links(userId)).toBe(0);
  expect(await (await getDb()).$count(t.staffSession, eq(t.staffSession.userId, userId))).toBe(0);
  const refusals = (await auditOf(userId)).filter((e) => e.action === 'sso-refused');
  expect(refusals.at(-1)?.after).toMatchObject({ email, reason: code });
  return refusals.at(-1);
}

describe('single sign-on and the accounts that already exist', () => {
  it("links a verified e-mail to a plain editor's account, audited; the next sign-on uses the link", async () => {
    const id = await account('paul@fundhouse.test', 'editor');
    identity('paul@fundhouse.test', ['marketing']);
    const result = await signOn(SITE, 'paul@fundhouse.test');
    expect(result.location).toBe('/admin');
    expect((await sessionOf(result.cookie))?.user.id).toBe(id);
    expect(await links(id)).toBe(1);
    const linked = (await auditOf(id)).find((e) => e.action === 'sso-linked');
    expect(linked).toMatchObject({ actorType: 'account', actorId: id, after: { subject: 'idp-paul@fundhouse.test', allowedBy: 'verified-email', emailVerified: true } });
    expect((await signOn(SITE, 'paul@fundhouse.test')).location).toBe('/admin');
    expect(await links(id)).toBe(1);
  });

  it("refuses an admin's account, even with a verified e-mail and no second factor", async () => {
    const id = await account('ada.linking@fundhouse.test', 'admin');
    identity('ada.linking@fundhouse.test', ['fund-admins']);
    const refusal = await expectRefused('ada.linking@fundhouse.test', id, 'sso_link_protected');
    expect(refusal?.after).toMatchObject({ emailVerified: true, role: 'admin', twoFactorEnabled: false });
    expect(ssoErrorFromCode('sso_link_protected')).toBe('ssoLinkProtected');
  });

  it('refuses an account with a second factor, whatever its role', async () => {
    const id = await account('tess@fundhouse.test', 'reader');
    await withSecondFactor('tess@fundhouse.test');
    identity('tess@fundhouse.test', ['marketing']);
    const refusal = await expectRefused('tess@fundhouse.test', id, 'sso_link_protected');
    expect(refusal?.after).toMatchObject({ twoFactorEnabled: true });
    // The refused sign-on changed nothing, the mapped role included.
    const [row] = await (await getDb()).select().from(t.staffUser).where(eq(t.staffUser.id, id));
    expect(row?.role).toBe('reader');
  });

  it('refuses an e-mail the provider does not say is verified', async () => {
    const id = await account('rosa@fundhouse.test', 'editor');
    identity('rosa@fundhouse.test', ['marketing'], { emailVerified: false });
    const refusal = await expectRefused('rosa@fundhouse.test', id, 'sso_link_unverified');
    expect(refusal?.after).toMatchObject({ emailVerified: false });
    expect(ssoErrorFromCode('sso_link_unverified')).toBe('ssoLinkUnverified');
  });

  it('refuses a second identity of the provider for an account already linked to another', async () => {
    const id = await account('max@fundhouse.test', 'editor');
    identity('max@fundhouse.test', ['marketing']);
    expect((await signOn(SITE, 'max@fundhouse.test')).location).toBe('/admin');
    identity('max@fundhouse.test', ['marketing'], { sub: 'idp-someone-else' });
    const result = await signOn(SITE, 'max@fundhouse.test');
    expect(errorOf(result.location)).toBe('sso_link_protected');
    expect(await sessionOf(result.cookie)).toBeNull();
    expect(await links(id)).toBe(1);
  });

  it('still makes a brand-new account for a stranger, even with an unverified e-mail', async () => {
    identity('nina@fundhouse.test', ['data-team'], { emailVerified: false });
    const result = await signOn(SITE, 'nina@fundhouse.test');
    expect(result.location).toBe('/admin');
    expect(((await sessionOf(result.cookie))?.user as { role?: string } | undefined)?.role).toBe('data');
  });

  it("links an admin with a second factor on an admin's allowance, once, and still asks for the second factor", async () => {
    const db = await getDb();
    const id = await account('ines@fundhouse.test', 'admin');
    const secret = await withSecondFactor('ines@fundhouse.test');
    identity('ines@fundhouse.test', ['fund-admins']);
    await expectRefused('ines@fundhouse.test', id, 'sso_link_protected');

    expect(await allowSsoLink(db, id, admin)).toEqual({ ok: true, id });
    expect((await ssoLinkState(db, id)).allowedUntil?.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const first = await signOn(SITE, 'ines@fundhouse.test');
    // Linked, but no session from the provider alone: the sign-in screen's second step.
    expect(first.location).toBe('/admin/login/two-factor');
    expect(await sessionOf(first.cookie)).toBeNull();
    expect(await db.$count(t.staffSession, eq(t.staffSession.userId, id))).toBe(0);
    expect(await ssoLinkState(db, id)).toEqual({ linked: true, allowedUntil: null });
    const { api } = await getAuth();
    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    await expect(api.verifyTOTP({ body: { code: wrong }, headers: new Headers({ cookie: first.cookie }) })).rejects.toThrow();
    const verified = await api.verifyTOTP({ body: { code: totp(secret) }, headers: new Headers({ cookie: first.cookie }), returnHeaders: true });
    const session = await sessionOf(cookieHeader(verified.headers));
    expect(session?.user.id).toBe(id);

    const actions = (await auditOf(id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['sso-refused', 'sso-link-allowed', 'sso-linked', 'sso-second-factor-asked']));
    expect(actions).not.toContain('sso-sign-in');
    expect((await auditOf(id)).find((e) => e.action === 'sso-linked')?.after).toMatchObject({ allowedBy: 'admin' });
    expect((await auditOf(id)).find((e) => e.action === 'sso-link-allowed')).toMatchObject({ actorType: 'account', actorId: 'an-admin' });

    // Every later sign-on through the link asks for the second factor again.
    const again = await signOn(SITE, 'ines@fundhouse.test');
    expect(again.location).toBe('/admin/login/two-factor');
    expect(await sessionOf(again.cookie)).toBeNull();
  });

  it("links an unverified e-mail on an admin's allowance; an expired allowance links nothing", async () => {
    const db = await getDb();
    const id = await account('leo@fundhouse.test', 'editor');
    identity('leo@fundhouse.test', ['marketing'], { emailVerified: false });
    await allowSsoLink(db, id, admin);
    await db.update(t.staffVerification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(t.staffVerification.value, id));
    expect((await ssoLinkState(db, id)).allowedUntil).toBeNull();
    await expectRefused('leo@fundhouse.test', id, 'sso_link_unverified');

    await allowSsoLink(db, id, admin);
    const result = await signOn(SITE, 'leo@fundhouse.test');
    expect(result.location).toBe('/admin');
    expect((await sessionOf(result.cookie))?.user.id).toBe(id);
    expect(await db.$count(t.staffVerification, eq(t.staffVerification.value, id))).toBe(0);
  });

  it('takes single sign-on away: the link and its sessions go, audited, and the next sign-on is refused again', async () => {
    const db = await getDb();
    const id = await account('ugo@fundhouse.test', 'admin');
    identity('ugo@fundhouse.test', ['fund-admins']);
    await allowSsoLink(db, id, admin);
    const result = await signOn(SITE, 'ugo@fundhouse.test');
    expect(result.location).toBe('/admin');
    expect(await sessionOf(result.cookie)).not.toBeNull();

    expect(await removeSsoLink(db, id, admin)).toEqual({ ok: true, id });
    expect(await sessionOf(result.cookie)).toBeNull();
    expect(await ssoLinkState(db, id)).toEqual({ linked: false, allowedUntil: null });
    expect((await auditOf(id)).find((e) => e.action === 'sso-link-removed')).toMatchObject({
      actorId: 'an-admin',
      before: { subjects: ['idp-ugo@fundhouse.test'], allowed: false },
      after: { sessionsEnded: 1 },
    });
    await expectRefused('ugo@fundhouse.test', id, 'sso_link_protected');
    expect(await removeSsoLink(db, 'nobody', admin)).toEqual({ ok: false, error: 'notFound' });
    expect(await allowSsoLink(db, 'nobody', admin)).toEqual({ ok: false, error: 'notFound' });
  });
});
