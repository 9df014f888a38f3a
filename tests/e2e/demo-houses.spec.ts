import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { localizedPath } from '../../src/domain/routing/paths';
import { aurore } from '../../src/server/db/seed/fixtures/aurore';
import type { HouseFixture } from '../../src/server/db/seed/fixtures/house';
import { meridian } from '../../src/server/db/seed/fixtures/meridian';
import { axeViolations } from '../support/axe';
import { freshDir, seededDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * Two demo houses (issue 43): each boots on a server and a database of its own (SEED_DEMO=aurore,
 * SEED_DEMO=meridian) and passes the same public-site smoke test: the home page,
 * the fund range, a fund page, a share page, the legal notices, the news list, the shareholder notices
 * and their RSS feed answer 200 for a retail investor in Luxembourg (a country both serve), name the
 * house, and never name the other one. Meridian's database starts empty and is seeded as the server
 * starts; Aurore's is a copy of the one scripts/e2e.sh seeded from empty for the suite, with the same
 * default (SEED_DEMO unset is the first house, Aurore) and the same code: seeding it again here cost a
 * minute or two of CPU and checked nothing more. tests/integration/demo-houses.int.test.ts checks the
 * feeds, sitemap, factsheet and data files with the real code, without a server.
 */
const DIST_DIR = '.next-demo-houses';
const HOUSES = [
  { house: aurore, name: 'Aurore Gestion', other: /meridian[ -](?:fund|euro|green)/i, port: 21, seeded: true },
  { house: meridian, name: 'Meridian Fund Management', other: /aurore/i, port: 22, seeded: false },
] as const;

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(() => {
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
});

/** A returning retail investor living in Luxembourg (disclaimer accepted, cookie choice made). */
async function resident(browser: Browser, origin: string): Promise<Page> {
  const host = new URL(origin).hostname;
  const cookie = (name: string, value: string) => ({ name, value, domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const });
  const context = await browser.newContext({
    baseURL: origin,
    storageState: {
      cookies: [cookie('cookie_consent', encodeURIComponent(JSON.stringify({ v: 1, video: false, at: '2026-11-21' }))), cookie('investor_profile', 'RETAIL'), cookie('investor_country', 'LU')],
      origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }, { name: 'investor_profile', value: 'RETAIL' }, { name: 'investor_country', value: 'LU' }] }],
    },
  });
  return context.newPage();
}

/** The pages of the smoke test for a house, in one of its languages, with the heading each must show. */
function pagesOf(house: HouseFixture, locale: 'en' | 'fr') {
  const fund = house.funds.find((f) => f.visibleTo.includes('RETAIL') && f.shares.some((s) => s.visibleTo.includes('RETAIL')))!;
  const share = fund.shares.find((s) => s.visibleTo.includes('RETAIL'))!;
  const fundTitle = fund.title[locale];
  return [
    { path: localizedPath('/', locale), heading: null },
    { path: localizedPath('/fund-range', locale), heading: null },
    { path: `/${locale}/funds/${fund.slug}`, heading: fundTitle },
    { path: `/${locale}/funds/${fund.slug}/shares/${share.slug}`, heading: `${fundTitle} - ${share.name}` },
    { path: localizedPath('/legal-notices', locale), heading: house.pages.find((p) => p.code === 'legal-notices')!.title[locale] },
    { path: localizedPath('/news', locale), heading: null },
    { path: localizedPath('/shareholder-notices', locale), heading: null },
  ];
}

for (const { house, name, other, port, seeded } of HOUSES) {
  test.describe(`the demo house ${house.code}`, () => {
    let server: OwnServer | undefined;

    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(900_000);
      const dir = seeded ? seededDir(`.data/e2e-demo-${house.code}`) : freshDir(`.data/e2e-demo-${house.code}`);
      server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + port, dir, env: { NEXT_DIST_DIR: DIST_DIR, SEED_DEMO: house.code, DEFAULT_COUNTRY: 'LU' }, timeoutMs: 840_000 });
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    test('boots and passes the public-site smoke test, naming itself and never the other house', async ({ browser }) => {
      const page = await resident(browser, server!.origin);
      for (const locale of ['en', 'fr'] as const) {
        for (const { path, heading } of pagesOf(house, locale)) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
          if (heading) await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
          await expect(page.getByRole('contentinfo'), path).toContainText(name);
          expect(await page.content(), path).not.toMatch(other);
        }
        await page.goto(localizedPath('/shareholder-notices', locale));
        await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        const rss = await page.request.get(`/e/${locale}/feeds/notices.rss`);
        expect(rss.status()).toBe(200);
        const feed = await rss.text();
        expect(feed).toContain('<item>');
        expect(feed).not.toMatch(other);
      }
      const sitemap = await page.request.get('/sitemap.xml');
      expect(sitemap.status()).toBe(200);
      expect(await sitemap.text()).not.toMatch(other);
    });
  });
}
