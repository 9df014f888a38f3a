import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import forms from '../../messages/forms/en.json' with { type: 'json' };

/**
 * The loading bar ends as "failed" (docs/product.md §4, §8) when a request answers 4xx/5xx, when a navigation
 * fails and when router.refresh() fails. Failures are made with route interception; the whole-page
 * load Next falls back to after a failed router request is held back, so the page that failed stays
 * on screen while the bar is read.
 */
const FAILED = 'The page could not be loaded';

/**
 * From the document's start, reports to the test when the bar says "failed" (it says so for 500 ms
 * only). Reported through a binding rather than read back from the page: once Next has started the
 * page load it falls back to, the page's script context is no longer reliably reachable.
 */
async function recordFailedBar(context: BrowserContext): Promise<{ failed: Promise<void>; seen: () => boolean }> {
  let seen = false;
  let resolve: () => void = () => undefined;
  const failed = new Promise<void>((r) => (resolve = r));
  await context.exposeBinding('reportFailedLoadingBar', () => {
    seen = true;
    resolve();
  });
  await context.addInitScript((text) => {
    const report = (window as unknown as { reportFailedLoadingBar: () => void }).reportFailedLoadingBar;
    const record = () => {
      if (document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') === text) report();
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
  }, FAILED);
  return { failed, seen: () => seen };
}

/** Waits for the bar's failed state, at most 15 s. */
async function barFailed(recorder: { failed: Promise<void> }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the loading bar never said it failed')), 15_000);
  });
  try {
    await Promise.race([recorder.failed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The router's requests (RSC) for `pathname` answer 500; once one has, the document request of the
 * page load Next falls back to waits, so the failed page stays on screen.
 */
async function failRouterRequests(page: Page, pathname: string) {
  let failed = false;
  await page.route(
    (url) => url.pathname === pathname,
    async (route: Route) => {
      if ((await route.request().headerValue('rsc')) === '1') {
        failed = true;
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
      }
      if (failed) await new Promise((resolve) => setTimeout(resolve, 10_000));
      return route.continue().catch(() => undefined);
    },
  );
}

test('a navigation whose request answers 500 ends the bar as failed', async ({ page, context }) => {
  const recorder = await recordFailedBar(context);
  // From the start, so that no prefetch of the link brings the page in before the click.
  await failRouterRequests(page, '/en/contact');
  await page.goto('/en/about-us');
  await page.waitForLoadState('networkidle');
  // Not awaited: Playwright's click waits for the whole-page load Next falls back to after the
  // failure, which the route above holds back.
  const click = page.locator('header nav a[href="/en/contact"]').first().click();
  await barFailed(recorder);
  await click;
});

test('a router.refresh() whose request answers 500 ends the bar as failed', async ({ page, context }) => {
  const recorder = await recordFailedBar(context);
  // A stored profile that differs from the page's, with consent recorded: the page writes the profile
  // cookie and refreshes itself for that profile (docs/product.md §4, use-stored-profile.ts).
  await context.addInitScript(() => window.localStorage.setItem('investor_profile', 'INSTIT'));
  await failRouterRequests(page, '/en/about-us');
  expect((await page.goto('/en/about-us'))?.status()).toBe(200);
  await barFailed(recorder);
});

test('a form whose submission answers 500 ends the bar as failed', async ({ page, context }) => {
  // A request the page sends itself, not the router: the newsletter form's (docs/product.md §7).
  const recorder = await recordFailedBar(context);
  await page.route('https://www.google.com/recaptcha/api.js**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: "window.grecaptcha = { ready: function (cb) { setTimeout(cb, 0); }, execute: function () { return Promise.resolve('e2e-ok'); } };",
    }),
  );
  await page.route('**/api/forms/newsletter', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"ok":false}' }));
  await page.goto('/en/contact#newsletter');
  const form = page.getByRole('region', { name: forms.Contact.newsletterTitle });
  await form.getByLabel(new RegExp(`^${forms.Forms.fields.email}`)).fill('news@example.com');
  await form.getByLabel(new RegExp(`^${forms.Forms.fields.firstName}`)).fill('Nora');
  await form.getByLabel(new RegExp(`^${forms.Forms.fields.lastName}`)).fill('News');
  await form.getByRole('checkbox', { name: forms.Forms.options.newsletters.EVE, exact: true }).check();
  await form.getByRole('checkbox', { name: forms.Forms.validation.newsletter }).check();
  await form.getByRole('button', { name: forms.Forms.submit }).click();
  await barFailed(recorder);
});

test('a navigation that lands does not end the bar as failed', async ({ page, context }) => {
  const recorder = await recordFailedBar(context);
  await page.goto('/en/about-us');
  await page.locator('header nav a[href="/en/contact"]').first().click();
  await page.waitForURL(/\/en\/contact$/);
  await page.waitForLoadState('networkidle');
  expect(recorder.seen()).toBe(false);
});
