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

/**
 * What a browser does when the tab is switched or the app backgrounded, then back: the page is
 * visible again at once, so a reporter loaded later does not count the page as hidden from the start.
 */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/**
 * Records the page's beacons (still sent): Playwright sees no response to a sendBeacon request
 * (microsoft/playwright#12231 and others), so the test reads the body the page sent and posts it
 * again to the server to read its answer.
 */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const sent: { url: string; body: string }[] = [];
    (window as unknown as { sentBeacons: typeof sent }).sentBeacons = sent;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      sent.push({ url: String(url), body: typeof data === 'string' ? data : '' });
      return original(url, data);
    };
  });
}

const sentBeacons = (page: Page) => page.evaluate(() => (window as unknown as { sentBeacons: { url: string; body: string }[] }).sentBeacons);

test('a sampled visit posts its vitals when the page is hidden, and the server takes them', async ({ page, baseURL }) => {
  await pinRandom(page, 0);
  await recordBeacons(page);
  await page.goto('/fr/gamme-fonds?sri=4');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The reporter loads on idle (within 10 s) and marks the page once it listens; hiding the page then sends what it has.
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'reporting', { timeout: 30_000 });
  await hide(page);
  await expect.poll(() => sentBeacons(page)).not.toEqual([]);
  const [beacon] = await sentBeacons(page);
  expect(beacon?.url).toBe('/api/vitals');
  const body = JSON.parse(beacon!.body) as { path: string; navigationType: string; metrics: { name: string }[] };
  // The landing path only: no query string leaves the browser.
  expect(body.path).toBe('/fr/gamme-fonds');
  expect(body.navigationType).toBe('navigate');
  expect(body.metrics.map((m) => m.name)).toEqual(expect.arrayContaining(['TTFB', 'FCP']));
  const answer = await page.request.post('/api/vitals', { data: beacon!.body, headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseURL! } });
  expect(answer.status()).toBe(204);
});

test('a visit outside the sample posts nothing', async ({ page }) => {
  await pinRandom(page, 0.99);
  await recordBeacons(page);
  await page.goto('/fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The decision is made once the page has hydrated: out of the sample, no reporter is ever loaded.
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'off');
  await hide(page);
  expect(await sentBeacons(page)).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'off');
});
