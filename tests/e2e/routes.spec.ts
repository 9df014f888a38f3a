import { axeViolations } from '../support/axe';
import { expect, test } from '@playwright/test';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { funds } from '../../src/server/db/seed/fixtures/funds';

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

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
];

const plainNews = news.find((n) => !n.externalUrl && !n.hasDocument);
const publicFund = funds.find((f) => f.visibleTo.includes('RETAIL'));
const publicShare = publicFund?.shares.find((s) => s.visibleTo.includes('RETAIL'));

/**
 * The content pages are visited by content-news.spec.ts, which checks there what is checked here of
 * the other routes (status, language, title, one h1, axe) with every text of the page: one visit each.
 */
const CHECKED_WITH_THEIR_TEXTS = new Set(['about-us', 'expertise', 'esg', 'sri', 'legal-notices', 'regulatory-informations', 'rgpd']);

for (const locale of LOCALES) {
  test.describe(`routes in ${locale}`, () => {
    for (const route of ROUTES.filter((r) => !CHECKED_WITH_THEIR_TEXTS.has(r.code))) {
      test(`${route.paths[locale]} answers 200 with its title, language and no axe violation`, async ({ page }) => {
        const response = await page.goto(route.paths[locale]);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const fixture = pages.find((p) => p.code === route.code);
        expect(fixture).toBeDefined();
        await expect(page).toHaveTitle(new RegExp(escape(route.code === 'home' ? 'Aurore Gestion' : (fixture?.title[locale] ?? ''))));
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        expect((await axeViolations(page))).toEqual([]);
      });
    }

    // One page per test: a test's time must not grow with the number of pages it visits (four axe
    // scans in one 30 s test timed out on a slower machine).
    const categoryPath = { fr: '/fr/actualites/c/esg', en: '/en/news/c/esg', es: '/es/noticias/c/esg' }[locale];
    const articleBase = { fr: '/fr/actualites/', en: '/en/news/', es: '/es/noticias/' }[locale];
    for (const [what, path] of [
      ['news category', categoryPath],
      ['news article', `${articleBase}${plainNews?.translations[locale].slug}`],
      ['fund', `/${locale}/funds/${publicFund?.slug}`],
      ['share', `/${locale}/funds/${publicFund?.slug}/shares/${publicShare?.slug}`],
    ] as const) {
      test(`the ${what} route ${path} answers 200 with its language, one h1 and no axe violation`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        expect((await axeViolations(page)), path).toEqual([]);
      });
    }

    const notFound = { fr: ['Page non trouvée', 'Retour à l’accueil'], en: ['Page not found', 'Back to home'], es: ['Página no encontrada', 'Volver al inicio'] }[locale];
    for (const path of [`/${locale}/no-such-page`, { fr: '/fr/equipes', en: '/en/team', es: '/es/equipo' }[locale], `/${locale}/funds/no-such-fund`]) {
      test(`${path} is 404 with the translated screen`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: notFound[0] })).toBeVisible();
        await expect(page.getByRole('link', { name: notFound[1] })).toHaveAttribute('href', `/${locale}`);
        expect((await axeViolations(page))).toEqual([]);
      });
    }

    test('an unknown path has the translated not-found title', async ({ page }) => {
      await page.goto(`/${locale}/no-such-page`);
      await expect(page).toHaveTitle({ fr: 'Cette page est introuvable', en: 'This page could not be found', es: 'No se ha encontrado esta página' }[locale]);
    });

    test('a server error shows the translated error screen with status 500 and no stack trace', async ({ page }) => {
      const response = await page.goto(`/${locale}/error-test`);
      expect(response?.status()).toBe(500);
      const message = { fr: 'Un problème est survenu, l’équipe a été prévenue', en: 'A problem occurred, the team has been notified', es: 'Se ha producido un problema, el equipo ha sido avisado' }[locale];
      await expect(page.getByRole('heading', { level: 1, name: message })).toBeVisible();
      await expect(page.getByText('Deliberate failure')).toHaveCount(0);
      await expect(page.getByText(/at .*\.js:\d+/)).toHaveCount(0);
    });
  });
}

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

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
