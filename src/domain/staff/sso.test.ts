import { describe, expect, it } from 'vitest';
import { linkRefusal, MAX_CLAIM_VALUES, parseRoleMap, roleFromClaim, ssoErrorFromCode, type LinkRequest } from './sso';

function map(raw: string) {
  const parsed = parseRoleMap(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.map;
}

describe('STAFF_OIDC_ROLE_MAP', () => {
  it('reads value=role pairs, spaces around them ignored', () => {
    expect([...map(' fund-admins = admin , marketing=editor,data-team=data,Staff=reader ')]).toEqual([
      ['fund-admins', 'admin'],
      ['marketing', 'editor'],
      ['data-team', 'data'],
      ['Staff', 'reader'],
    ]);
  });

  it('keeps an = inside a value (the last = separates the role)', () => {
    expect(map('CN=Fund Admins=admin').get('CN=Fund Admins')).toBe('admin');
  });

  it('refuses an unknown role, a missing value, an empty map and a value given two roles', () => {
    for (const raw of ['marketing=owner', '=admin', 'marketing', '', ' , ', 'a=admin,a=reader']) {
      expect(parseRoleMap(raw).ok, raw).toBe(false);
    }
  });
});

describe('the role an ID token claim gives', () => {
  const roles = map('fund-admins=admin,marketing=editor,data-team=data,staff=reader');

  it('maps a single string and a list of groups', () => {
    expect(roleFromClaim('marketing', roles)).toBe('editor');
    expect(roleFromClaim(['other', 'data-team'], roles)).toBe('data');
  });

  it('gives the strongest of several mapped values, whatever their order', () => {
    expect(roleFromClaim(['staff', 'fund-admins', 'marketing'], roles)).toBe('admin');
    expect(roleFromClaim(['staff', 'data-team'], roles)).toBe('data');
  });

  it('gives nothing for an unmapped value, a missing claim, a case variant or a non-string', () => {
    for (const claim of ['sales', undefined, null, 'Fund-Admins', 42, { admin: true }, [], [['fund-admins']]]) {
      expect(roleFromClaim(claim, roles), JSON.stringify(claim)).toBeNull();
    }
  });

  it('reads a bounded number of values', () => {
    const many = Array.from({ length: MAX_CLAIM_VALUES }, (_, i) => `g${i}`);
    expect(roleFromClaim([...many, 'fund-admins'], roles)).toBeNull();
  });
});

describe('linking a provider identity to an existing account by its e-mail', () => {
  const plain: LinkRequest = { emailVerified: true, role: 'editor', twoFactorEnabled: false, linkedElsewhere: false, allowedByAdmin: false };

  it('links a verified e-mail to an account that is no admin, has no second factor and no other identity', () => {
    expect(linkRefusal(plain)).toBeNull();
    for (const role of ['compliance', 'editor', 'data', 'reader', null]) expect(linkRefusal({ ...plain, role }), String(role)).toBeNull();
  });

  it('refuses an e-mail the provider did not say is verified', () => {
    expect(linkRefusal({ ...plain, emailVerified: false })).toBe('sso_link_unverified');
    // Only a real true counts (Better Auth hands a boolean; anything else is not a verification).
    expect(linkRefusal({ ...plain, emailVerified: 'true' as unknown as boolean })).toBe('sso_link_unverified');
  });

  it('refuses an admin, an account with a second factor, and one already linked to another identity', () => {
    expect(linkRefusal({ ...plain, role: 'admin' })).toBe('sso_link_protected');
    expect(linkRefusal({ ...plain, twoFactorEnabled: true })).toBe('sso_link_protected');
    expect(linkRefusal({ ...plain, role: 'admin', twoFactorEnabled: true })).toBe('sso_link_protected');
    expect(linkRefusal({ ...plain, linkedElsewhere: true })).toBe('sso_link_protected');
  });

  it('says unverified first when both apply (the provider is what to fix)', () => {
    expect(linkRefusal({ ...plain, emailVerified: false, role: 'admin', twoFactorEnabled: true })).toBe('sso_link_unverified');
  });

  it('links whatever the account when an admin allowed it', () => {
    expect(linkRefusal({ emailVerified: false, role: 'admin', twoFactorEnabled: true, linkedElsewhere: true, allowedByAdmin: true })).toBeNull();
  });
});

describe('sign-on refusals as the sign-in screen says them', () => {
  it('names our own refusals and a token that could not be trusted', () => {
    expect(ssoErrorFromCode('sso_no_role')).toBe('ssoNoRole');
    expect(ssoErrorFromCode('sso_waiting')).toBe('ssoWaiting');
    expect(ssoErrorFromCode('sso_disabled')).toBe('ssoDisabled');
    expect(ssoErrorFromCode('sso_link_unverified')).toBe('ssoLinkUnverified');
    expect(ssoErrorFromCode('sso_link_protected')).toBe('ssoLinkProtected');
    expect(ssoErrorFromCode('account_not_linked')).toBe('ssoLinkProtected');
    expect(ssoErrorFromCode('unable_to_get_user_info')).toBe('ssoInvalid');
    expect(ssoErrorFromCode('state_mismatch')).toBe('ssoInvalid');
  });

  it('gives a general message for any other code, and nothing without one', () => {
    expect(ssoErrorFromCode('access_denied')).toBe('ssoFailed');
    expect(ssoErrorFromCode('<script>')).toBe('ssoFailed');
    expect(ssoErrorFromCode(undefined)).toBeNull();
    expect(ssoErrorFromCode('')).toBeNull();
  });
});
