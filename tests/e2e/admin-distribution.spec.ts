import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { signIn } from '../support/admin';
import { axeViolations } from '../support/axe';
import { parseCsv } from '../support/csv';
import { hydrated } from '../support/hydration';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * Distribution data (issue 32, docs/distribution-data.md) under the DEFAULT approval policy, on a
 * server of its own (the suite's server runs with APPROVAL_REQUIRED empty): an editor changes a
 * share class's ongoing costs on its Distribution data screen, typed as a percentage; a problem is
 * shown beside its field; the change waits; a compliance officer reads it as percentages on the
 * review screen and approves; the screen, the public share page and the share's EMT and EPT then
 * all show the new value, published together. The fund's Sustainability screen shows the stored
 * answers and an unchanged save stores nothing. One accessibility scan per new screen.
 */
const T = ADMIN_FR.Admin;
const A = T.approval;
const D = T.distribution;
const S = T.sustainability;
const PASSWORD = 'e2e-distribution-password-1';
const EDITOR = 'distribution-editor@fundhouse.test';
const COMPLIANCE = 'distribution-compliance@fundhouse.test';
const FUND = 'Aurore Patrimoine';
const SHARE = 'C EUR';
const ISIN = 'FR00140Q7F31';
const PUBLIC_SHARE = '/fr/funds/aurore-patrimoine/shares/part-c-eur';
const DIST_DIR = '.next-distribution';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-distribution');
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
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 14, dir, env: { NEXT_DIST_DIR: DIST_DIR }, unset: ['APPROVAL_REQUIRED'], timeoutMs: 600_000 });
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

/** From the fund list to the share class's screen, by their links. */
async function openShare(page: Page) {
  await page.goto('/admin/funds');
  await page.getByRole('link', { name: FUND, exact: true }).first().click();
  await page.getByRole('link', { name: SHARE, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SHARE);
}

/** A rate as the share page writes it in French ("1,90 %"). */
const percent = (fraction: number) => new Intl.NumberFormat('fr-FR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fraction);

/** The ongoing costs a first-time visitor reads: the share page's HTML, the EMT's 07100 and the EPT's 03060 of the share's own files. */
async function publicCosts(visitor: BrowserContext): Promise<{ page: string; emt: number; ept: number }> {
  const page = await visitor.request.get(PUBLIC_SHARE);
  expect(page.status()).toBe(200);
  const field = async (file: string, code: string) => {
    const answer = await visitor.request.get(`/e/fr/data/funds/aurore-patrimoine/${ISIN}/${file}`);
    expect(answer.status(), file).toBe(200);
    const [header, row] = parseCsv(await answer.text(), ';');
    return Number(row?.[header?.indexOf(code) ?? -1]);
  };
  return {
    page: await page.text(),
    emt: await field('emt.csv', '07100_Financial_Instrument_Gross_Ongoing_Costs'),
    ept: await field('ept.csv', '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs'),
  };
}

const exAnteOngoing = (page: Page) => page.getByRole('group', { name: D.sections.exAnte }).getByLabel(D.fields.ongoing, { exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: A.submit, exact: true });

test('an editor’s new ongoing costs wait for approval; once a compliance officer approves, the screen, the share page and the share’s EMT and EPT show them together', async ({ browser }) => {
  const editor = await signedIn(browser, EDITOR);
  await openShare(editor);
  await editor.getByRole('link', { name: D.link }).click();
  await expect(editor.getByRole('heading', { level: 1, name: D.titleOf.replace('{share}', `${SHARE} (${ISIN})`) })).toBeVisible();
  // Every answer is a word, never a code: the retail question offers the positive target market by name.
  const retail = editor.getByRole('group', { name: D.sections.investorType }).getByLabel(D.fields.retail, { exact: true });
  await expect(retail.locator('option:checked')).toHaveText(D.answers.tri.Y);

  const old = await exAnteOngoing(editor).inputValue();
  expect(Number(old)).toBeGreaterThan(0);
  const fresh = String(Number((Number(old) + 0.25).toFixed(4)));
  // What a visitor reads before: the share page's rate and the two files that carry the ongoing costs.
  const visitor = await browser.newContext({ baseURL: origin });
  const before = await publicCosts(visitor);
  expect(before.emt).toBeCloseTo(Number(old) / 100, 10);
  expect(before.ept).toBeCloseTo(Number(old) / 100, 10);
  expect(before.page).toContain(percent(Number(old) / 100));
  expect(before.page).not.toContain(percent(Number(fresh) / 100));

  // Ongoing costs below the management fee: refused, the problem beside the field, nothing proposed.
  await exAnteOngoing(editor).fill('0');
  await (await hydrated(saveButton(editor))).click();
  await expect(editor.getByRole('main').getByRole('alert').filter({ hasText: T.data.invalid })).toBeVisible();
  await expect(exAnteOngoing(editor)).toHaveAttribute('aria-invalid', 'true');
  await expect(exAnteOngoing(editor)).toHaveAccessibleDescription(new RegExp(D.problems['ongoing-below-fees'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(await axeViolations(editor)).toEqual([]);

  await exAnteOngoing(editor).fill(fresh.replace('.', ','));
  await editor.getByLabel(A.note).fill('Frais courants révisés');
  await saveButton(editor).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();
  // Until it is approved, the screen shows the stored value.
  await editor.reload();
  await expect(exAnteOngoing(editor)).toHaveValue(old);

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: 'Frais courants révisés' });
  await expect(row).toContainText(A.kinds.share.distribution);
  await expect(row).toContainText(A.areas.funds);
  await row.getByRole('link').click();
  // The difference reads as the form does: each field by its section and label, rates as percentages.
  const other = officer.getByRole('table', { name: A.review.diffOther });
  const line = other.getByRole('row').filter({ hasText: `${D.sections.exAnte} — ${D.fields.ongoing}` });
  await expect(line).toContainText(`${old} %`);
  await expect(line).toContainText(`${fresh} %`);
  await officer.getByRole('button', { name: A.review.approve }).click();
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.approved);

  await editor.reload();
  await expect(exAnteOngoing(editor)).toHaveValue(fresh);
  // Published together: the share page, the EMT and the EPT all say the new rate.
  const after = await publicCosts(visitor);
  expect(after.emt).toBeCloseTo(Number(fresh) / 100, 10);
  expect(after.ept).toBeCloseTo(Number(fresh) / 100, 10);
  expect(after.page).toContain(percent(Number(fresh) / 100));
  expect(after.page).toContain(ISIN);
  await visitor.close();
});

test('the fund’s Sustainability screen shows its stored answers, and saving them unchanged stores nothing', async ({ browser }) => {
  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/funds');
  await editor.getByRole('link', { name: FUND, exact: true }).first().click();
  await editor.getByRole('link', { name: S.link }).click();
  await expect(editor.getByRole('heading', { level: 1, name: S.titleOf.replace('{fund}', FUND) })).toBeVisible();
  await expect(editor.getByText(S.article.replace('{article}', '8'))).toBeVisible();
  await expect(editor.getByLabel(S.fields.paiConsidered)).toBeChecked();
  // The seed's article 8 commitments: at least 20 % sustainable investments.
  await expect(editor.getByRole('group', { name: S.sections.art8 }).getByLabel(S.fields.minSustainable)).toHaveValue('20');
  expect(await axeViolations(editor)).toEqual([]);
  await (await hydrated(saveButton(editor))).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.unchanged })).toBeVisible();
});
