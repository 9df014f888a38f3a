import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { signIn } from '../support/admin';
import { axeViolations } from '../support/axe';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * A third party's EMT on /admin/imports (issue 32, docs/distribution-data.md), under the DEFAULT
 * approval policy, on a server of its own (the suite's servers run with APPROVAL_REQUIRED empty): the
 * file with three mistakes is refused, each named by its line and field code; the fixed file is
 * previewed line by line and confirmed, and waits as one proposal in the reviews queue. The files are
 * tests/fixtures/findatex/ (built by its build.ts).
 */
const T = ADMIN_FR.Admin;
const F = T.imports.findatex;
const PASSWORD = 'e2e-findatex-password-1';
const EDITOR = 'findatex-editor@fundhouse.test';
const DIST_DIR = '.next-findatex';
const FIXTURES = path.resolve('tests/fixtures/findatex');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-findatex');
  const made = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/admin-create.ts', '--email', EDITOR, '--role', 'editor'], {
    env: { ...process.env, PGLITE_DIR: dir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`admin:create failed:\n${made.stdout}\n${made.stderr}`);
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 15, dir, env: { NEXT_DIST_DIR: DIST_DIR }, unset: ['APPROVAL_REQUIRED'], timeoutMs: 600_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

async function importsScreen(page: Page) {
  await signIn(page, EDITOR, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/imports');
  return { section: page.getByRole('region', { name: F.title }), form: page.getByRole('form', { name: F.title }) };
}

test('an EMT with three mistakes is refused line by line; fixed, it is previewed and submitted as one proposal', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin, locale: 'fr-FR', storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } });
  const page = await context.newPage();
  const { section, form } = await importsScreen(page);

  await form.getByLabel(F.file).setInputFiles(path.join(FIXTURES, 'emt-third-party-3-errors.csv'));
  await form.getByRole('button', { name: T.imports.previewButton }).click();
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('Le fichier est refusé : 3 lignes fautives. Rien n’a été écrit.');
  await expect(alert.getByRole('list', { name: T.imports.errors }).getByRole('listitem')).toHaveText([
    /^Ligne 2 : champ 07100_Financial_Instrument_Gross_Ongoing_Costs : .*« 1,95 »/,
    /^Ligne 3 : champ 01010_Investor_Type_Retail : .*« Yes »/,
    /^Ligne 4 : champ 07160_Ex_Ante_Costs_Reference_Date : .*« 01\/10\/2026 »/,
  ]);
  await expect(section.getByRole('button', { name: new RegExp(T.imports.confirm) })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await form.getByLabel(F.file).setInputFiles(path.join(FIXTURES, 'emt-third-party.csv'));
  await form.getByRole('button', { name: T.imports.previewButton }).click();
  await expect(section.getByRole('status')).toHaveText(T.imports.previewReadyApproval.replace('{file}', 'emt-third-party.csv'));
  const lines = section.getByRole('table', { name: F.caption });
  await expect(lines.getByRole('row')).toHaveCount(4);
  const first = lines.getByRole('row').filter({ hasText: 'FR00140A3K73' });
  await expect(first).toContainText(F.status.changed);
  await expect(first).toContainText('07130_Financial_Instrument_Transaction_Costs_Ex_Ante');

  await form.getByRole('button', { name: T.approval.submitAction.replace('{action}', T.imports.confirm) }).click();
  await expect(section.getByRole('status')).toHaveText(T.approval.proposed);

  // One proposal waits in the queue, named by its kind and its file.
  await page.goto('/admin/reviews');
  const waiting = page.getByRole('table', { name: T.approval.queue.pendingTitle, exact: true }).getByRole('row').filter({ hasText: T.approval.kinds.import.findatex });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('emt-third-party.csv');
  await context.close();
});
