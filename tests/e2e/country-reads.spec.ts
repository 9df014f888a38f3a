import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import core from '../../messages/core/en.json' with { type: 'json' };
import range from '../../messages/range/en.json' with { type: 'json' };
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * What a visitor of a country reaches (docs/cross-border-distribution.md), on a server of its own
 * whose database tests/support/country-reads-data.ts changed before it started:
 * - a superseded KID restricted to Switzerland: listed in the archive of the document library and
 *   served at its address to a Swiss resident only; anyone else gets a 404;
 * - Aurore Patrimoine, every share class archived: shown in no country (it was registered in the EU
 *   only, and used to appear everywhere else), its page, prospectus and news article included.
 */
const DIST_DIR = '.next-country-reads';
/** A share class every profile sees, registered in Switzerland (src/server/db/seed/fixtures/registrations.ts). */
const SWISS_KID = { fundSlug: 'aurore-actions-europe', isin: 'FR00140A3K73' } as const;
/** Registered in FR, BE, LU and ES only; it has a prospectus and a news article. */
const NO_ACTIVE_CLASS_FUND = 'aurore-patrimoine';
const t = range.DocumentLibrary;
const article = news.find((n) => n.fundSlug === NO_ACTIVE_CLASS_FUND)?.translations.en;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: OwnServer | undefined;
let origin = '';
let archivedKidId = 0;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-country-reads');
  const data = spawnSync('npx', ['tsx', '--conditions=react-server', 'tests/support/country-reads-data.ts', '--isin', SWISS_KID.isin, '--fund', NO_ACTIVE_CLASS_FUND], {
    env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (data.status !== 0) throw new Error(`country-reads-data failed:\n${data.stdout}\n${data.stderr}`);
  archivedKidId = (JSON.parse(data.stdout.trim().split('\n').at(-1) ?? '{}') as { archivedKidId?: number }).archivedKidId ?? 0;
  expect(archivedKidId).toBeGreaterThan(0);
  // Its own build folder: the pages Next caches there must answer for this server (this database) only.
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 12, dir, env: { NEXT_DIST_DIR: DIST_DIR, APPROVAL_REQUIRED: '' }, timeoutMs: 600_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A returning RETAIL visitor (disclaimer accepted, cookie choice made) living in `country`, as the site stores them. */
async function resident(browser: Browser, country: string): Promise<{ context: BrowserContext; page: Page }> {
  const cookie = (name: string, value: string) => ({ name, value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const });
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    storageState: {
      cookies: [
        cookie('cookie_consent', encodeURIComponent(JSON.stringify({ v: 1, video: false, at: '2026-11-21' }))),
        cookie('investor_profile', 'RETAIL'),
        cookie('investor_country', country),
      ],
      origins: [
        {
          origin,
          localStorage: [
            { name: 'disclaimer_validated', value: 'true' },
            { name: 'investor_profile', value: 'RETAIL' },
            { name: 'investor_country', value: country },
          ],
        },
      ],
    },
  });
  return { context, page: await context.newPage() };
}

test('a superseded KID restricted to Switzerland: in the archive and at its address for a Swiss resident only', async ({ browser }) => {
  const address = `/e/en/docs/funds/${SWISS_KID.fundSlug}/${SWISS_KID.isin}/KIID/v/${archivedKidId}`;

  const swiss = await resident(browser, 'CH');
  await swiss.page.goto('/en/documents?archive=1');
  await expect(swiss.page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(swiss.page.getByRole('main').getByRole('status')).toHaveText('1 document');
  const link = swiss.page.getByRole('main').getByRole('table', { name: t.archiveCaption }).locator(`a[href="${address}"]`);
  await expect(link).toHaveCount(1);
  const pdf = await swiss.page.request.get(address);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await swiss.context.close();

  // A French and a Spanish resident: not in their archive, and its address is a 404.
  for (const country of ['FR', 'ES']) {
    const other = await resident(browser, country);
    await other.page.goto('/en/documents?archive=1');
    await expect(other.page.getByRole('main').getByRole('status'), country).toHaveText('No document');
    expect(await other.page.locator(`a[href="${address}"]`).count(), country).toBe(0);
    expect((await other.page.request.get(address)).status(), country).toBe(404);
    expect((await other.page.request.head(address)).status(), country).toBe(404);
    await other.context.close();
  }
});

test('a fund whose share classes are all archived is shown in no country: range, page, prospectus, news', async ({ browser }) => {
  // The seeded English article about the fund, whose address must then be a 404.
  expect(article?.slug).toMatch(/^[a-z0-9-]+$/);
  // France and Spain, where its classes were registered; Switzerland, the UK and "other countries", where they never were.
  for (const country of ['FR', 'ES', 'CH', 'GB', 'INT']) {
    const { context, page } = await resident(browser, country);
    await page.goto('/en/fund-range');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The range, the finder and the menu: no link to the fund.
    await expect(page.locator(`a[href*="/funds/${NO_ACTIVE_CLASS_FUND}"]`), country).toHaveCount(0);
    await page.goto('/en/fund-range?q=patrimoine');
    await expect(page.locator(`a[href*="/funds/${NO_ACTIVE_CLASS_FUND}"]`), country).toHaveCount(0);
    // A direct link to the fund or its news article: the translated 404 (as in cross-border.spec.ts).
    for (const path of [`/en/funds/${NO_ACTIVE_CLASS_FUND}`, `/en/news/${article?.slug}`]) {
      const response = await page.goto(path);
      expect(response?.status(), `${country} ${path}`).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: core.NotFound.message })).toBeVisible();
    }
    expect((await page.request.get(`/e/en/docs/funds/${NO_ACTIVE_CLASS_FUND}/PROSPECTUS`)).status(), country).toBe(404);
    await context.close();
  }
  // Another fund of the same countries is still there (the rule hides the fund, not the country's range).
  const { context, page } = await resident(browser, 'FR');
  expect((await page.goto('/en/funds/aurore-tresorerie'))?.status()).toBe(200);
  await context.close();
});
