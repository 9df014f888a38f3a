import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import CORE_EN from '../../messages/core/en.json' with { type: 'json' };
import CONTENT from '../../messages/content/en.json' with { type: 'json' };
import CONTENT_ES from '../../messages/content/es.json' with { type: 'json' };
import CONTENT_FR from '../../messages/content/fr.json' with { type: 'json' };
import RANGE from '../../messages/range/en.json' with { type: 'json' };
import RANGE_ES from '../../messages/range/es.json' with { type: 'json' };
import RANGE_FR from '../../messages/range/fr.json' with { type: 'json' };
import { localizedPath } from '../../src/domain/routing/paths';
import { expectAccessible, signIn } from '../support/admin';
import { axeViolations } from '../support/axe';
import { freshDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * A new fund house (issue 43): an empty database with SEED_DEMO=false on a server of its own. Every
 * page a visitor reaches answers 200 in each language with the configured name and no demo text; the
 * go-live screen lists what is missing; an admin closes the site, a visitor then gets the 503 page with
 * noindex while the admin still sees the site, and opens it again.
 */
const NAME = 'Maison Témoin Gestion';
const PASSWORD = 'e2e-empty-house-password-1';
const ADMIN = 'house-admin@fundhouse.test';
const DIST_DIR = '.next-empty-house';
// The first admin reads the back-office in French, the staff's default language.
const S = ADMIN_FR.Admin.setup;
const LOCALES = ['fr', 'en', 'es'] as const;
const NO_FUNDS = { fr: RANGE_FR.FundRange.noFunds, en: RANGE.FundRange.noFunds, es: RANGE_ES.FundRange.noFunds };
const HOME_NO_FUNDS = { fr: CONTENT_FR.Home.noFunds, en: CONTENT.Home.noFunds, es: CONTENT_ES.Home.noFunds };
const ROUTES = ['/', '/fund-range', '/about-us', '/expertise', '/esg', '/responsible-investment', '/news', '/contact', '/careers', '/subscribe', '/legal-notices', '/regulatory-informations', '/gdpr', '/accessibility', '/documents', '/shareholder-notices'] as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  const dir = freshDir('.data/e2e-empty-house');
  const made = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/admin-create.ts', '--email', ADMIN, '--role', 'admin'], {
    env: { ...process.env, PGLITE_DIR: dir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', SEED_DEMO: 'false' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`admin:create failed:\n${made.stdout}\n${made.stderr}`);
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 20, dir, env: { NEXT_DIST_DIR: DIST_DIR, SEED_DEMO: 'false', COMPANY_NAME: NAME }, timeoutMs: 480_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } });
  return context.newPage();
}

test('every page of the empty house answers in each language with its name and no demo text', async ({ browser }) => {
  const page = await visitor(browser);
  for (const locale of LOCALES) {
    // Each address as the server sends it (the HTML and the payload the browser hydrates from): a
    // browser would only draw it again.
    for (const route of ROUTES) {
      const path = localizedPath(route, locale);
      const response = await page.request.get(path, { failOnStatusCode: false });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).not.toMatch(/aurore/i);
      // The document's <title> (an icon's SVG <title> may come before it in the body).
      expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]).filter((title) => title?.includes(NAME)), path).not.toEqual([]);
    }
    await page.goto(localizedPath('/', locale));
    await expect(page.getByText(HOME_NO_FUNDS[locale])).toBeVisible();
    await page.goto(localizedPath('/fund-range', locale));
    await expect(page.getByText(NO_FUNDS[locale])).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.goto('/en');
  await expect(page.getByRole('main')).toContainText(NAME);
  expect(await axeViolations(page)).toEqual([]);
  // An address of a fund that does not exist is a 404, not a 500.
  expect((await page.goto('/en/funds/no-such-fund'))?.status()).toBe(404);
});

test('the go-live screen lists what is missing; a closed site answers visitors 503 with noindex and serves the admin', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-GB' });
  const admin = await context.newPage();
  await signIn(admin, ADMIN, PASSWORD);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('link', { name: S.title, exact: true }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
  const checklist = admin.getByRole('region', { name: S.checklist });
  for (const item of [S.items.identity, S.items.fund, S.items['legal-notices'], S.items.rgpd, S.items.accessibility, S.items.approver]) {
    await expect(checklist.getByRole('listitem').filter({ hasText: item })).toContainText(S.state.missing);
  }
  await expect(checklist.getByRole('link', { name: S.fix.replace('{item}', S.items.fund) })).toHaveAttribute('href', '/admin/funds');
  await expectAccessible(admin);

  await admin.getByRole('button', { name: S.public.close }).click();
  await expect(admin.getByText(S.done.closed)).toBeVisible();
  await expect(admin.getByText(S.public.closed)).toBeVisible();

  const page = await visitor(browser);
  await expect
    .poll(async () => (await page.request.get('/en/fund-range', { failOnStatusCode: false })).status(), { timeout: 15_000 })
    .toBe(503);
  const closed = await page.request.get('/fr', { failOnStatusCode: false });
  expect(closed.headers()['x-robots-tag']).toBe('noindex');
  expect(closed.headers()['cache-control']).toBe('no-store');
  await page.goto('/en', { waitUntil: 'domcontentloaded' }).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: CORE_EN.SiteClosed.title })).toBeVisible();
  await expect(page.getByText(CORE_EN.SiteClosed.message.replace('{company}', NAME))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect((await page.request.get('/sitemap.xml', { failOnStatusCode: false })).status()).toBe(503);

  // The admin still sees the site as it will be, and no shared cache keeps it.
  const seen = await admin.request.get('/en/fund-range');
  expect(seen.status()).toBe(200);
  expect(seen.headers()['cache-control']).toBe('private, no-store');
  expect(seen.headers()['x-robots-tag']).toBe('noindex');

  await admin.goto('/admin/setup');
  await admin.getByRole('button', { name: S.public.openNow }).click();
  await expect(admin.getByText(S.done.opened)).toBeVisible();
  await expect.poll(async () => (await page.request.get('/en/fund-range', { failOnStatusCode: false })).status(), { timeout: 15_000 }).toBe(200);
});
