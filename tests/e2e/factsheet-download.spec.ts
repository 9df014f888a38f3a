import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import range from '../../messages/range/en.json' with { type: 'json' };
import { completedMonth, monthEnd } from '../../src/domain/documents/factsheet';
import { formatNav } from '../../src/domain/performance/format';
import { shareDataPath } from '../../src/domain/routing/urls';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { documentTypes } from '../../src/server/db/seed/fixtures/content/reference';
import { funds } from '../../src/server/db/seed/fixtures/funds';

/**
 * The monthly factsheet (docs/decisions/033) found in the document library and opened: the seed made
 * those of the demo's latest complete month. Without JavaScript, as the library works.
 */

const t = range.DocumentLibrary;
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.visibleTo.includes('RETAIL'));
const factsheetTitle = documentTypes.find((d) => d.code === 'FACTSHEET')?.title.en ?? 'Factsheet';
const month = completedMonth(DEMO_AS_OF);
const norm = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

test.use({ javaScriptEnabled: false });

test('a factsheet downloaded from the library opens: one or two pages, the ISIN and the NAV of the month', async ({ page }) => {
  test.slow();
  expect(fund && share).toBeTruthy();
  await page.goto('/en/documents');
  await page.getByLabel(t.fund, { exact: true }).selectOption({ label: fund?.title.en ?? '' });
  await page.getByLabel(t.type, { exact: true }).selectOption({ label: factsheetTitle });
  await page.getByLabel(t.language, { exact: true }).selectOption({ label: t.languages.en });
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(/type=FACTSHEET/);

  const row = page.getByRole('main').getByRole('table').getByRole('row').filter({ hasText: share?.isinCode ?? '' });
  const link = row.getByRole('link', { name: new RegExp(`^${factsheetTitle}`) });
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toBe(`/e/en/docs/funds/aurore-actions-europe/${share?.isinCode}/FACTSHEET`);
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const bytes = new Uint8Array(await response.body());

  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
  expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text).toContain(share?.isinCode ?? '');

  // The month's last NAV, from the share page's own NAV-history download, formatted as the share page shows it.
  const csv = await (await page.request.get(shareDataPath('en', 'aurore-actions-europe', share?.isinCode ?? '', 'nav-history.csv'))).text();
  const rows = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','))
    .filter(([, date]) => (date ?? '') <= monthEnd(month));
  const [, , nav, currency] = rows.at(-1) ?? [];
  expect(nav).toBeDefined();
  expect(norm(text)).toContain(norm(formatNav(Number(nav), currency ?? 'EUR', 'en')));
});
