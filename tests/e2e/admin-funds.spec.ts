import { expect, test } from '@playwright/test';
import { FUND_CHARACTERISTIC_CODES } from '../../src/domain/funds/form';
import { isinWithCheckDigit } from '../../src/domain/funds/isin';
import DATA_EN from '../../messages/data/en.json' with { type: 'json' };
import { ADMIN_EN, expectAccessible, staffPage, storageStateOf } from '../support/admin';
import { samplePdf, sampleDoc } from '../support/sample-documents';

/**
 * The fund data screens of the back-office, by roles and labels: an editor creates a share class,
 * uploads its KID and imports its NAVs with a preview; a visitor sees them at once; a data user and
 * a reader change nothing (403); every change is in the audit log with before and after.
 * The default `page` is a returning visitor (playwright.config.ts); staff work in their own contexts.
 */
const T = ADMIN_EN.Admin;
const FUND = 'Aurore Crédit Euro';
const FUND_SLUG = 'aurore-credit-euro';

test.describe.configure({ mode: 'serial' });



/** Weekdays from `from` to `to` (YYYY-MM-DD), with a smooth made-up NAV path. */
function navCsv(isin: string, from: string, to: string, bump: (i: number) => number = () => 0): { csv: string; rows: number; last: string } {
  const lines = ['isin,date,nav'];
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  let i = 0;
  let last = from;
  while (day <= end) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      const nav = 100 * (1 + 0.0004 * i + 0.01 * Math.sin(i / 15)) + bump(i);
      last = day.toISOString().slice(0, 10);
      lines.push(`${isin},${last},${nav.toFixed(4)}`);
      i++;
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return { csv: `${lines.join('\n')}\n`, rows: i, last };
}

const stamp = Date.now().toString().slice(-7);
const ISIN = isinWithCheckDigit(`XS99${stamp}`);
const SHARE = { name: `E2E ${stamp}`, slug: `part-e2e-${stamp}` };
const FROM = '2024-11-20';
const TO = '2026-11-20';
const sharePath = `/en/funds/${FUND_SLUG}/shares/${SHARE.slug}`;
let fundUrl = '';
let shareUrl = '';

test.describe('fund data in the back-office', () => {
  test('an editor creates a share class, uploads its KID and imports its NAVs; a visitor sees them at once', async ({ page, browser, baseURL }) => {
    // A dozen screens and an import that also draws the month's factsheets: 1.7 to 2 min on two busy cores.
    test.setTimeout(240_000);
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);

    await editor.goto('/admin');
    await editor.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.funds }).click();
    await expect(editor.getByRole('heading', { level: 1, name: T.funds.title })).toBeVisible();
    await expectAccessible(editor);
    await editor.getByRole('link', { name: FUND, exact: true }).click();
    await expect(editor.getByRole('heading', { level: 1, name: FUND })).toBeVisible();
    fundUrl = new URL(editor.url()).pathname;
    await expectAccessible(editor);

    // A new share class; its ISIN is validated (a wrong check digit is refused on the field).
    await editor.getByRole('link', { name: T.shares.new }).click();
    await expectAccessible(editor);
    const form = editor.getByRole('form', { name: T.shares.new });
    await form.getByLabel(T.shares.fields.name).fill(SHARE.name);
    await form.getByLabel(T.shares.fields.isin).fill(`${ISIN.slice(0, 11)}${(Number(ISIN[11]) + 1) % 10}`);
    await form.getByLabel(T.funds.fields.slug).fill(SHARE.slug);
    const goal = form.getByRole('group', { name: T.shares.fields.goal, exact: true });
    await expect(goal.getByText(T.data.missing)).toHaveCount(3);
    await form.getByLabel(`${T.shares.fields.goal} (Français)`).fill('Objectif de gestion de la part de test.');
    await expect(goal.getByText(T.data.missing)).toHaveCount(2);
    await expect(form.getByLabel(`${T.shares.fields.goal} (English)`)).toHaveAccessibleDescription(T.data.missing);
    await form.getByLabel(T.shares.fields.inceptionDate).fill(FROM);
    await form.getByLabel(T.shares.fields.inceptionNav).fill('100');
    await form.getByLabel(T.funds.fields.sri).fill('3');
    await form.getByRole('button', { name: T.shares.create }).click();
    await expect(editor.getByRole('main').getByRole('alert')).toContainText(T.data.invalid);
    const isinField = editor.getByLabel(T.shares.fields.isin);
    await expect(isinField).toHaveAttribute('aria-invalid', 'true');
    await expect(isinField).toHaveAccessibleDescription(new RegExp('Enter a complete ISIN'));
    await isinField.fill(ISIN);
    await editor.getByRole('button', { name: T.shares.create }).click();
    await expect(editor.getByRole('main').getByRole('status').first()).toHaveText(T.shares.created);
    shareUrl = new URL(editor.url()).pathname;
    await expect(editor.getByText(T.navs.none)).toBeVisible();
    await expectAccessible(editor);

    // The visitor sees the new share class at once, with no KID and no figures yet.
    const before = await page.goto(sharePath);
    expect(before?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(SHARE.name);
    await expect(page.getByRole('link', { name: 'PRIIPs KID' })).toHaveCount(0);

    // Its KID, in English; a non-PDF with a .pdf name is refused with a translated message.
    await editor.goto(fundUrl);
    const upload = editor.getByRole('form', { name: T.documents.upload });
    await upload.getByLabel(T.documents.owner).selectOption({ label: `${SHARE.name} (${ISIN})` });
    await upload.getByLabel(T.documents.type).selectOption({ label: 'PRIIPs KID' });
    await upload.getByLabel(T.documents.language).selectOption('en');
    await upload.getByLabel(T.documents.pdf).setInputFiles({ name: 'kid.pdf', mimeType: 'application/pdf', buffer: Buffer.from(sampleDoc()) });
    await upload.getByRole('button', { name: T.documents.submit }).click();
    const fileField = editor.getByLabel(T.documents.pdf);
    await expect(fileField).toHaveAccessibleDescription(/The file is not a PDF/);
    await expect(editor.getByRole('main').getByRole('alert')).toContainText(T.data.invalid);
    await expect(editor.getByRole('table', { name: /Documents of/ }).getByRole('row').filter({ hasText: ISIN })).toHaveCount(0);

    const upload2 = editor.getByRole('form', { name: T.documents.upload });
    await upload2.getByLabel(T.documents.owner).selectOption({ label: `${SHARE.name} (${ISIN})` });
    await upload2.getByLabel(T.documents.type).selectOption({ label: 'PRIIPs KID' });
    await upload2.getByLabel(T.documents.language).selectOption('en');
    await upload2.getByLabel(T.documents.pdf).setInputFiles({ name: 'kid.pdf', mimeType: 'application/pdf', buffer: Buffer.from(samplePdf('KID E2E')) });
    await upload2.getByRole('button', { name: T.documents.submit }).click();
    // The sample PDF is not tagged: uploaded all the same, with the warning in the same live region.
    const uploaded = editor.getByRole('main').getByRole('status').filter({ hasText: T.documents.uploaded });
    await expect(uploaded).toBeVisible();
    await expect(uploaded).toContainText(T.documents.untagged);
    const docRow = editor.getByRole('table', { name: /Documents of/ }).getByRole('row').filter({ hasText: ISIN });
    await expect(docRow).toHaveCount(1);
    await expect(docRow).toContainText(T.documents.current);
    // Tagged PDF: No (and Published: Yes).
    await expect(docRow.getByRole('cell', { name: T.documents.no, exact: true })).toHaveCount(1);

    // Two years of daily NAVs: the preview first, nothing written; then confirm.
    const navs = navCsv(ISIN, FROM, TO);
    await editor.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.imports }).click();
    await expectAccessible(editor);
    const importForm = editor.getByRole('form', { name: T.imports.navs.title });
    await importForm.getByLabel(T.imports.navs.file).setInputFiles({ name: 'navs.csv', mimeType: 'text/csv', buffer: Buffer.from(navs.csv) });
    await importForm.getByRole('button', { name: T.imports.previewButton }).click();
    const section = editor.getByRole('region', { name: T.imports.navs.title });
    await expect(section.getByRole('status')).toHaveText(`Preview of navs.csv: nothing is written yet. Check it, then confirm.`);
    const seriesRow = section.getByRole('row', { name: new RegExp(ISIN) });
    await expect(seriesRow).toContainText(String(navs.rows));
    await expect(seriesRow).toContainText(FROM);
    await expect(seriesRow).toContainText(navs.last);
    await expectAccessible(editor);
    // Nothing written yet: the share page still has no NAV.
    await page.reload();
    await expect(page.getByRole('table', { name: /Cumulative performance/ })).toHaveCount(0);
    await importForm.getByRole('button', { name: T.imports.confirm }).click();
    // The commit recomputes the share's figures and publishes them: a budget of its own.
    await expect(section.getByRole('status')).toHaveText(`Imported: ${navs.rows} rows written. The public pages show it now.`, { timeout: 60_000 });

    // The visitor: the KID link and the figures, at once.
    await page.goto(sharePath);
    const kid = page.getByRole('link', { name: 'PRIIPs KID' });
    await expect(kid).toBeVisible();
    const pdf = await page.request.get((await kid.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expect(page.getByRole('table', { name: /Cumulative performance/ })).toBeVisible();

    // The audit log has each change with its before and after.
    await editor.goto('/admin/audit?entity=share');
    await expect(editor.getByRole('row').filter({ hasText: 'create' }).filter({ hasText: ISIN })).toHaveCount(1);
    await editor.goto('/admin/audit?entity=document');
    const docEntry = editor.getByRole('row').filter({ hasText: 'create' }).filter({ hasText: 'kid.pdf' });
    await expect(docEntry).toHaveCount(1);
    await expect(docEntry).toContainText('"sha256"');
    await editor.goto('/admin/audit?entity=nav');
    const navEntry = editor.getByRole('row').filter({ hasText: 'import' }).filter({ hasText: ISIN });
    await expect(navEntry.first()).toContainText(`"added": ${navs.rows}`);
    await context.close();
  });

  test('a NAV file that changes NAVs shows old → new; a file with bad rows is refused whole with its lines; a NAV is corrected by hand', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page: data } = await staffPage(browser, 'data', baseURL);
    await data.goto('/admin/imports');
    const section = data.getByRole('region', { name: T.imports.navs.title });
    const importForm = data.getByRole('form', { name: T.imports.navs.title });

    const bad = `isin,date,nav\n${ISIN},2026-11-23,101.5\n${ISIN},2026-13-01,101\n${ISIN},2026-11-24,abc\n`;
    await importForm.getByLabel(T.imports.navs.file).setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await importForm.getByRole('button', { name: T.imports.previewButton }).click();
    const alert = section.getByRole('alert');
    await expect(alert).toContainText('The file is refused: 2 bad rows. Nothing was written.');
    const lines = alert.getByRole('list', { name: T.imports.errors }).getByRole('listitem');
    await expect(lines).toHaveText([/^Line 3: “2026-13-01” is not a date/, /^Line 4: “abc” is not a positive number/]);
    await expect(section.getByRole('button', { name: T.imports.confirm })).toHaveCount(0);

    // One NAV corrected: the preview lists them old → new.
    const navs = navCsv(ISIN, FROM, TO);
    const changed = navs.csv.replace(/(2026-11-19,)([0-9.]+)/, '$1123.4567');
    await importForm.getByLabel(T.imports.navs.file).setInputFiles({ name: 'fix.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
    await importForm.getByRole('button', { name: T.imports.previewButton }).click();
    await expect(section.getByRole('status')).toContainText('Preview of fix.csv');
    const changes = section.getByRole('table', { name: /Values that would change/ });
    const changeRow = changes.getByRole('row').filter({ hasText: '2026-11-19' });
    await expect(changeRow).toContainText('123.4567');
    await importForm.getByRole('button', { name: T.imports.confirm }).click();
    await expect(section.getByRole('status')).toHaveText('Imported: 1 row written. The public pages show it now.');

    // One NAV typed in by hand on the share's screen.
    await data.goto(shareUrl);
    await expectAccessible(data);
    const fix = data.getByRole('form', { name: T.navs.correct });
    await fix.getByLabel(T.navs.date).fill('2026-11-19');
    await fix.getByLabel(T.navs.value, { exact: true }).fill('12,5');
    await fix.getByRole('button', { name: T.navs.submit }).click();
    await expect(data.getByLabel(T.navs.value, { exact: true })).toHaveAccessibleDescription(/Enter a positive NAV/);
    await data.getByLabel(T.navs.value, { exact: true }).fill('120.5');
    await data.getByRole('button', { name: T.navs.submit }).click();
    await expect(data.getByRole('main').getByRole('status').filter({ hasText: 'NAV of 2026-11-19 corrected: 123.4567 → 120.5.' })).toBeVisible();
    await data.goto('/admin/audit?entity=nav');
    const entry = data.getByRole('row').filter({ hasText: `${ISIN}@2026-11-19` });
    await expect(entry).toContainText('"nav": 123.4567');
    await expect(entry).toContainText('"nav": 120.5');

    // A data user edits no fund: the edit screen is the 403 screen.
    const response = await data.goto(`${fundUrl}/edit`);
    expect(response?.status()).toBe(403);
    await expect(data.getByRole('heading', { level: 1, name: T.forbidden.title })).toBeVisible();
    await context.close();
  });

  test('an editor unpublishes, publishes again and deletes the KID: the visitor sees each change at once', async ({ page, browser, baseURL }) => {
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto(fundUrl);
    // The KID's row: the share class also has its monthly factsheets (docs/decisions/033).
    const row = editor.getByRole('table', { name: /Documents of/ }).getByRole('row').filter({ hasText: ISIN }).filter({ hasText: 'PRIIPs KID' });
    await row.getByRole('button', { name: T.documents.unpublish }).click();
    await expect(row.getByRole('status').filter({ hasText: T.documents.unpublishedDone })).toBeVisible();
    await page.goto(sharePath);
    await expect(page.getByRole('table', { name: /Cumulative performance/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'PRIIPs KID' })).toHaveCount(0);

    await row.getByRole('button', { name: T.documents.publish }).click();
    await expect(row.getByRole('status').filter({ hasText: T.documents.publishedDone })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'PRIIPs KID' })).toBeVisible();

    await row.getByRole('button', { name: T.documents.delete }).click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'PRIIPs KID' })).toHaveCount(0);

    await editor.goto('/admin/audit?entity=document');
    for (const action of ['unpublish', 'publish', 'delete']) {
      await expect(editor.getByRole('row').filter({ has: editor.getByRole('cell', { name: action, exact: true }) }).first()).toBeVisible();
    }
    await context.close();
  });

  test('benchmark and portfolio files are previewed too, and refused whole with their bad lines', async ({ browser, baseURL }) => {
    const { context, page: data } = await staffPage(browser, 'data', baseURL);
    await data.goto('/admin/imports');
    const benchmarks = data.getByRole('region', { name: T.imports.benchmarks.title });
    const benchmarkForm = data.getByRole('form', { name: T.imports.benchmarks.title });
    const badBenchmarks = 'benchmark,date,value\nidx-europe-equity,2027-01-04,123.45\nidx-nope,2027-01-04,100\n';
    await benchmarkForm.getByLabel(T.imports.benchmarks.file).setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(badBenchmarks) });
    await benchmarkForm.getByRole('button', { name: T.imports.previewButton }).click();
    await expect(benchmarks.getByRole('alert')).toContainText('The file is refused: 1 bad row. Nothing was written.');
    await expect(benchmarks.getByRole('alert').getByRole('listitem')).toHaveText(['Line 3: no benchmark has the code idx-nope']);

    const goodBenchmarks = 'benchmark,date,value\nidx-europe-equity,2027-01-04,123.45\n';
    await benchmarkForm.getByLabel(T.imports.benchmarks.file).setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(goodBenchmarks) });
    await benchmarkForm.getByRole('button', { name: T.imports.previewButton }).click();
    await expect(benchmarks.getByRole('status')).toContainText('Preview of bench.csv');
    await expect(benchmarks.getByRole('row', { name: /idx-europe-equity/ })).toContainText('2027-01-04');
    await expect(benchmarks.getByRole('button', { name: T.imports.confirm })).toBeVisible();
    // Choosing another file withdraws the preview and its confirmation.
    await benchmarkForm.getByLabel(T.imports.benchmarks.file).setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from(badBenchmarks) });
    await expect(benchmarks.getByRole('button', { name: T.imports.confirm })).toHaveCount(0);

    const portfolios = data.getByRole('region', { name: T.imports.portfolios.title });
    const portfolioForm = data.getByRole('form', { name: T.imports.portfolios.title });
    const badPortfolio = 'fund,date,kind,code,name,weight,isin,asset_class,sector,country,label_fr,label_en,label_es\naurore-credit-euro,2026-10-31,bogus,x,X,0.1,,,,,,,\n';
    await portfolioForm.getByLabel(T.imports.portfolios.file).setInputFiles({ name: 'portfolio.csv', mimeType: 'text/csv', buffer: Buffer.from(badPortfolio) });
    await portfolioForm.getByRole('button', { name: T.imports.previewButton }).click();
    await expect(portfolios.getByRole('alert').getByRole('listitem').first()).toHaveText(/^Line 2: “bogus” is not a kind/);
    await context.close();
  });

  for (const role of ['data', 'reader'] as const) {
    test(`a ${role} user posting the fund form gets 403 and nothing changes`, async ({ browser, baseURL }) => {
      const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
      await editor.goto(`${fundUrl}/edit`);
      await expectAccessible(editor);
      const form = editor.getByRole('form', { name: T.funds.edit });
      const title = form.getByLabel(`${T.funds.fields.title} (English)`);
      const original = await title.inputValue();
      await title.fill(`${original} changed by ${role}`);
      // The page stays open while the browser's session becomes the other role's (a stale page, a forged post).
      const other = await browser.newContext({ storageState: storageStateOf(role) });
      const cookies = await other.cookies();
      await other.close();
      await context.clearCookies();
      await context.addCookies(cookies);
      const answer = editor.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `${fundUrl}/edit`);
      await form.getByRole('button', { name: T.data.save }).click();
      expect((await answer).status()).toBe(403);
      await context.close();

      const { context: adminContext, page: admin } = await staffPage(browser, 'admin', baseURL);
      await admin.goto(`${fundUrl}/edit`);
      await expect(admin.getByLabel(`${T.funds.fields.title} (English)`)).toHaveValue(original);
      await admin.goto('/admin/audit?entity=fund');
      await expect(admin.getByRole('row').filter({ hasText: `changed by ${role}` })).toHaveCount(0);
      await adminContext.close();
    });
  }

  test('a reader sees the fund screens without any form, and the imports screen is forbidden', async ({ browser, baseURL }) => {
    const { context, page: reader } = await staffPage(browser, 'reader', baseURL);
    await reader.goto(fundUrl);
    await expect(reader.getByRole('heading', { level: 1, name: FUND })).toBeVisible();
    await expect(reader.getByRole('link', { name: T.funds.edit })).toHaveCount(0);
    await expect(reader.getByRole('form')).toHaveCount(0);
    await expect(reader.getByRole('button', { name: T.documents.delete })).toHaveCount(0);
    await expect(reader.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.imports })).toHaveCount(0);
    const response = await reader.goto('/admin/imports');
    expect(response?.status()).toBe(403);
    await context.close();
  });

  test('an editor edits a fund: translations side by side, a missing one shown as missing, SRI checked, AUM saved; all audited', async ({ browser, baseURL }) => {
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto('/admin/funds/new');
    await expectAccessible(editor);
    await editor.goto(`${fundUrl}/edit`);
    const form = editor.getByRole('form', { name: T.funds.edit });
    const sri = await form.getByLabel(T.funds.fields.sri).inputValue();
    const philosophy = await form.getByLabel(`${T.funds.fields.philosophy} (Español)`).inputValue();
    expect(philosophy).not.toBe('');
    await form.getByLabel(T.funds.fields.sri).fill('9');
    await form.getByRole('button', { name: T.data.save }).click();
    await expect(editor.getByLabel(T.funds.fields.sri)).toHaveAccessibleDescription(/The SRI goes from 1 to 7/);
    await expect(editor.getByRole('main').getByRole('alert')).toContainText(T.data.invalid);
    await editor.getByLabel(`${T.funds.fields.philosophy} (Español)`).fill('');
    await editor.getByLabel(T.funds.fields.sri).fill(sri);
    await editor.getByRole('button', { name: T.data.save }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.data.saved })).toBeVisible();
    await expect(editor.getByLabel(`${T.funds.fields.philosophy} (Español)`)).toHaveAccessibleDescription(T.data.missing);
    // Put the Spanish text back (other specs read this fund).
    await editor.getByLabel(`${T.funds.fields.philosophy} (Español)`).fill(philosophy);
    await editor.getByRole('button', { name: T.data.save }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.data.saved })).toBeVisible();
    await expect(editor.getByLabel(`${T.funds.fields.philosophy} (Español)`)).not.toHaveAccessibleDescription(T.data.missing);

    await editor.goto(fundUrl);
    const aum = editor.getByRole('form', { name: T.funds.aum });
    const aumValue = await aum.getByLabel(T.funds.fields.aumValue).inputValue();
    const aumDate = await aum.getByLabel(T.funds.fields.aumDate).inputValue();
    await aum.getByLabel(T.funds.fields.aumValue).fill('123456789.5');
    await aum.getByLabel(T.funds.fields.aumDate).fill('2026-10-31');
    await aum.getByRole('button', { name: T.funds.saveAum }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.funds.aumSaved })).toBeVisible();
    await aum.getByLabel(T.funds.fields.aumValue).fill(aumValue);
    await aum.getByLabel(T.funds.fields.aumDate).fill(aumDate);
    const restored = editor.waitForResponse((r) => r.request().method() === 'POST');
    await aum.getByRole('button', { name: T.funds.saveAum }).click();
    expect((await restored).status()).toBe(200);

    await editor.goto('/admin/audit?entity=fund');
    await expect(editor.getByRole('row').filter({ hasText: 'update-aum' }).filter({ hasText: '123456789.5' })).toHaveCount(2);
    await expect(editor.getByRole('row').filter({ hasText: 'update' }).filter({ hasText: '"philosophy"' }).first()).toBeVisible();
    await context.close();
  });

  test('an editor edits a characteristic and a partner in each language, side by side; a visitor reads them at once', async ({ page, browser, baseURL }) => {
    // Three saves, each read back by a visitor: more than one default budget on a busy machine.
    test.setTimeout(180_000);
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto(`${fundUrl}/edit`);
    const form = editor.getByRole('form', { name: T.funds.edit });
    const characteristics = form.getByRole('group', { name: T.funds.fields.characteristics, exact: true });
    // Every characteristic of a fund, in the three languages (the demo fund holds no code the catalog does not know).
    await expect(characteristics.getByRole('textbox')).toHaveCount(FUND_CHARACTERISTIC_CODES.length * 3);
    const custodian = (lang: string) => characteristics.getByLabel(`Custodian (${lang})`);
    const before = { fr: await custodian('Français').inputValue(), en: await custodian('English').inputValue() };
    expect(before.fr).not.toBe('');
    const custodianEn = `E2E custodian bank ${stamp}`;
    await custodian('English').fill(custodianEn);

    // The first empty partner row takes a new distributor, in French and English; Spanish stays missing.
    const partners = form.getByRole('group', { name: T.funds.fields.partners, exact: true });
    const label = (key: 'partnerName' | 'partnerUrl' | 'partnerDescription', n: number) => T.funds.fields[key].replace('{n}', String(n));
    let n = 1;
    while ((await partners.getByLabel(label('partnerName', n), { exact: true }).inputValue()) !== '') n++;
    const partner = { name: `E2E Distributor ${stamp}`, url: `https://distributor-${stamp}.example` };
    await partners.getByLabel(label('partnerName', n), { exact: true }).fill(partner.name);
    await partners.getByLabel(label('partnerUrl', n), { exact: true }).fill('ftp://not-a-web-address.example');
    await partners.getByLabel(`${label('partnerDescription', n)} (Français)`).fill('Distributeur en ligne de test');
    await partners.getByLabel(`${label('partnerDescription', n)} (English)`).fill(`Online test distributor ${stamp}`);
    await expect(partners.getByLabel(`${label('partnerDescription', n)} (Español)`)).toHaveAccessibleDescription(T.data.missing);
    await form.getByRole('button', { name: T.data.save }).click();
    // A bad address is reported on that partner's own field, and nothing typed is lost.
    await expect(editor.getByLabel(label('partnerUrl', n), { exact: true })).toHaveAccessibleDescription(`${T.funds.fields.partnerUrlHint} ${DATA_EN.DataImport.field.url}`);
    await expect(editor.getByLabel(label('partnerName', n), { exact: true })).toHaveValue(partner.name);
    await editor.getByLabel(label('partnerUrl', n), { exact: true }).fill(partner.url);
    await editor.getByRole('button', { name: T.data.save }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.data.saved })).toBeVisible();
    await expectAccessible(editor);

    const characteristic = (term: string) => page.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
    await page.goto(`/en/funds/${FUND_SLUG}/characteristics`);
    await expect(characteristic('Custodian')).toHaveText(custodianEn);
    await page.goto(`/fr/funds/${FUND_SLUG}/characteristics`);
    await expect(characteristic('Dépositaire')).toHaveText(before.fr);
    await page.goto(`/en/funds/${FUND_SLUG}`);
    const link = page.getByRole('link', { name: partner.name });
    await expect(link).toHaveAttribute('href', partner.url);
    await expect(page.getByRole('listitem').filter({ has: link })).toContainText(`Online test distributor ${stamp}`);

    await editor.goto('/admin/audit?entity=fund');
    await expect(editor.getByRole('row').filter({ hasText: custodianEn }).first()).toBeVisible();

    // Put the fund back as it was (an emptied partner row is no partner).
    await editor.goto(`${fundUrl}/edit`);
    await custodian('English').fill(before.en);
    for (const key of ['partnerName', 'partnerUrl'] as const) await partners.getByLabel(label(key, n), { exact: true }).fill('');
    for (const lang of ['Français', 'English']) await partners.getByLabel(`${label('partnerDescription', n)} (${lang})`).fill('');
    await form.getByRole('button', { name: T.data.save }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.data.saved })).toBeVisible();
    await page.goto(`/en/funds/${FUND_SLUG}`);
    await expect(page.getByRole('link', { name: partner.name })).toHaveCount(0);
    await context.close();
  });
});

test.describe('share classes in the back-office', () => {
  test('an ISIN already used is refused on its field; archiving the share class takes it off the site at once', async ({ page, browser, baseURL }) => {
    expect(shareUrl, 'the share class the first test creates').toBeTruthy();
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto(shareUrl);
    await expectAccessible(editor);
    const form = editor.getByRole('form', { name: T.shares.edit });
    const taken = await (async () => {
      await editor.goto(fundUrl);
      const other = editor.getByRole('table', { name: /Share classes of/ }).getByRole('row').nth(1).getByRole('cell').nth(1);
      return (await other.textContent()) ?? '';
    })();
    expect(taken).not.toBe(ISIN);
    await editor.goto(shareUrl);
    await form.getByLabel(T.shares.fields.isin).fill(taken);
    await form.getByRole('button', { name: T.data.save }).click();
    await expect(editor.getByLabel(T.shares.fields.isin)).toHaveAccessibleDescription(/Already used by another entry/);

    await editor.reload();
    await editor.getByRole('button', { name: T.shares.archive }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.shares.archived })).toBeVisible();
    await expect(editor.getByText(`${T.funds.state}: ${T.funds.archivedState}`)).toBeVisible();
    await expect(editor.getByRole('button', { name: T.shares.archive })).toBeDisabled();
    const response = await page.goto(sharePath);
    expect(response?.status()).toBe(404);
    await editor.goto('/admin/audit?entity=share');
    const entry = editor.getByRole('row').filter({ has: editor.getByRole('cell', { name: 'update', exact: true }) }).filter({ hasText: '"active": false' });
    await expect(entry.first()).toContainText('"active": true');
    await context.close();
  });
});
