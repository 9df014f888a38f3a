import { spawnSync } from 'node:child_process';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { signIn } from '../support/admin';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';

/**
 * Publication by cache tags (docs/decisions/044, docs/publication.md), on a server of its own: no
 * other spec's change may expire its pages meanwhile. A NAV of one share of one fund, sent through
 * the import API, expires that fund's page in every language, investor profile and country it was
 * cached for, and its share page; another fund's page, cached just before, is still served from the
 * cache, not rendered again. Expiring "every page" would pass the first half and fail the second.
 */
/** A staff account made by admin:create reads the back-office in French, its default language. */
const T = ADMIN_FR.Admin;
const PASSWORD = 'e2e-tags-password-1';
const ADMIN = 'tags-admin@fundhouse.test';
const DIST_DIR = '.next-tags';

/** The fund whose NAV changes, one of its share classes every profile sees, and a fund nothing here changes. */
const CHANGED = { fund: 'aurore-patrimoine', share: 'part-c-eur', isin: 'FR00140Q7F31' };
const UNRELATED = 'aurore-credit-euro';
/** A NAV no seeded share has, on a date past the demo series: the share page shows it as its last price. */
const NAV = { date: '2026-12-31', value: '987.65', shown: /987[.,]65/ };

const LOCALES = ['fr', 'en', 'es'] as const;
const PROFILES = ['RETAIL', 'INSTIT'] as const;
/** Both funds are registered in these countries for both profiles (src/server/db/seed/fixtures/registrations.ts). */
const COUNTRIES = ['FR', 'LU'] as const;
type Segment = { locale: (typeof LOCALES)[number]; profile: (typeof PROFILES)[number]; country: (typeof COUNTRIES)[number] };
const SEGMENTS: Segment[] = LOCALES.flatMap((locale) => PROFILES.flatMap((profile) => COUNTRIES.map((country) => ({ locale, profile, country }))));
const label = (s: Segment) => `${s.locale} ${s.profile}-${s.country}`;

// 36 pages rendered and read twice, a sign-in and an import: a generous budget for a busy machine.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

let server: OwnServer | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-tags');
  const made = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/admin-create.ts', '--email', ADMIN, '--role', 'admin'], {
    env: { ...process.env, PGLITE_DIR: dir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`admin:create failed:\n${made.stdout}\n${made.stderr}`);
  // Its own build folder: the pages Next caches there must answer for this server only.
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 10, dir, env: { NEXT_DIST_DIR: DIST_DIR, APPROVAL_REQUIRED: '' }, timeoutMs: 600_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

/** One visitor's view: a language in the path, a profile and a country of residence in cookies, as the site sets them. */
async function visitor(s: Segment): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: origin,
    storageState: {
      cookies: [
        { name: 'investor_profile', value: s.profile, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
        { name: 'investor_country', value: s.country, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
      ],
      origins: [],
    },
  });
}

const fundPath = (s: Segment, slug: string) => `/${s.locale}/funds/${slug}`;
const sharePath = (s: Segment) => `/${s.locale}/funds/${CHANGED.fund}/shares/${CHANGED.share}`;
const cacheState = async (api: APIRequestContext, path: string) => {
  const response = await api.get(path);
  expect(response.status(), path).toBe(200);
  return response.headers()['x-nextjs-cache'];
};

test('a NAV of one fund expires its pages in every language, profile and country, and leaves another fund’s cached page alone', async ({ browser, playwright }) => {
  const visitors = await Promise.all(SEGMENTS.map((s) => visitor(s)));
  // Every page cached: the first request renders it, a later one is served from the cache.
  for (const [i, s] of SEGMENTS.entries()) {
    for (const path of [fundPath(s, CHANGED.fund), fundPath(s, UNRELATED), sharePath(s)]) {
      await expect.poll(() => cacheState(visitors[i]!, path), { message: `${label(s)} ${path}`, timeout: 60_000 }).toBe('HIT');
    }
    const before = await (await visitors[i]!.get(sharePath(s))).text();
    expect(before, label(s)).not.toMatch(NAV.shown);
  }

  // A NAV feed's token, made on the back-office's token screen, then the NAV through the import API.
  const context = await browser.newContext({ baseURL: origin, locale: 'fr-FR', storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } });
  const page = await context.newPage();
  await signIn(page, ADMIN, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/tokens');
  await page.getByLabel(T.tokens.name).fill(`E2E tags NAV feed ${Date.now()}`);
  await page.getByLabel(T.tokens.scope).selectOption('navs');
  await page.getByLabel(T.tokens.days).fill('1');
  await page.getByRole('button', { name: T.tokens.submit }).click();
  const token = await page.getByLabel(T.tokens.token).inputValue();
  await context.close();
  const api = await playwright.request.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
  const imported = await api.post('/api/admin/v1/navs', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    data: `isin,date,nav\n${CHANGED.isin},${NAV.date},${NAV.value}\n`,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(await imported.json()).toMatchObject({ written: 1 });
  await api.dispose();

  for (const [i, s] of SEGMENTS.entries()) {
    // The other fund's page was not touched: still the cached answer.
    expect(await cacheState(visitors[i]!, fundPath(s, UNRELATED)), `${label(s)} ${UNRELATED}`).toBe('HIT');
    // The changed fund's page and share page are rendered again at once, with the new price on the share page.
    expect(await cacheState(visitors[i]!, fundPath(s, CHANGED.fund)), `${label(s)} ${CHANGED.fund}`).not.toBe('HIT');
    const share = await visitors[i]!.get(sharePath(s));
    expect(share.headers()['x-nextjs-cache'], `${label(s)} share`).not.toBe('HIT');
    expect(await share.text(), label(s)).toMatch(NAV.shown);
  }
  await Promise.all(visitors.map((v) => v.dispose()));
});
