import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EN, signedInAs } from '../support/admin';

/**
 * The screenshots of docs/back-office.md, taken from the running back-office (desktop project: it
 * only reads), one screen a test, as small JPEGs. Every run takes and checks them (into the test's
 * output folder); `npm run docs:screenshots` (UPDATE_GUIDE_SCREENSHOTS=1) writes them into docs/img/,
 * so that a test run leaves the working tree as it found it.
 */
const T = ADMIN_EN.Admin;
const IMG = path.resolve('docs/img');
const MAX_BYTES = 150_000;

test.use({ storageState: signedInAs('admin'), locale: 'en-GB', viewport: { width: 1100, height: 720 } });

async function shoot(page: Page, name: string) {
  const file = process.env.UPDATE_GUIDE_SCREENSHOTS === '1' ? path.join(IMG, `${name}.jpg`) : test.info().outputPath(`${name}.jpg`);
  // The visible part only, JPEG: a few tens of kilobytes a screen.
  await page.screenshot({ path: file, type: 'jpeg', quality: 60, animations: 'disabled', caret: 'hide' });
  expect(statSync(file).size).toBeLessThan(MAX_BYTES);
}

const SCREENS: { name: string; path: string; heading: string | RegExp }[] = [
  { name: 'home', path: '/admin', heading: T.home.title },
  { name: 'funds', path: '/admin/funds', heading: T.funds.title },
  { name: 'imports', path: '/admin/imports', heading: T.imports.title },
  { name: 'news', path: '/admin/news', heading: T.news.title },
  { name: 'news-new', path: '/admin/news/new', heading: /.+/ },
  { name: 'pages', path: '/admin/pages', heading: T.pages.title },
  { name: 'inbox', path: '/admin/inbox', heading: T.inbox.title },
  { name: 'outbox', path: '/admin/outbox', heading: T.outbox.title },
  { name: 'privacy', path: '/admin/privacy', heading: T.privacy.title },
  { name: 'accounts', path: '/admin/accounts', heading: T.accounts.title },
  { name: 'tokens', path: '/admin/tokens', heading: T.tokens.title },
  { name: 'audit', path: '/admin/audit', heading: T.audit.title },
  { name: 'reviews', path: '/admin/reviews', heading: T.approval.queue.title },
];

for (const screen of SCREENS) {
  test(`guide screenshot: ${screen.name}`, async ({ page }) => {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await shoot(page, screen.name);
  });
}

test('guide screenshot: a fund', async ({ page }) => {
  await page.goto('/admin/funds');
  await page.getByRole('table').getByRole('link').first().click();
  await page.waitForURL(/\/admin\/funds\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(T.funds.title);
  await shoot(page, 'fund');
});

test('guide screenshot: sign-in', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'en-GB', viewport: { width: 1100, height: 720 } });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: T.login.title })).toBeVisible();
  await shoot(page, 'sign-in');
  await context.close();
});
