import { expect, test, type Page } from '@playwright/test';

/**
 * Real-user Core Web Vitals (docs/decisions/034): a sampled visit loads the reporter once the page
 * is idle and posts its figures to /api/vitals when the page is hidden. The e2e server runs with
 * the default rate (0.1); Math.random is pinned so that this visit is, or is not, in the sample.
 */
async function pinRandom(page: Page, value: number) {
  await page.addInitScript((v) => {
    Math.random = () => v;
  }, value);
}

/** What a browser does when the tab is switched or the app backgrounded. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('a sampled visit posts its vitals when the page is hidden, and the server takes them', async ({ page }) => {
  await pinRandom(page, 0);
  await page.goto('/fr/gamme-fonds?sri=4');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The reporter loads on idle: hide the page until a beacon leaves (each hide sends what is pending).
  let body: { path: string; navigationType: string; metrics: { name: string }[] } | undefined;
  await expect(async () => {
    const response = page.waitForResponse((r) => r.url().endsWith('/api/vitals') && r.request().method() === 'POST', { timeout: 3_000 });
    await hide(page);
    const answered = await response;
    expect(answered.status()).toBe(204);
    body = JSON.parse(answered.request().postData() ?? '{}') as typeof body;
  }).toPass({ timeout: 30_000 });
  // The landing path only: no query string leaves the browser.
  expect(body?.path).toBe('/fr/gamme-fonds');
  expect(body?.navigationType).toBe('navigate');
  expect(body?.metrics.map((m) => m.name)).toEqual(expect.arrayContaining(['TTFB', 'FCP']));
});

test('a visit outside the sample posts nothing', async ({ page }) => {
  await pinRandom(page, 0.99);
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/vitals')) posted.push(r.url());
  });
  await page.goto('/fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  // Idle callbacks run within their 10 s timeout; give them that, then hide the page.
  await page.waitForTimeout(11_000);
  await hide(page);
  await page.waitForTimeout(1_000);
  expect(posted).toEqual([]);
});
