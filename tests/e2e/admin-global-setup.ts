import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type FullConfig } from '@playwright/test';
import { CHROMIUM_PATH } from '../support/browser-path';
import { decodeMail, startSmtpSink } from '../support/smtp-sink';
import { ADMIN, AUTH_DIR, passwordLink, signIn, STAFF, STAFF_PASSWORD, storageStateOf } from '../support/admin';

/**
 * Before any spec, on each project's server (each has its own database): the bootstrap admin
 * (ADMIN_BOOTSTRAP_* of the web server) signs in and invites one account per role through
 * /admin/accounts; each sets its password from the invitation mail (caught by the SMTP sink the
 * server mails to) and signs in once; the signed-in states are kept in
 * .data/e2e-auth/{port}/{role}.json for the admin specs (test.use({ storageState: signedInAs(role) })).
 */
export default async function adminGlobalSetup(config: FullConfig) {
  const servers = [...new Set(config.projects.map((project) => project.use.baseURL).filter((url): url is string => !!url))];
  mkdirSync(AUTH_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await Promise.all(servers.map((baseURL) => signInEveryRole(browser, baseURL)));
  } finally {
    await browser.close();
  }
}

async function signInEveryRole(browser: Browser, baseURL: string) {
  const port = Number(new URL(baseURL).port);
  mkdirSync(path.dirname(storageStateOf('admin', baseURL)), { recursive: true });
  const smtp = await startSmtpSink(port + 20000);
  try {
    const adminContext = await browser.newContext({ baseURL, locale: 'en-GB' });
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin');
    // The admin works in English: the specs read English labels.
    await admin.goto('/admin/me');
    await admin.locator('#locale').selectOption('en');
    await admin.getByRole('button', { name: /Change language|Changer de langue|Cambiar de idioma/ }).click();
    await admin.waitForURL('**/admin/me?done=languageSaved');
    await adminContext.storageState({ path: storageStateOf('admin', baseURL) });

    const withState = new Set(['editor', 'data', 'reader']);
    for (const [role, email] of Object.entries(STAFF)) {
      await admin.goto('/admin/accounts');
      await admin.getByLabel('E-mail').fill(email);
      await admin.getByLabel('Role').selectOption(withState.has(role) ? role : 'reader');
      await admin.getByLabel('Language of the mail and interface').selectOption('en');
      await admin.getByRole('button', { name: 'Send the invitation' }).click();
      await admin.waitForURL('**/admin/accounts?done=invited*');
      const mail = await smtp.waitFor(email, 60_000);
      const context = await browser.newContext({ baseURL, locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(passwordLink(decodeMail(mail.raw)));
      await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel('New password, again').fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Save the password' }).click();
      await page.waitForURL('**/admin/login?done=passwordSet');
      if (withState.has(role)) {
        await signIn(page, email, STAFF_PASSWORD);
        await page.waitForURL('**/admin');
        await context.storageState({ path: storageStateOf(role as 'editor', baseURL) });
      }
      await context.close();
    }
    await adminContext.close();
  } finally {
    await smtp.stop();
  }
}
