/**
 * Staff accounts of the browser tests. The bootstrap admin comes from ADMIN_BOOTSTRAP_* in the
 * web server's environment (playwright.config.ts); tests/e2e/admin-global-setup.ts invites the
 * others through the back-office, sets their passwords from the invitation mails, and keeps one
 * signed-in storage state per role, so specs start signed in without signing in again.
 */
import path from 'node:path';
import { axeViolations } from './axe';
import { expect, test, type Browser, type BrowserContext, type Page, type TestFixture } from '@playwright/test';

export const ADMIN = { email: 'admin@fundhouse.test', password: 'e2e-admin-password-1' } as const;
export const STAFF_PASSWORD = 'e2e-staff-password-1';
/**
 * Signed-in roles with a stored state; `leaver` (its sessions get revoked), `totp` (it enrols a
 * second factor) and `forgetful` (it resets its password) have a password but no stored session.
 */
export const STAFF = {
  editor: 'editor@fundhouse.test',
  data: 'data@fundhouse.test',
  reader: 'reader@fundhouse.test',
  leaver: 'leaver@fundhouse.test',
  totp: 'totp@fundhouse.test',
  forgetful: 'forgetful@fundhouse.test',
} as const;
export type StoredRole = 'admin' | 'editor' | 'data' | 'reader';

export const AUTH_DIR = path.resolve('.data/e2e-auth');

/**
 * The stored signed-in state of `role` on the server at `baseURL` (each Playwright project has a
 * server and accounts of its own); inside a test, the test's project's server by default.
 */
export function storageStateOf(role: StoredRole, baseURL: string | undefined = test.info().project.use.baseURL): string {
  if (!baseURL) throw new Error('storageStateOf: no baseURL');
  return path.join(AUTH_DIR, new URL(baseURL).port, `${role}.json`);
}

/** `test.use({ storageState: signedInAs('admin') })`: the project's server's state of `role`. */
export const signedInAs =
  (role: StoredRole): TestFixture<string, { baseURL: string | undefined }> =>
  async ({ baseURL }, use) =>
    use(storageStateOf(role, baseURL));

/** The back-office's English texts (the admin and the invited accounts use English). */
import ADMIN_EN from '../../messages/admin/en.json' with { type: 'json' };

export { ADMIN_EN };

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel(/^(E-mail|Adresse e-mail|Correo electrónico)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe|Contraseña)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Se connecter|Iniciar sesión)$/ }).click();
}

/** The set-password link of the newest mail to `email` in the sink's decoded text. */
export function passwordLink(decoded: string): string {
  const match = /(https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+)/.exec(decoded);
  if (!match?.[1]) throw new Error('no set-password link in the mail');
  return match[1];
}

/** A browser context signed in as `role` (its stored state), in British English, and its page. */
export async function staffPage(browser: Browser, role: StoredRole, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: storageStateOf(role, baseURL), baseURL, locale: 'en-GB' });
  return { context, page: await context.newPage() };
}

/** No axe violation on the screen as it is now (WCAG 2.2 A and AA, best practices: tests/support/axe.ts). */
export async function expectAccessible(page: Page): Promise<void> {
  expect((await axeViolations(page))).toEqual([]);
}
