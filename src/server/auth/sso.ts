import 'server-only';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import { env } from '@/env';
import { isRole, type Role } from '@/domain/staff/roles';
import { linkRefusal, parseRoleMap, roleFromClaim, SSO_PROVIDER_ID, type LinkRefusal, type RoleMap } from '@/domain/staff/sso';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { staffUser } from '@/server/db/schema';
import { consumeSsoLinkAllowance, ssoLinkState } from './sso-link';

/**
 * Staff single sign-on through OpenID Connect (decision 030), with Better Auth's generic OAuth
 * plugin: discovery from the issuer, authorization code with PKCE, state and nonce, and the ID token
 * verified against the provider's JWKS (signature, issuer, audience = our client id, expiry) before
 * anything below runs. Our rules sit in Better Auth's gates:
 *  - validateUserInfo (every sign-on, with the verified claims): the role claim must map to a role
 *    when a map is configured; a disabled account is refused; an existing account not yet linked
 *    to this identity is linked only as linkRefusal allows (a verified e-mail, no admin, no second
 *    factor) or an admin allowed it (sso-link.ts); a mapped role is applied;
 *  - the session hooks: an account without a role (a first sign-on without a map) waits for an
 *    admin; the session is marked 'sso'; every sign-on, refused or not, is audited;
 *  - the after hook (ssoSecondFactorHook): an account with a TOTP second factor gets no session from
 *    the provider alone, but the sign-in screen's second step, as after a password.
 * The provider's access, refresh and ID tokens are never stored (the account hooks drop them).
 */

export type SsoSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  roleClaim?: string;
  roleMap?: RoleMap;
};

export function ssoSettings(): SsoSettings | null {
  const e = env();
  if (!e.STAFF_OIDC_ISSUER || !e.STAFF_OIDC_CLIENT_ID || !e.STAFF_OIDC_CLIENT_SECRET) return null;
  const parsed = e.STAFF_OIDC_ROLE_MAP ? parseRoleMap(e.STAFF_OIDC_ROLE_MAP) : null;
  return {
    issuer: e.STAFF_OIDC_ISSUER.replace(/\/+$/, ''),
    clientId: e.STAFF_OIDC_CLIENT_ID,
    clientSecret: e.STAFF_OIDC_CLIENT_SECRET,
    name: e.STAFF_OIDC_NAME,
    ...(e.STAFF_OIDC_ROLE_CLAIM && parsed?.ok ? { roleClaim: e.STAFF_OIDC_ROLE_CLAIM, roleMap: parsed.map } : {}),
  };
}

/** Password sign-in is on unless STAFF_PASSWORD_LOGIN=false (then single sign-on is configured: env.ts checks it). */
export function passwordLoginEnabled(): boolean {
  return env().STAFF_PASSWORD_LOGIN;
}

export function ssoPlugin(settings: SsoSettings) {
  return genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: settings.name,
        discoveryUrl: `${settings.issuer}/.well-known/openid-configuration`,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // No ID token verified against the provider's keys, no sign-on: the provider is skipped.
        requireIdTokenVerification: true,
        // Only our sign-in screen starts a sign-on; a provider-initiated one is refused.
        allowIdpInitiated: false,
      },
    ],
  });
}

const SSO_ACTOR: Actor = { type: 'system', label: 'single sign-on' };

/** The callback of a sign-on: Better Auth's /callback/:id endpoint for our provider. */
function isSsoCallback(ctx: unknown): boolean {
  const c = ctx as { path?: unknown; params?: { id?: unknown } } | null | undefined;
  return typeof c?.path === 'string' && c.path.startsWith('/callback') && c.params?.id === SSO_PROVIDER_ID;
}

/**
 * Roles decided by validateUserInfo for an account Better Auth is about to create, read by the
 * user-creation hook that runs right after it in the same request. Keyed by e-mail, bounded.
 */
const rolesToCreate = new Map<string, Role | null>();

/**
 * Links validateUserInfo allowed to an existing account, read by the account-creation hook that
 * Better Auth runs right after it in the same request (audit, allowance used up). Keyed by account id.
 */
const linksToMake = new Map<string, { email: string; byAdmin: boolean; emailVerified: boolean }>();

type Refusal = 'sso_no_role' | 'sso_disabled' | 'sso_waiting' | LinkRefusal;

async function refuse(db: Db, code: Refusal, who: { id?: string; email: string }, detail?: Record<string, unknown>) {
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: who.id ? { type: 'account', id: who.id, label: who.email } : { ...SSO_ACTOR },
      entity: 'account',
      entityId: who.id ?? null,
      action: 'sso-refused',
      after: { email: who.email, reason: code, ...detail },
    }),
  );
  return code;
}

type Validation = { user: Record<string, unknown>; source: { method: string; action: string; oauth?: { providerId: string; profile?: Record<string, unknown> } } };

/** Better Auth's validateUserInfo gate: refuses any other provider, applies our rules to ours. */
export async function validateStaffSignOn(db: Db, settings: SsoSettings | null, data: Validation): Promise<{ error: string; errorDescription?: string } | void> {
  const { source } = data;
  if (source.method !== 'oauth') return;
  if (!settings || source.oauth?.providerId !== SSO_PROVIDER_ID) return { error: 'sso_failed' };
  const email = String(data.user.email ?? '').toLowerCase();
  const claims = source.oauth.profile ?? {};
  const mapped = settings.roleMap && settings.roleClaim ? roleFromClaim(claims[settings.roleClaim], settings.roleMap) : undefined;
  const existingId = source.action === 'create-user' ? undefined : String(data.user.id ?? '');
  if (mapped === null) {
    const values = claims[settings.roleClaim ?? ''];
    return { error: await refuse(db, 'sso_no_role', { id: existingId, email }, { claim: Array.isArray(values) ? values.slice(0, 20) : (values ?? null) }) };
  }
  if (source.action === 'create-user') {
    if (rolesToCreate.size > 1000) rolesToCreate.clear();
    rolesToCreate.set(email, mapped ?? null);
    return;
  }
  const [row] = existingId ? await db.select().from(staffUser).where(eq(staffUser.id, existingId)) : [];
  if (!row) return { error: 'sso_failed' };
  if (row.disabledAt) return { error: await refuse(db, 'sso_disabled', { id: row.id, email: row.email }) };
  if (source.action === 'link-account') {
    // Better Auth found an account by the e-mail, not linked to this identity: its own check is
    // skipped (our provider is in trustedProviders) and this one decides.
    const state = await ssoLinkState(db, row.id);
    const emailVerified = data.user.emailVerified === true;
    const request = { emailVerified, role: row.role, twoFactorEnabled: row.twoFactorEnabled, linkedElsewhere: state.linked, allowedByAdmin: state.allowedUntil !== null };
    const refusal = linkRefusal(request);
    if (refusal) {
      const { allowedByAdmin: _, ...detail } = request;
      return { error: await refuse(db, refusal, { id: row.id, email: row.email }, detail) };
    }
    if (linksToMake.size > 1000) linksToMake.clear();
    linksToMake.set(row.id, { email: row.email, byAdmin: request.allowedByAdmin, emailVerified });
  }
  if (mapped && row.role !== mapped) {
    // The identity provider decides the role when a map is configured.
    await db.transaction(async (tx) => {
      await tx.update(staffUser).set({ role: mapped, updatedAt: new Date() }).where(eq(staffUser.id, row.id));
      await recordAudit(tx, { actor: SSO_ACTOR, entity: 'account', entityId: row.id, action: 'role-changed', before: { role: row.role }, after: { role: mapped } });
    });
  }
}

type HookContext = unknown;

function accountToStore(account: Record<string, unknown>): Record<string, unknown> {
  if (account.password && !passwordLoginEnabled()) throw new APIError('FORBIDDEN', { code: 'passwords_off', message: 'Password sign-in is turned off' });
  return { ...account, accessToken: null, refreshToken: null, idToken: null };
}

/** Better Auth's database hooks for single sign-on (every other path passes through unchanged). */
export function ssoDatabaseHooks(db: Db) {
  return {
    user: {
      create: {
        before: async (user: Record<string, unknown> & { email: string }, ctx: HookContext) => {
          if (!isSsoCallback(ctx)) return;
          const email = user.email.toLowerCase();
          const role = rolesToCreate.get(email) ?? null;
          rolesToCreate.delete(email);
          return { data: { ...user, role, name: typeof user.name === 'string' && user.name ? user.name : email } };
        },
        after: async (user: Record<string, unknown> & { id: string; email: string }, ctx: HookContext) => {
          if (!isSsoCallback(ctx)) return;
          await db.transaction((tx) =>
            recordAudit(tx, { actor: SSO_ACTOR, entity: 'account', entityId: user.id, action: 'created', after: { email: user.email, role: user.role ?? null, via: 'sso' } }),
          );
        },
      },
    },
    // The provider's tokens are of no use to the back-office: none is kept at rest. With passwords
    // off, no password is written either (Better Auth's reset and change would still do it).
    account: {
      create: {
        before: async (account: Record<string, unknown>) => ({ data: accountToStore(account) }),
        // A link validateUserInfo allowed is made: audited, and the admin's allowance, if it took one, used up.
        after: async (account: Record<string, unknown> & { userId: string; providerId: string; accountId: string }, ctx: HookContext) => {
          if (!isSsoCallback(ctx) || account.providerId !== SSO_PROVIDER_ID) return;
          const link = linksToMake.get(account.userId);
          if (!link) return;
          linksToMake.delete(account.userId);
          await db.transaction(async (tx) => {
            if (link.byAdmin) await consumeSsoLinkAllowance(tx, account.userId);
            await recordAudit(tx, {
              actor: { type: 'account', id: account.userId, label: link.email },
              entity: 'account',
              entityId: account.userId,
              action: 'sso-linked',
              after: { subject: account.accountId, allowedBy: link.byAdmin ? 'admin' : 'verified-email', emailVerified: link.emailVerified },
            });
          });
        },
      },
      update: { before: async (account: Record<string, unknown>) => ({ data: accountToStore(account) }) },
    },
    session: {
      create: {
        before: async (session: Record<string, unknown> & { userId: string }, ctx: HookContext) => {
          if (!isSsoCallback(ctx)) return;
          const [row] = await db.select().from(staffUser).where(eq(staffUser.id, session.userId));
          if (!row) throw new APIError('FORBIDDEN', { code: 'sso_failed', message: 'sso_failed' });
          if (row.disabledAt) throw new APIError('FORBIDDEN', { code: await refuse(db, 'sso_disabled', row), message: 'sso_disabled' });
          if (!isRole(row.role)) throw new APIError('FORBIDDEN', { code: await refuse(db, 'sso_waiting', row), message: 'sso_waiting' });
          return { data: { ...session, signInMethod: 'sso' } };
        },
        after: async (session: Record<string, unknown> & { userId: string; id: string }, ctx: HookContext) => {
          if (!isSsoCallback(ctx)) return;
          const [row] = await db
            .select({ email: staffUser.email, role: staffUser.role, twoFactorEnabled: staffUser.twoFactorEnabled })
            .from(staffUser)
            .where(eq(staffUser.id, session.userId));
          // Not signed in yet: ssoSecondFactorHook asks for the second factor (and audits that).
          if (row?.twoFactorEnabled) return;
          await db.transaction((tx) =>
            recordAudit(tx, {
              actor: { type: 'account', id: session.userId, label: row?.email ?? session.userId },
              entity: 'account',
              entityId: session.userId,
              action: 'sso-sign-in',
              after: { role: row?.role ?? null, session: session.id },
            }),
          );
        },
      },
    },
  };
}

/** How long the second step waits for its code after a sign-on (Better Auth's twoFactor default). */
const SECOND_FACTOR_SECONDS = 600;
/** Better Auth's twoFactor plugin's cookie and verification names (plugins/two-factor), which its verifyTOTP reads. */
const TWO_FACTOR_COOKIE = 'two_factor';

/**
 * Better Auth's after hook for single sign-on: an account with a TOTP second factor (whether linked
 * by e-mail before it enrolled, or linked on an admin's allowance) does not get the session the
 * provider's sign-on just opened. As Better Auth's twoFactor plugin does after a password (its own
 * hook watches only the password endpoints), the session and its cookie are dropped, a second-step
 * challenge is stored and its signed cookie set, and the browser goes to the sign-in screen's
 * second step (/admin/login/two-factor), whose verifyTOTP opens the session once the code is right.
 */
export function ssoSecondFactorHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (!isSsoCallback(ctx)) return;
    const opened = ctx.context.newSession;
    if (!opened || (opened.user as { twoFactorEnabled?: unknown }).twoFactorEnabled !== true) return;
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(opened.session.token);
    ctx.context.setNewSession(null);
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + SECOND_FACTOR_SECONDS * 1000);
    await ctx.context.internalAdapter.createVerificationValue({ value: opened.user.id, identifier, expiresAt });
    await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: SECOND_FACTOR_SECONDS });
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
    await db.transaction((tx) =>
      recordAudit(tx, {
        actor: { type: 'account', id: opened.user.id, label: opened.user.email },
        entity: 'account',
        entityId: opened.user.id,
        action: 'sso-second-factor-asked',
      }),
    );
    throw ctx.redirect('/admin/login/two-factor');
  });
}
