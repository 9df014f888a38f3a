import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { expectAccessible } from '../support/admin';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';

/**
 * Staff single sign-on (decision 030), on a server of its own with STAFF_OIDC_* set, a role map and
 * passwords off, against a real OpenID Connect provider started here (oidc-provider, in-process, on
 * E2E_PORT + 5). A staff member signs in through the provider, gets the mapped role, and signs out;
 * someone of the provider in no mapped group is refused with the screen's message.
 */
const T = ADMIN_FR.Admin;
const BASE = Number(process.env.E2E_PORT ?? 3100);
const PROVIDER = 'Test IdP';

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let idp: TestProvider | undefined;
let origin = '';
let output = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  const port = BASE + 8;
  origin = `http://127.0.0.1:${port}`;
  idp = await startTestProvider({ port: BASE + 5, redirectUri: `${origin}/api/admin/auth/callback/staff-oidc` });
  idp.accounts.set('camille@fundhouse.test', { sub: 'idp-camille', email: 'camille@fundhouse.test', name: 'Camille', groups: ['everyone', 'marketing'] });
  idp.accounts.set('sacha@fundhouse.test', { sub: 'idp-sacha', email: 'sacha@fundhouse.test', groups: ['everyone', 'sales'] });
  const dir = '.data/e2e-sso';
  rmSync(dir, { recursive: true, force: true });
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      PGLITE_DIR: dir,
      PUBLIC_BASE_URL: origin,
      SKIP_BUILD: '1',
      DATABASE_URL: '',
      ADMIN_BOOTSTRAP_EMAIL: '',
      ADMIN_BOOTSTRAP_PASSWORD: '',
      STAFF_OIDC_ISSUER: idp.issuer,
      STAFF_OIDC_CLIENT_ID: idp.clientId,
      STAFF_OIDC_CLIENT_SECRET: idp.clientSecret,
      STAFF_OIDC_NAME: PROVIDER,
      STAFF_OIDC_ROLE_CLAIM: 'groups',
      STAFF_OIDC_ROLE_MAP: 'fund-admins=admin,marketing=editor,data-team=data',
      STAFF_PASSWORD_LOGIN: 'false',
    },
  });
  server.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  server.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 220_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the SSO server stopped (${server.exitCode}):\n${output}`);
    const healthy = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the SSO server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  await idp?.close();
  if (!server?.pid) return;
  const stopped = new Promise((resolve) => server?.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM'); // its own process group: start.mjs and the server it spawned
  await Promise.race([stopped, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
});

const ssoButton = (name = PROVIDER) => T.login.sso.replace('{provider}', name);

test('the sign-in screen offers only single sign-on when passwords are off, and is accessible', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.login.title);
  await expect(page.getByRole('button', { name: ssoButton() })).toBeVisible();
  await expect(page.getByLabel(T.login.password)).toHaveCount(0);
  await expect(page.getByRole('link', { name: T.login.forgot })).toHaveCount(0);
  await expectAccessible(page);
  // The password pages send back to the sign-in screen, which says why.
  await page.goto('/admin/forgot-password');
  await expect(page).toHaveURL(/\/admin\/login\?error=passwordsOff$/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.login.passwordsOff.replace('{provider}', PROVIDER));
  await context.close();
});

test('a staff member signs in through the identity provider, gets the mapped role, and signs out', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByRole('button', { name: ssoButton() }).click();

  // At the provider: its own sign-in screen.
  await expect(page).toHaveURL(new RegExp(`^${idp?.issuer ?? ''}/interaction/`));
  await page.getByLabel('Email').fill('camille@fundhouse.test');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole('button', { name: T.nav.signOut })).toBeVisible();
  const me = await page.request.get('/api/admin/v1/me');
  expect(await me.json()).toMatchObject({ email: 'camille@fundhouse.test', role: 'editor' });
  // Passwords are off: My account offers no password to change.
  await page.goto('/admin/me');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.me.title);
  await expect(page.getByRole('heading', { name: T.me.password })).toHaveCount(0);
  await expect(page.getByLabel(T.me.current)).toHaveCount(0);

  await page.getByRole('button', { name: T.nav.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/login\?done=signedOut$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(T.login.signedOut);
  expect((await page.request.get('/api/admin/v1/me')).status()).toBe(401);
  await context.close();
});

test('someone of the provider in no mapped group is refused with a clear message', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByRole('button', { name: ssoButton() }).click();
  await page.getByLabel('Email').fill('sacha@fundhouse.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?error=sso_no_role/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.login.ssoNoRole);
  expect((await page.request.get('/api/admin/v1/me')).status()).toBe(401);
  await context.close();
});
