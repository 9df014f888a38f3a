import { expect, test, type Page } from '@playwright/test';

/**
 * The navigation behaviours of docs/product.md §2 and §4, as the framework now gives them: the page
 * transition named "page" (React's <ViewTransition>), a glide to a hash of the page (CSS
 * scroll-behavior), back/forward returning where the visitor was, and the reload after a code chunk
 * failed to load. The glide between news pages is in content-news.spec.ts, the loading bar in
 * loading-bar.spec.ts.
 */

/** Records, from the document's start, the pseudo-elements animated by each view transition. */
async function recordViewTransitions(page: Page) {
  await page.addInitScript(() => {
    const seen: string[][] = [];
    (window as unknown as { viewTransitions: string[][] }).viewTransitions = seen;
    const start = document.startViewTransition?.bind(document);
    if (!start) return;
    document.startViewTransition = ((update: Parameters<typeof start>[0]) => {
      const transition = start(update);
      void transition.ready.then(
        () => seen.push(document.getAnimations().map((a) => (a.effect as KeyframeEffect | null)?.pseudoElement ?? '')),
        () => seen.push(['skipped']),
      );
      return transition;
    }) as typeof document.startViewTransition;
  });
  return () => page.evaluate(() => (window as unknown as { viewTransitions: string[][] }).viewTransitions);
}

/** Records every scroll position the window goes through from now on. */
async function recordScrolls(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { scrolls: number[] }).scrolls = seen;
    window.addEventListener('scroll', () => seen.push(Math.round(window.scrollY)), { passive: true });
  });
  return () => page.evaluate(() => (window as unknown as { scrolls: number[] }).scrolls);
}

test('a new page comes in with the "page" transition, out then in; the header does not move', async ({ page }) => {
  const transitions = await recordViewTransitions(page);
  await page.goto('/en/about-us');
  await page.waitForLoadState('networkidle');
  await page.locator('header nav a[href="/en/contact"]').first().click();
  await page.waitForURL(/\/en\/contact$/);
  await expect.poll(transitions).toHaveLength(1);
  const [animated] = await transitions();
  expect(animated).toEqual(expect.arrayContaining(['::view-transition-old(page)', '::view-transition-new(page)']));
  expect(animated).not.toContain('::view-transition-old(root)');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('pages change without animation, and a hash is reached in one jump', async ({ page }) => {
    const transitions = await recordViewTransitions(page);
    await page.goto('/en/about-us');
    await page.waitForLoadState('networkidle');
    await page.locator('header nav a[href="/en/contact"]').first().click();
    await page.waitForURL(/\/en\/contact$/);
    for (const animated of await transitions()) expect(animated.filter((p) => p.includes('(page)'))).toEqual([]);

    await page.goto('/en/legal-notices');
    const scrolls = await recordScrolls(page);
    const link = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').last();
    const id = (await link.getAttribute('href'))!.slice(1);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect.poll(() => page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id)).toBeLessThanOrEqual(100);
    expect(new Set(await scrolls()).size).toBe(1);
  });
});

test('a link to a hash of the page glides to its anchor', async ({ page }) => {
  await page.goto('/en/legal-notices');
  const scrolls = await recordScrolls(page);
  const link = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').last();
  const id = (await link.getAttribute('href'))!.slice(1);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/en/legal-notices#${id}$`));
  await expect.poll(() => page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id)).toBeLessThanOrEqual(100);
  expect(await page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id)).toBeGreaterThanOrEqual(0);
  expect(new Set(await scrolls()).size, 'a glide goes through several positions').toBeGreaterThan(2);
});

test('back returns to where the visitor was on the page before, forward to the top of the next', async ({ page }) => {
  await page.goto('/en/fund-range');
  const fundLink = page.getByRole('main').locator('a[href^="/en/funds/"]').last();
  await fundLink.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 40));
  const before = await page.evaluate(() => Math.round(window.scrollY));
  expect(before).toBeGreaterThan(300);
  const href = (await fundLink.getAttribute('href'))!;
  await fundLink.click();
  await page.waitForURL((url) => url.pathname === href);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await page.goBack();
  await page.waitForURL(/\/en\/fund-range$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(before - 5);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBeLessThan(before + 5);
  await page.goForward();
  await page.waitForURL((url) => url.pathname === href);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
});

test('a code chunk that fails to load reloads the page, once a minute at most; then the loading bar says it failed', async ({ page }) => {
  await page.goto('/en/about-us');
  await page.waitForLoadState('networkidle');
  // What a deployment does to a page opened before it: the chunk it asks for is gone.
  const missingChunk = () =>
    page.evaluate((chunk) => {
      void import(chunk);
    }, '/_next/static/chunks/gone-after-a-deployment.js');
  // The guard listens once the page is hydrated, which networkidle does not wait for on a busy
  // machine: the chunk is asked for again until the page reloads.
  let loads = 0;
  const countLoad = () => loads++;
  page.on('load', countLoad);
  await expect
    .poll(async () => {
      if (loads === 0) await missingChunk().catch(() => undefined);
      return loads;
    })
    .toBeGreaterThan(0);
  page.off('load', countLoad);
  expect(Number(await page.evaluate(() => sessionStorage.getItem('chunk_reload_at')))).toBeGreaterThan(Date.now() - 60_000);
  await page.waitForLoadState('networkidle');
  let reloads = 0;
  page.on('load', () => reloads++);
  // The failed bar shows for 500 ms: watched from inside the page. As after the first load, the
  // guard listens only once the reloaded page is hydrated: the chunk is asked for until it answers.
  const failed = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const check = () => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Loading page"]');
          if (bar?.getAttribute('aria-valuetext') === 'The page could not be loaded') resolve(true);
        };
        new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
        setTimeout(() => resolve(false), 20_000);
      }),
  );
  let settled = false;
  failed.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    await missingChunk().catch(() => undefined);
    await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 500))]);
  }
  expect(await failed).toBe(true);
  expect(reloads).toBe(0);
});
