import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import COMPLIANCE_FR from '../../messages/compliance/fr.json' with { type: 'json' };
import { countryPages } from '../../src/server/db/seed/fixtures/content/country-pages';
import { page as disclaimers } from '../../src/server/db/seed/fixtures/content/pages/disclaimers';
import { investorProfiles } from '../../src/server/db/seed/fixtures/content/reference';
import { expectAccessible, signIn } from '../support/admin';
import { axeViolations } from '../support/axe';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * Every country with a retail registration has its information page (issue 34, docs/decisions/035),
 * under the DEFAULT approval policy on a server of its own. A Belgian retail visitor finds Belgium's
 * page in the footer. On a database where the United Kingdom (retail share classes registered) has
 * no page, the pages list flags it; an editor creates it from the template, a compliance officer
 * approves, and a British visitor then finds it in the footer.
 */
const T = ADMIN_FR.Admin;
const A = T.approval;
const C = T.pages.countryCreate;
const PASSWORD = 'e2e-country-pages-password-1';
const EDITOR = 'country-editor@fundhouse.test';
const COMPLIANCE = 'country-compliance@fundhouse.test';
const DIST_DIR = '.next-country-pages';
const belgium = countryPages.find((p) => p.code === 'country-BE')!;
const UK_TITLE = 'Information for investors in the United Kingdom';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-country-pages');
  // A database seeded before the United Kingdom had its page (its share classes are registered for RETAIL there).
  const db = await PGlite.create(dir);
  await db.exec(`DELETE FROM page WHERE code = 'country-GB'`);
  await db.close();
  for (const [email, role] of [
    [EDITOR, 'editor'],
    [COMPLIANCE, 'compliance'],
  ] as const) {
    const made = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/admin-create.ts', '--email', email, '--role', role], {
      env: { ...process.env, PGLITE_DIR: dir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (made.status !== 0) throw new Error(`admin:create ${role} failed:\n${made.stdout}\n${made.stderr}`);
  }
  // A build folder of its own: this server's pages (another database, the approval policy) never answer for another's.
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 18, dir, env: { NEXT_DIST_DIR: DIST_DIR }, unset: ['APPROVAL_REQUIRED'], timeoutMs: 600_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('a Belgian retail investor finds Belgium’s information page in the footer', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } })).newPage();
  const D = COMPLIANCE_FR.Disclaimer;
  await page.goto('/fr');
  const title = disclaimers.components.flatMap((c) => c.texts).find((x) => x.code === 'title')!.content.fr;
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('combobox', { name: D.country }).selectOption('BE');
  await dialog.getByRole('radio', { name: investorProfiles.find((p) => p.code === 'RETAIL')!.title.fr }).check();
  await dialog.getByRole('checkbox', { name: D.accept }).check();
  await dialog.getByRole('button', { name: D.confirm }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('contentinfo').getByRole('link', { name: belgium.title.fr }).click();
  await page.waitForURL(/\/fr\/informations-investisseurs\/be$/);
  await expect(page.getByRole('heading', { level: 1, name: belgium.title.fr })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Autorité compétente' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('FSMA');
  await expect(page).toHaveTitle(new RegExp(belgium.title.fr));
  expect(await axeViolations(page)).toEqual([]);
});

test('the United Kingdom, flagged without a page, gets one created by an editor and approved by a compliance officer: British visitors find it in the footer', async ({ browser }) => {
  const visitorContext = await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } });
  await visitorContext.addCookies([{ name: 'investor_country', value: 'GB', url: origin }]);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/en');
  await expect(visitor.getByRole('contentinfo')).toBeVisible();
  await expect(visitor.getByRole('contentinfo').getByRole('link', { name: UK_TITLE })).toHaveCount(0);

  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/pages');
  const flagged = editor.getByRole('region', { name: C.missingTitle });
  await expect(flagged).toContainText('Royaume-Uni');
  await flagged.getByRole('link', { name: C.create.replace('{country}', 'Royaume-Uni') }).click();
  await expect(editor.getByRole('heading', { level: 1, name: C.title.replace('{country}', 'Royaume-Uni') })).toBeVisible();
  await expectAccessible(editor);

  // Submitted with the template's gaps: refused, nothing proposed.
  const submit = editor.getByRole('button', { name: A.submit, exact: true });
  await submit.click();
  await expect(editor.getByRole('main').getByRole('alert').first()).toBeVisible();
  await expect(editor.getByText(C.errors.gap).first()).toBeVisible();
  // Every gap filled with the facilities agent's details.
  const fields = editor.getByRole('main').locator('textarea, input[type="text"]');
  for (let i = 0, n = await fields.count(); i < n; i++) {
    const field = fields.nth(i);
    const value = await field.inputValue();
    if (value.includes('[…]')) await field.fill(value.replaceAll('[…]', 'Example Facilities Agent Ltd'));
  }
  await editor.getByLabel(A.note).fill('Page du Royaume-Uni');
  await submit.click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: 'Page du Royaume-Uni' });
  await expect(row).toContainText(A.kinds.page.create);
  await row.getByRole('link').first().click();
  await expect(officer.getByRole('table', { name: A.review.diffLanguage.replace('{language}', T.language.en) })).toContainText(UK_TITLE);
  await officer.getByRole('button', { name: A.review.approve }).click();
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.approved);

  // The route catalog learns the new path within a moment of the publication.
  await expect(async () => {
    await visitor.goto('/en');
    await visitor.getByRole('contentinfo').getByRole('link', { name: UK_TITLE }).click({ timeout: 2_000 });
    await visitor.waitForURL(/\/en\/investor-information\/gb$/, { timeout: 5_000 });
    await expect(visitor.getByRole('heading', { level: 1, name: UK_TITLE })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(visitor.getByRole('main')).toContainText('Example Facilities Agent Ltd');
});
