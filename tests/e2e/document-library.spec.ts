import { axeViolations } from '../support/axe';
import { expect, test, type Browser, type Page } from '@playwright/test';
import core from '../../messages/core/es.json' with { type: 'json' };
import range from '../../messages/range/es.json' with { type: 'json' };
import { documentTypes } from '../../src/server/db/seed/fixtures/content/reference';
import { funds } from '../../src/server/db/seed/fixtures/funds';

/**
 * The document library (docs/decisions/032) without JavaScript: a plain GET form whose URL can be
 * shared, against the seeded demo data (a first-time RETAIL visitor).
 */

const t = range.DocumentLibrary;
const PATH = '/es/documentos';
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const retailKidShares = fund?.shares.filter((s) => s.visibleTo.includes('RETAIL') && s.documents.includes('KIID')) ?? [];
const kidTitle = documentTypes.find((d) => d.code === 'KIID')?.title.es ?? 'KIID';
const count = (n: number) => (n === 1 ? '1 documento' : `${n} documentos`);

/** The ISINs shown in the share-class column of the results table, in order. */
async function shownIsins(page: Page): Promise<string[]> {
  const table = page.getByRole('main').getByRole('table', { name: t.caption });
  const cells = await table.getByRole('row').locator('td:nth-child(3)').allInnerTexts();
  return cells.map((text) => /\(([A-Z0-9]{12})\)/.exec(text)?.[1] ?? text);
}

/**
 * No axe violation on the page at `url`. Axe runs as a script, which a page without JavaScript cannot
 * run: the same URL (the same HTML) is checked in a browser of the same visitor with scripts on.
 */
async function expectAxeClean(browser: Browser, visitor: Page, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: await visitor.context().storageState(), viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  expect((await axeViolations(page))).toEqual([]);
  await context.close();
}

test.describe('the document library without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('filtered to the Spanish KIDs of one fund: exactly those rows, a shareable URL, a PDF behind each link', async ({ page, browser }) => {
    test.slow();
    expect(fund).toBeDefined();
    expect(retailKidShares.length).toBeGreaterThan(1);
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expectAxeClean(browser, page, page.url());

    await page.getByLabel(t.fund, { exact: true }).selectOption({ label: fund?.title.es ?? '' });
    await page.getByLabel(t.type, { exact: true }).selectOption({ label: kidTitle });
    await page.getByLabel(t.language, { exact: true }).selectOption({ label: t.languages.es });
    await page.getByRole('button', { name: t.submit }).click();

    await expect(page).toHaveURL(/fund=aurore-actions-europe/);
    await expect(page).toHaveURL(/type=KIID/);
    await expect(page).toHaveURL(/language=es/);
    const expected = retailKidShares.map((s) => s.isinCode).sort();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(count(expected.length));
    expect((await shownIsins(page)).sort()).toEqual(expected);
    await expect(page.getByLabel(t.fund, { exact: true })).toHaveValue('aurore-actions-europe');
    await expectAxeClean(browser, page, page.url());

    // The URL is the list: reloading it, or opening it anew, shows the same rows.
    const shared = page.url();
    await page.reload();
    expect((await shownIsins(page)).sort()).toEqual(expected);
    const other = await page.context().newPage();
    await other.goto(shared);
    expect((await shownIsins(other)).sort()).toEqual(expected);
    await other.close();

    // Each row links to the stable address of the current version, which answers the PDF.
    const links = page.getByRole('main').getByRole('table').getByRole('link', { name: new RegExp(`^${kidTitle}`) });
    await expect(links).toHaveCount(expected.length);
    const href = (await links.first().getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/e/es/docs/funds/aurore-actions-europe/[A-Z0-9]{12}/KIID$`));
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the footer links to it, the archive view is a link away, and a page past the last is a 404', async ({ page, browser }) => {
    test.slow();
    await page.goto('/es');
    await page.getByRole('contentinfo').getByRole('link', { name: core.Layout.documentLibrary }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await page.getByRole('link', { name: t.archiveLink }).click();
    await expect(page).toHaveURL(/archive=1/);
    await expect(page.getByRole('checkbox', { name: t.archive })).toBeChecked();
    // The demo has no superseded version yet.
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Ningún documento');
    await expectAxeClean(browser, page, page.url());
    expect((await page.request.get(`${PATH}?page=999`)).status()).toBe(404);
    // The unfiltered first page comes from the cache once rendered; a filtered view is rendered per request.
    await expect.poll(async () => (await page.request.get(PATH)).headers()['x-nextjs-cache']).toBe('HIT');
    const filtered = await page.request.get(`${PATH}?type=KIID`);
    expect(filtered.status()).toBe(200);
    expect(filtered.headers()['x-nextjs-cache']).toBeUndefined();
    expect((await page.request.get(`${PATH}?from=2026-02-30&month=9999-99&language=xx&q=${'a'.repeat(3000)}`)).status()).toBe(200);
  });
});
