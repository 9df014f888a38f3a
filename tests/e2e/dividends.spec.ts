import { expect, test } from '@playwright/test';
import SHARE_EN from '../../messages/share/en.json' with { type: 'json' };
import { ADMIN_EN, expectAccessible, staffPage } from '../support/admin';
import { parseCsv } from '../support/csv';

/**
 * Distributions (issue 34), what only a browser shows: the share page of a demo distributing share
 * class prints its dividends in an accessible table, and the CSV its link downloads holds exactly
 * the page's values in the page's order; the back-office's import of a dividends file with a bad
 * row shows that line's error. The rest (approval, the API, the 404s) is in tests/integration/dividends.int.test.ts.
 */
const T = SHARE_EN.ShareDividends;
const A = ADMIN_EN.Admin.imports;
const ISIN = 'FR00140B7M26';
const SHARE_PATH = '/en/funds/aurore-actions-europe/shares/part-d-eur';

test('a distributing share page shows its distributions, and its CSV is what the page prints', async ({ page }) => {
  await page.goto(SHARE_PATH);
  const section = page.getByRole('region', { name: T.title, exact: true });
  const table = section.getByRole('table', { name: T.caption.replace('{isin}', ISIN) });
  await expect(table.getByRole('columnheader')).toHaveText([T.exDate, T.recordDate, T.paymentDate, T.amount]);
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  expect(await rows.count()).toBeGreaterThan(5);
  // Each row as the page prints it: the machine values of its cells (<time dateTime>, <data value>) and the currency beside the amount.
  const printed = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const times = [...tr.querySelectorAll('time')].map((t) => t.getAttribute('datetime') ?? '');
      const amount = tr.querySelector('data');
      const currency = (amount?.parentElement?.textContent ?? '').replace(amount?.textContent ?? '', '').trim();
      return [...times, amount?.getAttribute('value') ?? '', currency];
    }),
  );
  // The visible text is the language's: "14 Apr 2025", "0.85 EUR".
  await expect(rows.first().getByRole('rowheader')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(rows.first().getByRole('cell').last()).toHaveText(`${printed[0]?.[3]} EUR`);

  const link = section.getByRole('link', { name: T.csv });
  await expect(link).toHaveAttribute('href', `/e/en/data/funds/aurore-actions-europe/${ISIN}/distributions.csv`);
  const download = page.waitForEvent('download');
  await link.click();
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const [header, ...lines] = parseCsv(Buffer.concat(chunks).toString('utf8')).filter((r) => r.length > 1);
  expect(header).toEqual(['ex_date', 'record_date', 'payment_date', 'amount', 'currency']);
  expect(lines).toEqual(printed);
  await expectAccessible(page);
});

test('the back-office import of a dividends file with a bad row shows the line and its reason', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { context, page } = await staffPage(browser, 'data', baseURL);
  await page.goto('/admin/imports');
  const section = page.getByRole('region', { name: A.dividends.title });
  const form = page.getByRole('form', { name: A.dividends.title });
  const bad = `isin,ex_date,record_date,payment_date,amount,currency\n${ISIN},2027-04-12,2027-04-13,2027-04-15,0.90,EUR\n${ISIN},2028-04-12,2028-04-11,2028-04-15,0.90,EUR\n`;
  await form.getByLabel(A.dividends.file).setInputFiles({ name: 'dividends.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await form.getByRole('button', { name: A.previewButton }).click();
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('The file is refused: 1 bad row. Nothing was written.');
  await expect(alert.getByRole('list', { name: A.errors }).getByRole('listitem')).toHaveText(['Line 3: the record date 2028-04-11 is before the ex-date 2028-04-12']);
  // Nothing to confirm or submit for approval.
  await expect(form.getByRole('button', { name: A.previewButton })).toBeVisible();
  await expect(form.getByRole('button', { name: /^(Confirm|Submit)/ })).toHaveCount(0);
  await context.close();
});
