/**
 * Staff single sign-on rules (decision 030), pure: how STAFF_OIDC_ROLE_MAP reads, which role an ID
 * token's claim gives, when a provider identity may be linked to an existing account, and which
 * sign-in screen message a refused sign-on shows.
 */
import { ROLES, isRole, type Role } from './roles';

/** The provider's id in Better Auth: its callback is /api/admin/auth/callback/staff-oidc. */
export const SSO_PROVIDER_ID = 'staff-oidc';

/** At most this many claim values are read (a token listing thousands of groups costs nothing more). */
export const MAX_CLAIM_VALUES = 500;
const MAX_MAP_ENTRIES = 100;

export type RoleMap = ReadonlyMap<string, Role>;

/** "fund-admins=admin, marketing=editor" → claim value → role. Values are compared exactly (case kept). */
export function parseRoleMap(raw: string): { ok: true; map: RoleMap } | { ok: false; error: string } {
  const map = new Map<string, Role>();
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: false, error: 'names no claim value: use value=role pairs, e.g. "fund-admins=admin,marketing=editor"' };
  if (entries.length > MAX_MAP_ENTRIES) return { ok: false, error: `names more than ${MAX_MAP_ENTRIES} claim values` };
  for (const entry of entries) {
    const at = entry.lastIndexOf('=');
    const value = at > 0 ? entry.slice(0, at).trim() : '';
    const role = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!value || !isRole(role)) return { ok: false, error: `"${entry}" is not value=role with a role among ${ROLES.join(', ')}` };
    if (map.has(value) && map.get(value) !== role) return { ok: false, error: `"${value}" is given two roles` };
    map.set(value, role);
  }
  return { ok: true, map };
}

/**
 * The role a claim gives: the claim may be one string or a list of strings (groups); when several
 * values are mapped the strongest role wins (admin, compliance, editor, data, reader, in that order). Null when
 * no value is mapped: the sign-on is refused.
 */
export function roleFromClaim(claim: unknown, map: RoleMap): Role | null {
  const values = (Array.isArray(claim) ? claim.slice(0, MAX_CLAIM_VALUES) : [claim]).filter((v): v is string => typeof v === 'string');
  let best: Role | null = null;
  for (const value of values) {
    const role = map.get(value);
    if (role && (best === null || ROLES.indexOf(role) < ROLES.indexOf(best))) best = role;
  }
  return best;
}

/**
 * A sign-on whose e-mail is an existing account's that is not yet linked to this provider identity:
 * what decides whether Better Auth may link them.
 */
export type LinkRequest = {
  /** The provider's `email_verified` claim (true only when the provider says so). */
  emailVerified: boolean;
  /** The existing account's role (null: waiting for one) and second factor. */
  role: string | null;
  twoFactorEnabled: boolean;
  /** The account is already linked to another identity of the provider (another `sub`). */
  linkedElsewhere: boolean;
  /** An admin allowed single sign-on for this account (back-office or `admin:create --allow-sso`), not expired. */
  allowedByAdmin: boolean;
};

export type LinkRefusal = 'sso_link_unverified' | 'sso_link_protected';

/**
 * Null when the identity may be linked, else why not. An admin's explicit allowance links; without
 * one, only an e-mail the provider verified, to an account that is neither an admin's nor protected
 * by a second factor (nor linked to another identity already): taking such an account over by e-mail
 * alone would skip its password and second factor.
 */
export function linkRefusal(request: LinkRequest): LinkRefusal | null {
  if (request.allowedByAdmin) return null;
  if (request.emailVerified !== true) return 'sso_link_unverified';
  if (request.role === 'admin' || request.twoFactorEnabled || request.linkedElsewhere) return 'sso_link_protected';
  return null;
}

/** Why a sign-on was refused, as the sign-in screen says it. */
export const SSO_ERRORS = ['ssoNoRole', 'ssoWaiting', 'ssoDisabled', 'ssoLinkUnverified', 'ssoLinkProtected', 'ssoInvalid', 'ssoFailed'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** Our own refusal codes (from the sign-on checks), and what Better Auth's callback says of a token it could not trust. */
const CODES: Record<string, SsoError> = {
  sso_no_role: 'ssoNoRole',
  sso_waiting: 'ssoWaiting',
  sso_disabled: 'ssoDisabled',
  sso_link_unverified: 'ssoLinkUnverified',
  sso_link_protected: 'ssoLinkProtected',
  // Better Auth's own refusal to link (not reached with our provider trusted: linkRefusal decides).
  account_not_linked: 'ssoLinkProtected',
  // The ID token failed verification (signature, issuer, audience, expiry, nonce), or the code exchange failed.
  unable_to_get_user_info: 'ssoInvalid',
  invalid_code: 'ssoInvalid',
  issuer_mismatch: 'ssoInvalid',
  nonce_binding_missing: 'ssoInvalid',
  state_mismatch: 'ssoInvalid',
  state_not_found: 'ssoInvalid',
  state_invalid: 'ssoInvalid',
  please_restart_the_process: 'ssoInvalid',
};

/** The message of an `error` code the callback redirected with; any other code is a general failure. */
export function ssoErrorFromCode(code: string | undefined): SsoError | null {
  if (!code) return null;
  return CODES[code] ?? 'ssoFailed';
}
