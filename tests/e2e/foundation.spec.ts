import { expect, test } from '@playwright/test';
import { company } from '../../src/server/db/seed/fixtures/content/company';
import { LOCALES } from '../support/public-pages';

/**
 * The home page's texts are in the server's HTML: read without JavaScript, in every language.
 * routes.spec.ts scans the home page with axe, hydrated, and content-news.spec.ts reads the rest of it.
 */
test.describe('the home page, as the server renders it from its seeded database', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page in fr, en and es: company texts, key figures and language', async ({ page }) => {
    for (const locale of LOCALES) {
      const response = await page.goto(`/${locale}`);
      expect(response?.status(), locale).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1, name: company.title[locale] })).toBeVisible();
      await expect(page.getByText(company.baseline[locale])).toBeVisible();
      for (const figure of company.keyFigures) {
        await expect(page.getByText(figure.title[locale], { exact: true })).toBeVisible();
      }
    }
  });
});

test.describe('the site is served from its seeded database', () => {
  test('/ negotiates the language: the i18n_redirected cookie, then Accept-Language, then fr', async ({ browser, baseURL }) => {
    const spanish = await browser.newContext({ locale: 'es-ES', extraHTTPHeaders: { 'accept-language': 'es-ES,es;q=0.9' } });
    const page = await spanish.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/es$/);
    await spanish.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await spanish.close();
    const german = await browser.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } });
    const germanPage = await german.newPage();
    await germanPage.goto('/');
    await expect(germanPage).toHaveURL(/\/fr$/);
    await german.close();
  });

  test('a fund document opens as a PDF', async ({ request }) => {
    const response = await request.get('/e/en/docs/funds/aurore-actions-europe/PROSPECTUS');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('bad URLs are 404, never 500', async ({ request }) => {
    for (const path of ['/fr/%ZZ', '/e/fr/docs/funds/x/%E0%A4%A', '/en/no-such-page', '/e/fr/docs/funds/nope/KIID']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test('the layout query answers through POST /graphql', async ({ request }) => {
    const response = await request.post('/graphql', {
      data: { query: '{ company(locale: "en") { title } investorProfiles(locale: "es") { code title } }' },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { company: { title: string }; investorProfiles: { code: string }[] } };
    expect(body.data.company.title).toBe(company.title.en);
    expect(body.data.investorProfiles.map((p) => p.code)).toEqual(['RETAIL', 'INSTIT', 'CGP']);
  });

  test('health answers 200', async ({ request }) => {
    expect((await request.get('/api/health')).status()).toBe(200);
  });
});
