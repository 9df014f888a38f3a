import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { expectAccessible, signIn } from '../support/admin';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';
import { samplePdf } from '../support/sample-documents';
import { approveEventProposal, openFundEvents, recordSuspension } from './support/fund-events';

/**
 * A fund's events (issue 34, docs/back-office.md "Fund events") with the DEFAULT approval policy, on
 * a server of its own (the suite's server runs with APPROVAL_REQUIRED empty): an editor records a
 * suspension of a fund's share classes with its notice PDF in one proposal, a compliance officer
 * approves it once, and the fund's events list then shows it in force with its French notice. The
 * new screens are checked with axe. The door, the import API and bad input are covered by
 * tests/integration/fund-events.int.test.ts.
 */
const T = ADMIN_FR.Admin;
const E = T.events;
const PASSWORD = 'e2e-fund-events-password-1';
const EDITOR = 'events-editor@fundhouse.test';
const COMPLIANCE = 'events-compliance@fundhouse.test';
const FUND = 'Aurore Patrimoine';
const DIST_DIR = '.next-fund-events';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-fund-events');
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
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 16, dir, env: { NEXT_DIST_DIR: DIST_DIR }, unset: ['APPROVAL_REQUIRED'], timeoutMs: 600_000 });
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

test('an editor records a suspension with its notice, a compliance officer approves it once, and the fund’s events list shows it in force', async ({ browser }) => {
  const editor = await signedIn(browser, EDITOR);
  await openFundEvents(editor, FUND);
  await expect(editor.getByText(E.none)).toBeVisible();
  await expectAccessible(editor);
  await editor.getByRole('link', { name: E.new }).click();
  await expectAccessible(editor);

  const today = new Date().toISOString().slice(0, 10);
  const title = 'Suspension des souscriptions et des rachats de toutes les parts';
  await recordSuspension(editor, { fundTitle: FUND, title, text: 'Les ordres reçus seront exécutés à la reprise.', effectiveOn: today, notice: { name: 'avis-suspension.pdf', bytes: samplePdf('Avis aux porteurs') }, note: 'Suspension et son avis' });
  // Nothing is recorded until a second person approves.
  await openFundEvents(editor, FUND);
  await expect(editor.getByText(E.none)).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await approveEventProposal(officer, 'Suspension et son avis', [title, 'avis-suspension.pdf']);

  await editor.reload();
  const list = editor.getByRole('table', { name: E.caption.replace('{title}', FUND) });
  const row = list.getByRole('row').filter({ hasText: E.types.suspension });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(E.effectiveOn.replace('{date}', today));
  await expect(row.getByRole('cell').nth(3)).toHaveText('fr');
  await expect(row.getByRole('cell').nth(4)).toHaveText(E.yes);
  await row.getByRole('link', { name: title }).click();
  await expect(editor.getByRole('table', { name: E.noticesCaption.replace('{event}', title) })).toContainText('avis-suspension.pdf');
  await expectAccessible(editor);
});
