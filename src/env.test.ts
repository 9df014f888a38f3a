import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from './domain/privacy/retention';
import { parseEnv, retiredLocalesWarning } from './env';

describe('configuration', () => {
  it('runs with no variable at all', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe('.data/pglite');
    expect(env.DOCUMENT_CHECK).toBe(true);
    expect(env.RISK_FREE_RATE).toBe(0.02);
    expect(env.SMTP_REQUIRE_TLS).toBe(true);
    expect(env.HSTS_INCLUDE_SUBDOMAINS).toBe(true);
    expect(env.HSTS_PRELOAD).toBe(false);
    expect(env.CLIENT_HASH_SECRET).toBeUndefined();
  });

  it('back-office: no default password or key; the bootstrap admin needs both variables', () => {
    const none = parseEnv({});
    expect(none.AUTH_SECRET).toBeUndefined();
    expect(none.ADMIN_BOOTSTRAP_PASSWORD).toBeUndefined();
    expect(none.ADMIN_REQUIRE_2FA).toBe(false);
    expect(parseEnv({ ADMIN_REQUIRE_2FA: 'true' }).ADMIN_REQUIRE_2FA).toBe(true);
    expect(() => parseEnv({ ADMIN_BOOTSTRAP_EMAIL: 'a@b.example' })).toThrow(/ADMIN_BOOTSTRAP_PASSWORD: .*go together/);
    expect(() => parseEnv({ ADMIN_BOOTSTRAP_EMAIL: 'a@b.example', ADMIN_BOOTSTRAP_PASSWORD: 'short' })).toThrow(/at least 12/);
    expect(() => parseEnv({ AUTH_SECRET: 'too-short' })).toThrow(/AUTH_SECRET: must be at least 32/);
    expect(parseEnv({ ADMIN_BOOTSTRAP_EMAIL: 'a@b.example', ADMIN_BOOTSTRAP_PASSWORD: 'long-enough-pass' }).ADMIN_BOOTSTRAP_EMAIL).toBe('a@b.example');
  });

  it('stops on a bad value with a readable message', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ ROOT_REDIRECT: 'https://elsewhere.example' })).toThrow(/ROOT_REDIRECT/);
    expect(() => parseEnv({ RISK_FREE_RATE: 'abc' })).toThrow(/RISK_FREE_RATE/);
    expect(() => parseEnv({ DOCUMENT_CHECK: 'maybe' })).toThrow(/DOCUMENT_CHECK/);
    expect(() => parseEnv({ CLIENT_HASH_SECRET: 'short' })).toThrow(/CLIENT_HASH_SECRET: must be at least 16/);
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('chooses the demo house to seed: true or unset the first, a house by its code, false none; DEFAULT_COUNTRY follows it unless set', () => {
    expect(parseEnv({}).SEED_DEMO).toBe('aurore');
    for (const value of ['true', '1', 'on', 'aurore', 'AURORE', ' aurore ']) expect(parseEnv({ SEED_DEMO: value }).SEED_DEMO, value).toBe('aurore');
    expect(parseEnv({ SEED_DEMO: 'meridian' }).SEED_DEMO).toBe('meridian');
    for (const value of ['false', '0', 'off']) expect(parseEnv({ SEED_DEMO: value }).SEED_DEMO, value).toBe(false);
    expect(() => parseEnv({ SEED_DEMO: 'orion' })).toThrow(/SEED_DEMO: must be true, false or a demo house: aurore, meridian/);
    expect(parseEnv({}).DEFAULT_COUNTRY).toBe('FR');
    expect(parseEnv({ SEED_DEMO: 'false' }).DEFAULT_COUNTRY).toBe('FR');
    expect(parseEnv({ SEED_DEMO: 'meridian' }).DEFAULT_COUNTRY).toBe('LU');
    expect(parseEnv({ SEED_DEMO: 'meridian', DEFAULT_COUNTRY: 'BE' }).DEFAULT_COUNTRY).toBe('BE');
  });

  it('reads flags', () => {
    expect(parseEnv({ DOCUMENT_CHECK: 'false' }).DOCUMENT_CHECK).toBe(false);
    expect(parseEnv({ DOCUMENT_CHECK: '0' }).DOCUMENT_CHECK).toBe(false);
  });
});

describe('LOCALES, retired (docs/decisions/061)', () => {
  it('is no longer read: a value left set is named as retired, the start goes on', () => {
    expect(retiredLocalesWarning(undefined)).toBeNull();
    expect(retiredLocalesWarning(' ')).toBeNull();
    expect(retiredLocalesWarning('fr,en')).toContain('[retired] LOCALES');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect('locales' in parseEnv({ LOCALES: 'en' })).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('[retired] LOCALES'));
    error.mockRestore();
  });

  it('reads the retention periods from the environment, with defaults, and refuses a period out of bounds', () => {
    expect(parseEnv({}).RETENTION_DAYS_CONTACT).toBe(DEFAULT_RETENTION_DAYS.contact);
    expect(parseEnv({ RETENTION_DAYS_CAREER: ' 365 ', RETENTION_DAYS_SUBSCRIBE: '' })).toMatchObject({ RETENTION_DAYS_CAREER: 365, RETENTION_DAYS_SUBSCRIBE: 1825 });
    expect(() => parseEnv({ RETENTION_DAYS_NEWSLETTER: '0' })).toThrow(/RETENTION_DAYS_NEWSLETTER/);
    expect(() => parseEnv({ RETENTION_DAYS_CONTACT: '7301' })).toThrow(/RETENTION_DAYS_CONTACT/);
    expect(() => parseEnv({ RETENTION_DAYS_CONTACT: '1.5' })).toThrow(/RETENTION_DAYS_CONTACT/);
  });

});

describe('staff single sign-on settings', () => {
  const sso = { STAFF_OIDC_ISSUER: 'https://login.example.com/tenant/v2.0', STAFF_OIDC_CLIENT_ID: 'client', STAFF_OIDC_CLIENT_SECRET: 'secret' };

  it('takes the issuer, client id and secret together, passwords on by default', () => {
    const env = parseEnv(sso);
    expect(env.STAFF_OIDC_ISSUER).toBe(sso.STAFF_OIDC_ISSUER);
    expect(env.STAFF_PASSWORD_LOGIN).toBe(true);
    expect(env.STAFF_OIDC_NAME).toBe('SSO');
    expect(() => parseEnv({ STAFF_OIDC_ISSUER: sso.STAFF_OIDC_ISSUER })).toThrow(/go together/);
    expect(() => parseEnv({ ...sso, STAFF_OIDC_ISSUER: 'not a url' })).toThrow(/STAFF_OIDC_ISSUER/);
  });

  it('takes a role claim with a valid map only', () => {
    expect(parseEnv({ ...sso, STAFF_OIDC_ROLE_CLAIM: 'groups', STAFF_OIDC_ROLE_MAP: 'admins=admin' }).STAFF_OIDC_ROLE_MAP).toBe('admins=admin');
    expect(() => parseEnv({ ...sso, STAFF_OIDC_ROLE_CLAIM: 'groups' })).toThrow(/go together/);
    expect(() => parseEnv({ ...sso, STAFF_OIDC_ROLE_CLAIM: 'groups', STAFF_OIDC_ROLE_MAP: 'admins=owner' })).toThrow(/STAFF_OIDC_ROLE_MAP/);
  });

  it('turns passwords off only with single sign-on configured', () => {
    expect(parseEnv({ ...sso, STAFF_PASSWORD_LOGIN: 'false' }).STAFF_PASSWORD_LOGIN).toBe(false);
    expect(() => parseEnv({ STAFF_PASSWORD_LOGIN: 'false' })).toThrow(/STAFF_PASSWORD_LOGIN/);
  });
});
