import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load(envVars: Record<string, string> = {}) {
  vi.resetModules();
  vi.unstubAllEnvs();
  for (const [k, v] of Object.entries(envVars)) vi.stubEnv(k, v);
  return import('./staff');
}

// The first test imports the whole auth module graph (Better Auth and its plugins): seconds on a busy machine.
describe('back-office checks', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllEnvs();
  });

  it('accepts a state-changing request only from this site: the Host reached or PUBLIC_BASE_URL', async () => {
    const { sameOrigin } = await load({ PUBLIC_BASE_URL: 'https://www.fundhouse.example' });
    const h = (headers: Record<string, string>) => new Headers(headers);
    expect(sameOrigin(h({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }))).toBe(true);
    expect(sameOrigin(h({ origin: 'https://www.fundhouse.example', host: 'internal:3000' }))).toBe(true);
    expect(sameOrigin(h({ origin: 'https://back.example', host: 'internal:3000', 'x-forwarded-host': 'back.example' }))).toBe(true);
    expect(sameOrigin(h({ origin: 'https://evil.example', host: '127.0.0.1:3000' }))).toBe(false);
    expect(sameOrigin(h({ host: '127.0.0.1:3000' }))).toBe(false);
    expect(sameOrigin(h({ origin: 'null', host: '127.0.0.1:3000' }))).toBe(false);
    expect(sameOrigin(h({ origin: 'not a url', host: '127.0.0.1:3000' }))).toBe(false);
  });

  it('sends admins without a second factor to enrol only when ADMIN_REQUIRE_2FA is on', async () => {
    const off = await load();
    expect(off.mustEnrolSecondFactor({ role: 'admin', twoFactorEnabled: false })).toBe(false);
    const on = await load({ ADMIN_REQUIRE_2FA: 'true' });
    expect(on.mustEnrolSecondFactor({ role: 'admin', twoFactorEnabled: false })).toBe(true);
    expect(on.mustEnrolSecondFactor({ role: 'admin', twoFactorEnabled: true })).toBe(false);
    expect(on.mustEnrolSecondFactor({ role: 'editor', twoFactorEnabled: false })).toBe(false);
    // Signed in through the identity provider: its MFA applies, no TOTP enrolment is asked.
    expect(on.mustEnrolSecondFactor({ role: 'admin', twoFactorEnabled: false, viaSso: true })).toBe(false);
  });
});
