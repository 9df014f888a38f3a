import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { expectAccessible } from '../support/admin';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { totp } from '../support/totp';

/**
 * Staff single sign-on (decision 030), on a server of its own with STAFF_OIDC_* set, a role map and
 * passwords off, against a real OpenID Connect provider started here (oidc-provider, in-process, on
 * E2E_PORT + 5). A staff member signs in through the provider, gets the mapped role, and signs out;
 * someone of the provider in no mapped group is refused with the screen's message. Accounts made
 * before single sign-on (tests/support/sso-accounts.ts) are linked by e-mail only when the provider
 * verified it and the account is neither an admin's nor protected by a second factor; an admin can
 * allow one explicitly, and its second factor is then still asked.
 */
const T = ADMIN_FR.Admin;
const BASE = Number(process.env.E2E_PORT ?? 3100);
const PROVIDER = 'Test IdP';
/** Made by tests/support/sso-accounts.ts before the server starts, with a password each. */
const INES = 'ines@fundhouse.test'; // admin, with a TOTP second factor
const PAUL = 'paul@fundhouse.test'; // editor, no second factor
const ROSA = 'rosa@fundhouse.test'; // reader, no second factor; the provider does not vouch for her e-mail
const LOU = 'lou@fundhouse.test'; // nobody here yet: an admin by the provider's groups
let secret = '';

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
  idp.accounts.set(INES, { sub: 'idp-ines', email: INES, groups: ['fund-admins'] });
  idp.accounts.set(PAUL, { sub: 'idp-paul', email: PAUL, groups: ['marketing'] });
  idp.accounts.set(ROSA, { sub: 'idp-rosa', email: ROSA, groups: ['marketing'], emailVerified: false });
  idp.accounts.set(LOU, { sub: 'idp-lou', email: LOU, groups: ['fund-admins'] });
  const dir = '.data/e2e-sso';
  rmSync(dir, { recursive: true, force: true });
  // The accounts that existed before single sign-on was turned on (passwords were on then).
  const seedEnv: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '', PUBLIC_BASE_URL: origin, STAFF_PASSWORD_LOGIN: 'true' };
  for (const name of ['STAFF_OIDC_ISSUER', 'STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET', 'STAFF_OIDC_ROLE_CLAIM', 'STAFF_OIDC_ROLE_MAP']) delete seedEnv[name];
  const seeded = spawnSync('npx', ['tsx', '--conditions=react-server', 'tests/support/sso-accounts.ts'], { env: seedEnv, encoding: 'utf8', timeout: 180_000 });
  if (seeded.status !== 0) throw new Error(`tests/support/sso-accounts.ts failed:\n${seeded.stdout}\n${seeded.stderr}`);
  secret = (JSON.parse(seeded.stdout.trim().split('\n').at(-1) ?? '{}') as { secret?: string }).secret ?? '';
  expect(secret).not.toBe('');
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

/** A fresh browser signs on at the provider as `email`; the page is wherever the app sends it back. */
async function signOnAs(browser: Browser, email: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByRole('button', { name: ssoButton() }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp?.issuer ?? ''}/interaction/`));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page };
}

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

test('an identity whose e-mail is an existing admin with a second factor is refused, and nothing is linked', async ({ browser }) => {
  const { context, page } = await signOnAs(browser, INES);
  await expect(page).toHaveURL(/\/admin\/login\?error=sso_link_protected/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.login.ssoLinkProtected);
  expect((await page.request.get('/api/admin/v1/me')).status()).toBe(401);
  await context.close();
});

test('an e-mail the provider has not verified is refused for an existing account', async ({ browser }) => {
  const { context, page } = await signOnAs(browser, ROSA);
  await expect(page).toHaveURL(/\/admin\/login\?error=sso_link_unverified/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.login.ssoLinkUnverified);
  expect((await page.request.get('/api/admin/v1/me')).status()).toBe(401);
  await context.close();
});

test("a verified e-mail of a plain editor's account without a second factor links to that account", async ({ browser }) => {
  const { context, page } = await signOnAs(browser, PAUL);
  await expect(page).toHaveURL(`${origin}/admin`);
  expect(await (await page.request.get('/api/admin/v1/me')).json()).toMatchObject({ email: PAUL, role: 'editor' });
  await context.close();
});

test('an admin allows single sign-on for the admin with a second factor; her sign-on then asks for her code', async ({ browser }) => {
  // An admin of the provider's groups (a brand-new account) opens her account's screen.
  const admin = await signOnAs(browser, LOU);
  await expect(admin.page).toHaveURL(`${origin}/admin`);
  await admin.page.goto('/admin/accounts');
  await admin.page.getByRole('link', { name: T.accounts.manage.replace('{email}', INES) }).click();
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(INES);
  await expect(admin.page.getByRole('definition').filter({ hasText: T.accounts.ssoNotLinked })).toBeVisible();
  await admin.page.getByRole('button', { name: T.accounts.allowSso }).click();
  await expect(admin.page.getByRole('main').getByRole('status')).toHaveText(T.accounts.ssoAllowedDone);
  await expectAccessible(admin.page);
  await admin.context.close();

  const { context, page } = await signOnAs(browser, INES);
  await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.twoFactor.title);
  expect((await page.request.get('/api/admin/v1/me')).status()).toBe(401);
  await page.getByLabel(T.twoFactor.code).fill(totp(secret));
  await page.getByRole('button', { name: T.twoFactor.submit }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
  expect(await (await page.request.get('/api/admin/v1/me')).json()).toMatchObject({ email: INES, role: 'admin' });
  await context.close();
});
