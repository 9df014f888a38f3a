import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import rangeEn from '../../messages/range/en.json' with { type: 'json' };
import rangeEs from '../../messages/range/es.json' with { type: 'json' };
import rangeFr from '../../messages/range/fr.json' with { type: 'json' };
import emt43 from '../../src/domain/distribution/findatex/emt-4.3.json' with { type: 'json' };
import { ADMIN_EN, signedInAs } from '../support/admin';
import { axeViolations } from '../support/axe';
import { parseCsv } from '../support/csv';

/**
 * The FinDatEx files as a distributor reaches them (docs/distribution-data.md): the document
 * library's "Data for distributors" in each language, a download read back, and the back-office's
 * list of the share classes left out of a file, with the field codes.
 */
const LIBRARY = { fr: { path: '/fr/documents', t: rangeFr.DocumentLibrary.distributors }, en: { path: '/en/documents', t: rangeEn.DocumentLibrary.distributors }, es: { path: '/es/documentos', t: rangeEs.DocumentLibrary.distributors } } as const;
const FILES = ['emt.csv', 'emt.xlsx', 'ept.csv', 'ept.xlsx', 'eet.csv', 'eet.xlsx'];

test('the document library offers the range files in each language, as HTML without script', async ({ request }) => {
  for (const [locale, { path, t }] of Object.entries(LIBRARY)) {
    const html = await (await request.get(path)).text();
    expect(html, locale).toContain(`>${t.title}</h2>`);
    for (const file of FILES) expect(html, `${locale} ${file}`).toContain(`href="/e/${locale}/data/findatex/${file}"`);
    expect(html, locale).toContain(`href="/e/${locale}/data/findatex/emt.csv?version=4.2"`);
  }
});

test('a distributor downloads the range EMT from the library: the template’s columns, one row per share class', async ({ page }) => {
  const t = LIBRARY.en.t;
  await page.goto(LIBRARY.en.path);
  const section = page.getByRole('region', { name: t.title });
  await expect(section).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: t.csv.replace('{template}', 'EMT') }).click()]);
  expect(download.suggestedFilename()).toMatch(/^range-EMT-V4\.3-\d{4}-\d{2}-\d{2}\.csv$/);
  const table = parseCsv(await readFile((await download.path()) as string, 'utf8'), ';');
  expect(table[0]).toEqual(emt43.fields.map((f) => f.code));
  expect(table.length).toBeGreaterThan(5);
  for (const row of table.slice(1)) expect(row[table[0]?.indexOf('00010_Financial_Instrument_Identifying_Data') ?? 0]).toMatch(/^[A-Z]{2}[A-Z0-9]{9}\d$/);
});

test.describe('the back-office’s distributor files', () => {
  test.use({ storageState: signedInAs('reader') });

  test('lists the share classes left out of the EPT with the field and the reason, axe clean', async ({ page }) => {
    const t = ADMIN_EN.Admin.findatex;
    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: ADMIN_EN.Admin.nav.findatex }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    // The demo's share class whose KID is not published, and the one too young for scenarios.
    const ept = page.getByRole('table', { name: t.caption.replace('{template}', 'EPT').replace('{version}', 'V2.1') });
    await expect(ept.getByRole('row').filter({ hasText: 'LU2588126404' })).toContainText('00070_PRIIPs_KID_Publication_Date');
    await expect(ept.getByRole('row').filter({ hasText: 'LU2588126404' })).toContainText(t.problems.missing);
    await expect(ept.getByRole('row').filter({ hasText: '02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date' }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: t.caption.replace('{template}', 'EMT').replace('{version}', 'V4.3') })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
