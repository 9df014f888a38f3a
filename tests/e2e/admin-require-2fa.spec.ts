import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { signIn } from '../support/admin';
import { totp } from '../support/totp';

/**
 * ADMIN_REQUIRE_2FA=true, on a server of its own (the suite's server runs with it off): this spec
 * starts the production build on its own port and PGlite folder, with its own bootstrap admin, and
 * stops it at the end. Only /admin pages are requested, which are never cached, so the two servers
 * sharing the build folder do not share an answer.
 */
const T = ADMIN_FR.Admin;
const GUARD = { email: 'guard@fundhouse.test', password: 'e2e-guard-password-1' };

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let origin = '';
let output = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 7;
  origin = `http://127.0.0.1:${port}`;
  const dir = '.data/e2e-require-2fa';
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
      ADMIN_REQUIRE_2FA: 'true',
      ADMIN_BOOTSTRAP_EMAIL: GUARD.email,
      ADMIN_BOOTSTRAP_PASSWORD: GUARD.password,
      DATABASE_URL: '',
    },
  });
  server.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  server.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 220_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the second server stopped (${server.exitCode}):\n${output}`);
    const healthy = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the second server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (!server?.pid) return;
  const stopped = new Promise((resolve) => server?.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM'); // its own process group: start.mjs and the server it spawned
  await Promise.race([stopped, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
});

test('with ADMIN_REQUIRE_2FA, an admin without a second factor can only enrol, then works with it', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await signIn(page, GUARD.email, GUARD.password);
  await expect(page).toHaveURL(/\/admin\/me\/two-factor$/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.enrol.required);

  // Every other page sends the admin back to enrolment, and server actions and APIs are refused.
  for (const path of ['/admin', '/admin/funds', '/admin/accounts', '/admin/audit']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin\/me\/two-factor$/);
  }
  const api = await page.request.post('/api/admin/v1/navs', { data: 'isin;date;nav\n', headers: { 'content-type': 'text/csv' } });
  expect(api.status()).toBe(401); // the import API takes tokens, never a staff session

  await page.getByLabel(T.enrol.password).fill(GUARD.password);
  await page.getByRole('button', { name: T.enrol.start }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel(T.enrol.code).fill(totp(secret));
  await page.getByRole('button', { name: T.enrol.confirm }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(T.enrol.enabled);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  await page.goto('/admin/funds');
  await expect(page).toHaveURL(/\/admin\/funds$/);
  await page.goto(`/admin/audit?person=${encodeURIComponent(GUARD.email)}`);
  const row = page.getByRole('row').filter({ hasText: '2fa-enabled' });
  await expect(row).toHaveCount(1);

  // The next sign-in asks for the code before anything else.
  await page.getByRole('button', { name: T.nav.signOut }).click();
  await signIn(page, GUARD.email, GUARD.password);
  await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
  await page.goto('/admin/funds');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/admin/login/two-factor');
  await page.getByLabel(T.twoFactor.code).fill(totp(secret));
  await page.getByRole('button', { name: T.twoFactor.submit }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await context.close();
});
