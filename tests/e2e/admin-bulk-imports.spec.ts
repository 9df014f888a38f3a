import { expect, test } from '@playwright/test';
import { ADMIN_EN, expectAccessible, staffPage } from '../support/admin';
import { samplePdf } from '../support/sample-documents';

/**
 * Filling the catalogue without typing it (issue 43, docs/back-office.md, Imports), by roles and
 * labels, on the suite's server (no approval policy: a change is applied at once): a data user
 * previews the NAVs of two share classes in one file (and sees an unknown ISIN refused), then chooses three PDFs with the documents'
 * file input (no drag needed); two names are read, the third is corrected by hand; a PDF impostor is
 * refused with its reason; the documents are then served to the public. Axe finds nothing on the way.
 */
const T = ADMIN_EN.Admin;
const D = T.imports.documents;
const ISIN = 'FR00140U2C49';
const OTHER_ISIN = 'FR00140V9E71';
const FUND_SLUG = 'aurore-tresorerie';
const pdf = (name: string, text: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(samplePdf(text)) });
const named = (template: string, file: string) => template.replace('{file}', file);

test.describe.configure({ mode: 'serial' });

test('a NAV file of two share classes is previewed per share class; an unknown ISIN refuses it whole with its line', async ({ browser, baseURL }) => {
  const { context, page } = await staffPage(browser, 'data', baseURL);
  await page.goto('/admin/imports');
  const form = page.getByRole('form', { name: T.imports.navs.title });
  const section = page.getByRole('region', { name: T.imports.navs.title });
  // Two share classes of one fund, a day far in the future: only previewed, nothing is written.
  const csv = `isin,date,nav\n${ISIN},2099-01-05,101.5\n${OTHER_ISIN},2099-01-05,99\n${ISIN},2099-01-06,101.6\n`;
  await form.getByLabel(T.imports.navs.file).setInputFiles({ name: 'two-shares.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await form.getByRole('button', { name: T.imports.previewButton }).click();
  const series = section.getByRole('table', { name: T.imports.seriesCaption });
  await expect(series.getByRole('row', { name: new RegExp(ISIN) })).toContainText('2099-01-06');
  await expect(series.getByRole('row', { name: new RegExp(OTHER_ISIN) })).toContainText('2099-01-05');
  await expectAccessible(page);

  // An ISIN no share class has, on line 3: the file is refused whole, that line named.
  await form.getByLabel(T.imports.navs.file).setInputFiles({ name: 'unknown.csv', mimeType: 'text/csv', buffer: Buffer.from(`isin,date,nav\n${ISIN},2099-01-05,101.5\nFR0000000000,2099-01-05,99\n`) });
  await form.getByRole('button', { name: T.imports.previewButton }).click();
  const errors = section.getByRole('alert').getByRole('list', { name: T.imports.errors }).getByRole('listitem');
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText('FR0000000000');
  await expect(errors).toContainText('3');
  await expectAccessible(page);
  await context.close();
});

test('PDFs chosen together are read from their names, corrected by hand, and stored together', async ({ browser, baseURL, page: visitor }) => {
  const { context, page } = await staffPage(browser, 'data', baseURL);
  await page.goto('/admin/imports');
  const form = page.getByRole('form', { name: D.title });
  const files = page.getByLabel(D.file);
  await files.setInputFiles([pdf(`${ISIN}_SEMI_ANNUAL_REPORT_es.pdf`, 'Informe semestral'), pdf(`${ISIN}_WEEKLY_REPORT_fr.pdf`, 'Rapport hebdomadaire'), pdf('brochure.pdf', 'Brochure')]);
  const list = form.getByRole('table', { name: D.listCaption });
  await expect(list.getByRole('row')).toHaveCount(4);
  // Read from the name: the ISIN, the type and the language are filled in.
  await expect(form.getByLabel(named(D.isinOf, `${ISIN}_SEMI_ANNUAL_REPORT_es.pdf`))).toHaveValue(ISIN);
  await expect(form.getByLabel(named(D.typeOf, `${ISIN}_SEMI_ANNUAL_REPORT_es.pdf`))).toHaveValue('SEMI_ANNUAL_REPORT');
  await expect(form.getByLabel(named(D.languageOf, `${ISIN}_WEEKLY_REPORT_fr.pdf`))).toHaveValue('fr');
  // The unreadable name says why, and is fixed by hand.
  const brochure = list.getByRole('row', { name: /brochure\.pdf/ });
  await expect(brochure).toContainText(D.nameProblems['no-isin']);
  await expectAccessible(page);
  await form.getByLabel(named(D.isinOf, 'brochure.pdf')).fill(ISIN);
  await form.getByLabel(named(D.typeOf, 'brochure.pdf')).selectOption('ANNUAL_REPORT');
  await form.getByLabel(named(D.languageOf, 'brochure.pdf')).selectOption('es');
  await expect(brochure).toContainText(D.corrected);

  await form.getByRole('button', { name: T.imports.previewButton }).click();
  const section = page.getByRole('region', { name: D.title });
  const preview = section.getByRole('region', { name: T.imports.preview, exact: true });
  await expect(preview.getByRole('table', { name: D.caption }).getByRole('row')).toHaveCount(4);
  await expectAccessible(page);
  await form.getByRole('button', { name: D.confirm }).click();
  await expect(section.getByRole('status')).toContainText('3 documents stored.');

  // A visitor (the default page: a returning visitor) reads them at once.
  for (const [locale, type] of [
    ['es', 'SEMI_ANNUAL_REPORT'],
    ['fr', 'WEEKLY_REPORT'],
    ['es', 'ANNUAL_REPORT'],
  ] as const) {
    const response = await visitor.request.get(`/e/${locale}/docs/funds/${FUND_SLUG}/${ISIN}/${type}`);
    expect(response.status(), type).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  }
  await context.close();
});

test('a file that is not a PDF refuses the whole batch, with its name and reason', async ({ browser, baseURL }) => {
  const { context, page } = await staffPage(browser, 'data', baseURL);
  await page.goto('/admin/imports');
  const form = page.getByRole('form', { name: D.title });
  await page.getByLabel(D.file).setInputFiles([pdf(`${ISIN}_MONTHLY_REPORT_en.pdf`, 'Monthly'), { name: `${ISIN}_PROSPECTUS_en.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('MZ this is no PDF') }]);
  await form.getByRole('button', { name: T.imports.previewButton }).click();
  const alert = page.getByRole('region', { name: D.title }).getByRole('alert');
  await expect(alert.getByRole('list', { name: D.errors }).getByRole('listitem')).toHaveText([named(D.fileProblem.replace('{reason}', D.problems['not-pdf']), `${ISIN}_PROSPECTUS_en.pdf`)]);
  // Nothing to confirm; removing the impostor by its own button leaves the readable file.
  await expect(form.getByRole('button', { name: D.confirm })).toHaveCount(0);
  await form.getByRole('button', { name: named(D.removeOf, `${ISIN}_PROSPECTUS_en.pdf`) }).click();
  await expect(form.getByRole('table', { name: D.listCaption }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await context.close();
});
