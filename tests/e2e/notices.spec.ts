import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';
import {
  NOTICES_LIST_PATH,
  NOTICE_TEXTS,
  SUSPENSION_TITLE,
  expectSuspensionBanner,
  filterNotices,
  listedNotices,
  resident,
  restrictionBanner,
  rssFeed,
  writeSuspension,
} from './support/notices';

/**
 * What investors see of a fund's suspension (issue 34), on a server of its own whose database
 * tests/support/notices-data.ts changed before it started: the banner on the fund and share pages in
 * three languages (axe clean), the notices list filtered by fund and type without JavaScript, the
 * RSS feed, and nothing of it for a resident of a country where the fund is not registered.
 */
const DIST_DIR = '.next-notices';
/** Registered in France and Luxembourg only (src/server/db/seed/fixtures/registrations.ts). */
const FUND = funds.find((f) => f.slug === 'aurore-pme-eti-france');
const SHARE = FUND?.shares.find((s) => s.visibleTo.includes('RETAIL'));
const OTHER_FUND = funds.find((f) => f.slug === 'aurore-tresorerie');
if (!FUND || !SHARE || !OTHER_FUND) throw new Error('the demo has aurore-pme-eti-france with a RETAIL class, and aurore-tresorerie');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-notices');
  writeSuspension(dir, FUND.slug);
  // Its own build folder: the pages Next caches there must answer for this server (this database) only.
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 17, dir, env: { NEXT_DIST_DIR: DIST_DIR, APPROVAL_REQUIRED: '' }, timeoutMs: 600_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

test('the suspension banner on the fund and share pages, in French, English and Spanish', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'FR');
  for (const locale of ['fr', 'en', 'es'] as const) {
    const title = FUND.title[locale] ?? FUND.title.fr;
    await expectSuspensionBanner(page, locale, `/${locale}/funds/${FUND.slug}`, title);
    await expectSuspensionBanner(page, locale, `/${locale}/funds/${FUND.slug}/shares/${SHARE.slug}`, title);
    // The share page lists the notice too.
    await expect(page.getByRole('region', { name: NOTICE_TEXTS[locale].sectionTitle }).getByRole('heading', { name: SUSPENSION_TITLE[locale] })).toBeVisible();
  }
  // Another fund: no banner.
  await page.goto(`/en/funds/${OTHER_FUND.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(restrictionBanner(page, 'en')).toHaveCount(0);
  await context.close();
});

test('the notices list filters by fund and type without JavaScript, and the RSS feed carries the notice', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'FR', false);
  const t = NOTICE_TEXTS.en;
  await page.goto(NOTICES_LIST_PATH.en);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(listedNotices(page).filter({ hasText: SUSPENSION_TITLE.en })).toHaveCount(1);
  await filterNotices(page, 'en', { fund: OTHER_FUND.title.en ?? OTHER_FUND.title.fr });
  expect(new URL(page.url()).searchParams.get('fund')).toBe(OTHER_FUND.slug);
  await expect(listedNotices(page).filter({ hasText: SUSPENSION_TITLE.en })).toHaveCount(0);
  await filterNotices(page, 'en', { fund: FUND.title.en ?? FUND.title.fr, type: t.types.suspension });
  await expect(listedNotices(page).filter({ hasText: SUSPENSION_TITLE.en })).toHaveCount(1);
  await filterNotices(page, 'en', { fund: FUND.title.en ?? FUND.title.fr, type: t.types.merger });
  await expect(page.getByRole('main').getByText(t.noneFiltered)).toBeVisible();
  // A bad filter value is ignored, never an error.
  expect((await page.goto(`${NOTICES_LIST_PATH.en}?fund=nope&type=%00&page=abc`))?.status()).toBe(200);
  expect(await rssFeed(page.request, origin, 'en', 'FR')).toContain(SUSPENSION_TITLE.en);
  await context.close();
});

test('a resident of a country where the fund is not registered sees none of it', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'ES');
  expect((await page.goto(`/es/funds/${FUND.slug}`))?.status()).toBe(404);
  await page.goto(NOTICES_LIST_PATH.es);
  await expect(page.getByRole('heading', { level: 1, name: NOTICE_TEXTS.es.title })).toBeVisible();
  await expect(listedNotices(page).filter({ hasText: SUSPENSION_TITLE.es })).toHaveCount(0);
  expect(await rssFeed(page.request, origin, 'es', 'ES')).not.toContain(SUSPENSION_TITLE.es);
  await context.close();
});
