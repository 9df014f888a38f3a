import { expect, test, type Page } from '@playwright/test';
import { PATHNAMES } from '../../src/domain/routing/pathnames';
import { ADMIN_EN, expectAccessible, staffPage } from '../support/admin';
import { hydrated } from '../support/hydration';

/**
 * The registration matrix in the back-office (issue 21), by roles and labels: an editor changes a cell
 * of a fund's grid and it is saved (and, once the public side filters by country, the visitor of that
 * country loses or gets the share class at once); a registration CSV with a bad row is refused whole
 * with its line; the same file twice changes nothing; a reader sees the grid but cannot change it.
 */
const T = ADMIN_EN.Admin;
const FUND = 'Aurore Actions Europe';
const FUND_SLUG = 'aurore-actions-europe';
const ISIN = 'FR00140B7M26';
const SHARE_PATH = `/en/funds/${FUND_SLUG}/shares/part-d-eur`;
const CELL = `RETAIL, ${ISIN}, Spain`;
/** The visitor's side (filtering by the `investor_country` cookie) comes with the public half of issue 21. */
const PUBLIC_SIDE = Object.keys(PATHNAMES).some((path) => path.includes('[country]'));

test.describe.configure({ mode: 'serial' });

async function openGrid(page: Page) {
  await page.goto('/admin/funds');
  await page.getByRole('link', { name: FUND, exact: true }).click();
  await page.getByRole('link', { name: T.registrations.open.replace('{title}', FUND) }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.registrations.heading.replace('{title}', FUND) })).toBeVisible();
  const form = page.getByRole('form', { name: T.registrations.form.replace('{title}', FUND) });
  // Until React hydrates the grid, a press on Publish is the browser's own form post.
  return hydrated(form);
}

async function visitorStatus(page: Page, baseURL: string | undefined, country: string): Promise<number> {
  const url = baseURL ?? 'http://127.0.0.1';
  await page.context().addCookies([
    { name: 'investor_country', value: country, url },
    { name: 'investor_profile', value: 'RETAIL', url },
  ]);
  const res = await page.goto(SHARE_PATH);
  return res?.status() ?? 0;
}

test.describe('the registration matrix in the back-office', () => {
  test('an editor changes a cell of the grid: saved, dated, audited; the same grid again changes nothing', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    const grid = await openGrid(editor);
    await expectAccessible(editor);
    const cell = grid.getByRole('checkbox', { name: CELL });
    await expect(cell).toBeEnabled();
    const wasRegistered = await cell.isChecked();

    // Keyboard: focus the cell and toggle it with the space bar, then save.
    await cell.focus();
    await editor.keyboard.press('Space');
    await expect(cell).toBeChecked({ checked: !wasRegistered });
    await grid.getByLabel(T.registrations.date).fill('2026-11-02');
    await grid.getByRole('button', { name: T.registrations.save }).click();
    await expect(editor.getByRole('status').filter({ hasText: /^Saved: / })).toHaveText(
      wasRegistered ? 'Saved: no new registration, 1 withdrawal. The public pages show it now.' : 'Saved: 1 registration, no withdrawal. The public pages show it now.',
    );
    await editor.reload();
    const saved = (await openGrid(editor)).getByRole('checkbox', { name: CELL });
    await expect(saved).toBeChecked({ checked: !wasRegistered });
    await expect(saved).toHaveAccessibleDescription(wasRegistered ? 'withdrawn on 2026-11-02' : 'since 2026-11-02');
    await expectAccessible(editor);

    if (PUBLIC_SIDE) {
      // The visitor resident in Spain: the share class's page is gone (or back) at once.
      expect(await visitorStatus(page, baseURL, 'ES')).toBe(wasRegistered ? 404 : 200);
    }

    // Saving the same grid again changes nothing.
    const again = await openGrid(editor);
    await again.getByRole('button', { name: T.registrations.save }).click();
    await expect(editor.getByRole('status').filter({ hasText: T.data.unchanged })).toBeVisible();

    // Back as it was: unticked (or ticked) again, and the change is in the audit log. On a grid
    // opened afresh: React resets a form once its action's transition ends, which can come after
    // the answer is shown and undo a box ticked in between.
    const back = await openGrid(editor);
    await back.getByRole('checkbox', { name: CELL }).click();
    await expect(back.getByRole('checkbox', { name: CELL })).toBeChecked({ checked: wasRegistered });
    await back.getByLabel(T.registrations.date).fill('2026-11-03');
    await back.getByRole('button', { name: T.registrations.save }).click();
    await expect(editor.getByRole('status').filter({ hasText: /^Saved: / })).toBeVisible();
    if (PUBLIC_SIDE) expect(await visitorStatus(page, baseURL, 'ES')).toBe(wasRegistered ? 200 : 404);

    await editor.goto('/admin/audit?entity=share_registration');
    await expect(editor.getByRole('row').filter({ hasText: 'update' }).filter({ hasText: ISIN }).first()).toContainText('"country": "ES"');
    await context.close();
  });

  test('a registration CSV with a bad row is refused whole with its line; the same file twice changes nothing', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto('/admin/imports');
    const section = editor.getByRole('region', { name: T.imports.registrations.title });
    const form = editor.getByRole('form', { name: T.imports.registrations.title });
    const file = form.getByLabel(T.imports.registrations.file);

    const bad = `isin,country,investor_profile,status,date\n${ISIN},BE,CGP,registered,2026-01-05\n${ISIN},Belgium,CGP,registered,2026-01-05\n`;
    await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await form.getByRole('button', { name: T.imports.previewButton }).click();
    const alert = section.getByRole('alert');
    await expect(alert).toContainText('The file is refused: 1 bad row. Nothing was written.');
    await expect(alert.getByRole('list', { name: T.imports.errors }).getByRole('listitem')).toHaveText([/^Line 3: “Belgium” is not a two-letter country code/]);
    await expect(form.getByRole('button', { name: T.imports.confirm })).toHaveCount(0);

    const good = `isin,country,investor_profile,status,date\n${ISIN},BE,CGP,registered,2026-01-05\n${ISIN},LU,INSTIT,registered,2026-01-05\n`;
    await file.setInputFiles({ name: 'matrix.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await form.getByRole('button', { name: T.imports.previewButton }).click();
    await expect(section.getByRole('status')).toHaveText('Preview of matrix.csv: nothing is written yet. Check it, then confirm.');
    await expect(section.getByRole('table', { name: /Registrations that would change/ }).getByRole('row').filter({ hasText: 'BE' })).toContainText('since 2026-01-05');
    await expectAccessible(editor);
    await form.getByRole('button', { name: T.imports.confirm }).click();
    await expect(section.getByRole('status')).toHaveText(/^Imported: [12] rows? written\. The public pages show it now\.$/);

    // The same file again: the preview says it changes nothing, and confirming writes nothing.
    await file.setInputFiles({ name: 'matrix.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await form.getByRole('button', { name: T.imports.previewButton }).click();
    await expect(section.getByText('2 rows: 0 registered, 0 withdrawn, 2 already as stated.')).toBeVisible();
    await form.getByRole('button', { name: T.imports.confirm }).click();
    await expect(section.getByRole('status')).toHaveText('Imported: nothing new to write. The public pages show it now.');

    // The grid shows what the file registered.
    const grid = await openGrid(editor);
    await expect(grid.getByRole('checkbox', { name: `CGP, ${ISIN}, Belgium` })).toBeChecked();
    await expect(grid.getByRole('checkbox', { name: `INSTIT, ${ISIN}, Luxembourg` })).toHaveAccessibleDescription('since 2026-01-05');
    await context.close();
  });

  test('a reader sees the grid but cannot change it; the data role has no registration import', async ({ browser, baseURL }) => {
    const reader = await staffPage(browser, 'reader', baseURL);
    const grid = await openGrid(reader.page);
    await expect(grid.getByRole('checkbox', { name: CELL })).toBeDisabled();
    await expect(grid.getByRole('button', { name: T.registrations.save })).toHaveCount(0);
    await reader.context.close();
    const data = await staffPage(browser, 'data', baseURL);
    await data.page.goto('/admin/imports');
    await expect(data.page.getByRole('region', { name: T.imports.navs.title })).toBeVisible();
    await expect(data.page.getByRole('region', { name: T.imports.registrations.title })).toHaveCount(0);
    await data.context.close();
  });
});
