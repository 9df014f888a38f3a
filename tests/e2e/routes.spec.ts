import { axeViolations } from '../support/axe';
import { expect, test } from '@playwright/test';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { escapeRegExp, LOCALES, type Locale } from '../support/public-pages';

/** docs/product.md §2, word for word: the localized path of each content page. */
const ROUTES: { code: string; paths: Record<Locale, string> }[] = [
  { code: 'home', paths: { fr: '/fr', en: '/en', es: '/es' } },
  { code: 'about-us', paths: { fr: '/fr/nous-connaitre', en: '/en/about-us', es: '/es/conocernos' } },
  { code: 'contact', paths: { fr: '/fr/contact', en: '/en/contact', es: '/es/contacto' } },
  { code: 'esg', paths: { fr: '/fr/esg', en: '/en/esg', es: '/es/asg' } },
  { code: 'expertise', paths: { fr: '/fr/expertise', en: '/en/expertise', es: '/es/experticia' } },
  { code: 'fund-range', paths: { fr: '/fr/gamme-fonds', en: '/en/fund-range', es: '/es/nuestros-fondos' } },
  { code: 'rgpd', paths: { fr: '/fr/confidentialite', en: '/en/gdpr', es: '/es/gdpr' } },
  { code: 'legal-notices', paths: { fr: '/fr/mentions-legales', en: '/en/legal-notices', es: '/es/legal-notices' } },
  { code: 'news', paths: { fr: '/fr/actualites', en: '/en/news', es: '/es/noticias' } },
  {
    code: 'regulatory-informations',
    paths: { fr: '/fr/informations-reglementaires', en: '/en/regulatory-informations', es: '/es/regulatory-informations' },
  },
  { code: 'sri', paths: { fr: '/fr/investissement-responsable', en: '/en/responsible-investment', es: '/es/inversion-responsable' } },
  { code: 'accessibility', paths: { fr: '/fr/accessibilite', en: '/en/accessibility', es: '/es/accesibilidad' } },
];

const plainNews = news.find((n) => !n.externalUrl && !n.hasDocument);
const publicFund = funds.find((f) => f.visibleTo.includes('RETAIL'));
const publicShare = publicFund?.shares.find((s) => s.visibleTo.includes('RETAIL'));

/**
 * The content pages are visited by content-news.spec.ts, which checks there what is checked here of
 * the other routes (status, language, title, one h1, axe) with every text of the page: one visit each.
 */
const CHECKED_WITH_THEIR_TEXTS = new Set(['about-us', 'expertise', 'esg', 'sri', 'legal-notices', 'regulatory-informations', 'rgpd', 'accessibility']);

/** The routes of one language that are no content page: each with its title (the fixture's; the home page's is the company's name). */
function routesOf(locale: Locale) {
  const categoryPath = { fr: '/fr/actualites/c/esg', en: '/en/news/c/esg', es: '/es/noticias/c/esg' }[locale];
  const articleBase = { fr: '/fr/actualites/', en: '/en/news/', es: '/es/noticias/' }[locale];
  return [
    ...ROUTES.filter((r) => !CHECKED_WITH_THEIR_TEXTS.has(r.code)).map((route) => ({
      path: route.paths[locale],
      title: route.code === 'home' ? 'Aurore Gestion' : pages.find((p) => p.code === route.code)?.title[locale],
    })),
    // Titles of their own (the category's, the article's, the fund's, the share's), not checked here.
    { path: categoryPath, title: null },
    { path: `${articleBase}${plainNews?.translations[locale].slug}`, title: null },
    { path: `/${locale}/funds/${publicFund?.slug}`, title: null },
    { path: `/${locale}/funds/${publicFund?.slug}/shares/${publicShare?.slug}`, title: null },
  ];
}

const NOT_FOUND: Record<Locale, { title: string; message: string; backHome: string }> = {
  fr: { title: 'Cette page est introuvable', message: 'Page non trouvée', backHome: 'Retour à l’accueil' },
  en: { title: 'This page could not be found', message: 'Page not found', backHome: 'Back to home' },
  es: { title: 'No se ha encontrado esta página', message: 'Página no encontrada', backHome: 'Volver al inicio' },
};
const notFoundPaths = (locale: Locale) => [`/${locale}/no-such-page`, { fr: '/fr/equipes', en: '/en/team', es: '/es/equipo' }[locale], `/${locale}/funds/no-such-fund`];
const SERVER_ERROR: Record<Locale, string> = {
  fr: 'Un problème est survenu, l’équipe a été prévenue',
  en: 'A problem occurred, the team has been notified',
  es: 'Se ha producido un problema, el equipo ha sido avisado',
};

/**
 * What each route says in its language (status, `<html lang>`, title, the one h1, the translated
 * 404 screen) is in the server's HTML: read without JavaScript, several pages a test, in every
 * language. How the pages behave once hydrated does not depend on the language: the scans below
 * load each kind of page once with its scripts.
 */
test.describe('routes in every language, as the server renders them', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`every route in ${locale} answers 200 with its language, its title and one h1`, async ({ page }) => {
      for (const { path, title } of routesOf(locale)) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
        if (title !== null) {
          expect(title, path).toBeTruthy();
          await expect(page, path).toHaveTitle(new RegExp(escapeRegExp(title ?? '-')));
        }
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      }
    });

    test(`unknown paths in ${locale} are 404 with the translated screen and title`, async ({ page }) => {
      const screen = NOT_FOUND[locale];
      for (const path of notFoundPaths(locale)) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: screen.message }), path).toBeVisible();
        await expect(page.getByRole('link', { name: screen.backHome }), path).toHaveAttribute('href', `/${locale}`);
        if (path === `/${locale}/no-such-page`) await expect(page, path).toHaveTitle(screen.title);
      }
    });
  }
});

/**
 * The error screen is Next's error shell, its text drawn by the page's script from the texts the
 * answer carries: the answer of each language is read over HTTP, the screen itself in a browser.
 */
test('a server error answers 500 in every language with its translated texts and no stack trace', async ({ request }) => {
  for (const locale of LOCALES) {
    const response = await request.get(`/${locale}/error-test`);
    expect(response.status(), locale).toBe(500);
    const body = await response.text();
    expect(body, locale).toContain(SERVER_ERROR[locale]);
    expect(body, locale).not.toContain('Deliberate failure');
    expect(body, locale).not.toMatch(/at [^\s"]*\.js:\d+/);
  }
});

test('a server error shows the translated error screen with status 500 and no stack trace', async ({ page }) => {
  const response = await page.goto('/es/error-test');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: SERVER_ERROR.es })).toBeVisible();
  await expect(page.getByText('Deliberate failure')).toHaveCount(0);
  await expect(page.getByText(/at .*\.js:\d+/)).toHaveCount(0);
});

/**
 * One axe scan per kind of page, hydrated, in one language, the languages taken in turn: their
 * markup is the same in every language. The content pages, whose seeded texts differ in markup from
 * one language to the next, are scanned in every language by content-news.spec.ts; the news list, a
 * news category and a news article are scanned there once each, in the tests that drive them
 * (pagination, category filter, article link).
 */
test.describe('no axe violation on each kind of page', () => {
  const KINDS: [what: string, path: string, status: number][] = [
    ['home page', '/fr', 200],
    ['contact page', '/en/contact', 200],
    ['fund range', '/es/nuestros-fondos', 200],
    ['fund page', `/fr/funds/${publicFund?.slug}`, 200],
    ['share page', `/en/funds/${publicFund?.slug}/shares/${publicShare?.slug}`, 200],
    ['not-found screen', '/es/equipo', 404],
  ];
  for (const [what, path, status] of KINDS) {
    test(`the ${what} (${path}) has no axe violation`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await axeViolations(page), path).toEqual([]);
    });
  }
});

test('the path redirects of / and of a bare /funds', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/(fr|en|es)$/);
  await page.goto('/en/funds');
  await expect(page).toHaveURL(/\/en\/fund-range$/);
});

test('the language switch endpoint keeps the page, stores the cookie for 365 days, and follows news translations', async ({ page, context }) => {
  await page.goto('/api/locale?to=es&from=/fr/nous-connaitre');
  await expect(page).toHaveURL(/\/es\/conocernos$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('es');
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(364 * 86400);
  expect(lifetime).toBeLessThanOrEqual(365 * 86400 + 60);
  await page.goto(`/api/locale?to=en&from=/fr/actualites/${plainNews?.translations.fr.slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/news/${plainNews?.translations.en.slug}$`));
  await page.goto('/api/locale?to=fr&from=https://evil.example/');
  await expect(page).toHaveURL(/\/fr$/);
});

test('security headers are sent with every page', async ({ request }) => {
  const response = await request.get('/fr');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
});
