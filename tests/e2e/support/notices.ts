import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import fundEn from '../../../messages/fund/en.json' with { type: 'json' };
import fundEs from '../../../messages/fund/es.json' with { type: 'json' };
import fundFr from '../../../messages/fund/fr.json' with { type: 'json' };
import { axeViolations } from '../../support/axe';

/**
 * The steps of the shareholder notices in the browser (issue 34; fund-alerts.spec.ts): open pages as a
 * resident of a country, check the banner, filter the list without JavaScript, read the RSS feed.
 */
export type NoticeLocale = 'fr' | 'en' | 'es';
export const NOTICE_TEXTS = { fr: fundFr.Notices, en: fundEn.Notices, es: fundEs.Notices } as const;
export const NOTICES_LIST_PATH: Record<NoticeLocale, string> = { fr: '/fr/avis-aux-porteurs', en: '/en/shareholder-notices', es: '/es/avisos-a-los-participes' };

/** A returning RETAIL visitor (disclaimer accepted, cookie choice made) living in `country`, with or without JavaScript. */
export async function resident(browser: Browser, origin: string, country: string, javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page }> {
  const host = new URL(origin).hostname;
  const cookie = (name: string, value: string) => ({ name, value, domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const });
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled,
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

/** The restriction banner of the page: a region named by its heading. */
export const restrictionBanner = (page: Page, locale: NoticeLocale) => page.getByRole('region', { name: NOTICE_TEXTS[locale].banner.heading });

/** The page at `path` shows the suspension banner of `fundTitle`, linking the notice, and axe finds nothing. */
export async function expectSuspensionBanner(page: Page, locale: NoticeLocale, path: string, fundTitle: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const banner = restrictionBanner(page, locale);
  await expect(banner, path).toBeVisible();
  const lead = NOTICE_TEXTS[locale].banner.suspension.split('{fund}')[0] ?? '';
  await expect(banner, path).toContainText(lead.trim() ? lead.trim() : fundTitle);
  await expect(banner, path).toContainText(fundTitle);
  await expect(banner.getByRole('link', { name: NOTICE_TEXTS[locale].banner.readNotice }), path).toHaveAttribute('href', new RegExp(`/e/${locale}/docs/funds/[a-z0-9-]+/notices/\\d+$`));
  expect(await axeViolations(page), path).toEqual([]);
}

/** Submits the notices list's GET form with these choices (labels as the visitor reads them). */
export async function filterNotices(page: Page, locale: NoticeLocale, choice: { fund?: string; type?: string }): Promise<void> {
  const t = NOTICE_TEXTS[locale].filters;
  const main = page.getByRole('main');
  await main.getByLabel(t.fund, { exact: true }).selectOption({ label: choice.fund ?? t.allFunds });
  await main.getByLabel(t.type, { exact: true }).selectOption({ label: choice.type ?? t.allTypes });
  const before = page.url();
  await Promise.all([page.waitForURL((url) => url.href !== before), main.getByRole('button', { name: t.submit, exact: true }).click()]);
}

/** The notice titles the list page shows. */
export const listedNotices = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });

/** The RSS feed of `locale` as a resident of `country` gets it. */
export async function rssFeed(request: APIRequestContext, origin: string, locale: NoticeLocale, country: string): Promise<string> {
  const answer = await request.get(`${origin}/e/${locale}/feeds/notices.rss`, { headers: { cookie: `investor_profile=RETAIL; investor_country=${country}` } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/rss+xml');
  return answer.text();
}
