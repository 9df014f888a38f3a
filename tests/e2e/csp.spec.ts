/**
 * The strict CSP of the public site and the back-office (docs/decisions/028): no 'unsafe-inline',
 * no 'unsafe-eval'. Written as the attacker: an inline script that made its way into a page's HTML
 * (a cached page, and a page rendered per request) or into its DOM does not run; and the site's own
 * pages, rendered now and served from cache, run their scripts without a single violation.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { storageStateOf } from '../support/admin';

type Violation = { directive: string; blocked: string; sample: string; source: string };

/** Records every CSP violation the page sees, from its first script on (before the page's own). */
async function watchViolations(page: Page): Promise<{ events: () => Promise<Violation[]>; console: string[] }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: e.sourceFile }));
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|evaluate)/i.test(message.text())) console.push(message.text());
  });
  return { events: () => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations ?? []), console };
}

/** The page's scripts ran: Next's router hydrated it. */
async function expectHydrated(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version)), { timeout: 20_000 }).toBe(true);
}

function scriptSrc(response: Response | null): string {
  return (response?.headers()['content-security-policy'] ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
}

const INJECTED = '<script>window.__injected = "plain"</script><script nonce="guessed">window.__injected = "nonce"</script><img src="/nope.png" onerror="window.__injected = \'handler\'">';

/** Serves the page's real answer (headers and CSP included) with a stored XSS added to its HTML. */
async function injectIntoHtml(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname + url.search === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const html = (await response.text()).replace('</main>', `${INJECTED}</main>`);
      expect(html).toContain(INJECTED);
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
}

test.describe('public site: an injected inline script does not run', () => {
  for (const [kind, path] of [
    ['a page served from cache', '/en/about-us'],
    ['a page rendered per request (a fund search)', '/en/fund-range?q=patrimoine'],
  ] as const) {
    test(`${kind}: in the HTML, with or without a guessed nonce, or as an event handler`, async ({ page, request }) => {
      await request.get(path); // rendered once: the next answer may be the cached one
      const watch = await watchViolations(page);
      await injectIntoHtml(page, path);
      const response = await page.goto(path);
      expect(scriptSrc(response)).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      await expectHydrated(page);
      expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
      await expect.poll(async () => (await watch.events()).filter((v) => v.blocked === 'inline').length).toBeGreaterThanOrEqual(3);
      expect((await watch.events()).every((v) => v.directive.startsWith('script-src'))).toBe(true);
    });
  }

  test('a script added to the DOM by an injected HTML fragment does not run', async ({ page }) => {
    const watch = await watchViolations(page);
    await page.goto('/en');
    await expectHydrated(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "dom"';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    await expect.poll(async () => (await watch.events()).length).toBe(1);
  });
});

test.describe('the site\'s own pages show no CSP violation', () => {
  /** Every kind of public page, loaded twice: rendered for the first request, then served from cache. */
  // `shared`: the same answer for every visitor of the audience, which a shared cache may keep, so
  // served from cache it names no nonce, its inline scripts allowed by their hashes alone (docs/decisions/056).
  const PAGES = [
    ['home', '/fr', true],
    ['fund range', '/fr/gamme-fonds', true],
    ['fund range, searched (rendered per request)', '/fr/gamme-fonds?q=patrimoine', false],
    ['fund page', '/fr/funds/aurore-patrimoine', true],
    ['share page', '/fr/funds/aurore-patrimoine/shares/part-c-eur', true],
    ['news', '/fr/actualites', true],
    ['a form page', '/en/contact', true],
    ['a missing page', '/en/funds/no-such-fund', false],
    // A fund hidden from the visitor's profile: Next renders its not-found screen and caches it,
    // then serves that 404 from its cache with the first request's nonce in its scripts.
    ['a fund hidden from the profile (a cached not-found page)', '/fr/funds/aurore-alpha-multi-strategies', false],
  ] as const;

  // One page a test: its time does not grow with the number of pages (issue 25, item 7).
  for (const [name, path, shared] of PAGES) {
    test(`${name}: rendered, then from cache, its inline scripts allowed by nonce or by hash`, async ({ page }) => {
      const watch = await watchViolations(page);
      for (const visit of ['first', 'second']) {
        const response = await page.goto(path);
        expect(response?.status(), `${name} (${visit})`).toBeLessThan(500);
        const policy = scriptSrc(response);
        expect(policy, name).toMatch(shared ? /^script-src 'self'(?: 'nonce-[^']+')? 'sha256-/ : /^script-src 'self' 'nonce-[^']+' 'sha256-/);
        if (shared && visit === 'second') expect(policy, `${name}: served from cache to anyone of its audience`).not.toContain("'nonce-");
        expect(policy, name).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
        await expectHydrated(page);
        expect(await watch.events(), `${name} (${visit})`).toEqual([]);
      }
      expect(watch.console).toEqual([]);
    });
  }

  test('a client-side navigation runs without a violation', async ({ page }) => {
    const watch = await watchViolations(page);
    await page.goto('/en');
    await expectHydrated(page);
    await page.getByRole('navigation').first().getByRole('link').first().click();
    await page.waitForLoadState('networkidle');
    expect(await watch.events()).toEqual([]);
    expect(watch.console).toEqual([]);
  });

  test('a cached page names the hashes of its own inline scripts', async ({ request }) => {
    await request.get('/en/about-us');
    const policy = scriptSrc(await request.get('/en/about-us') as unknown as Response);
    // The disclaimer popup script's hash, and those of Next's own inline scripts.
    expect(policy.match(/'sha256-/g)?.length ?? 0).toBeGreaterThan(2);
  });

  test('a first visit runs the disclaimer popup script (allowed by its hash) without violation', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const watch = await watchViolations(page);
    await page.goto('/fr/nous-connaitre');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await watch.events()).toEqual([]);
    await context.close();
  });

  test('the back-office sign-in screen', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const watch = await watchViolations(page);
    const response = await page.goto('/admin/login');
    expect(scriptSrc(response)).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(scriptSrc(response)).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    await expectHydrated(page);
    await expect(page.getByRole('button', { name: /sign in|se connecter|iniciar/i })).toBeVisible();
    expect(await watch.events()).toEqual([]);
    expect(watch.console).toEqual([]);
    await context.close();
  });

  test('back-office screens', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: storageStateOf('admin') });
    const page = await context.newPage();
    const watch = await watchViolations(page);
    for (const path of ['/admin', '/admin/funds', '/admin/news']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectHydrated(page);
    }
    expect(await watch.events()).toEqual([]);
    expect(watch.console).toEqual([]);
    await context.close();
  });
});

test('the report endpoint takes a report and answers 204, a too large one 413, never a 500', async ({ request }) => {
  const report = { 'csp-report': { 'document-uri': 'http://localhost/en', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } };
  const ok = await request.post('/api/csp-report', { headers: { 'content-type': 'application/csp-report' }, data: JSON.stringify(report) });
  expect(ok.status()).toBe(204);
  const garbage = await request.post('/api/csp-report', { headers: { 'content-type': 'application/reports+json' }, data: '{"' });
  expect(garbage.status()).toBe(204);
  const big = await request.post('/api/csp-report', { headers: { 'content-type': 'application/csp-report' }, data: 'x'.repeat(40_000) });
  expect(big.status()).toBe(413);
});
