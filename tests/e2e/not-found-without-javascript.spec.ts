import { expect, test } from '@playwright/test';

/**
 * Crawlers and visitors without JavaScript get the translated 404 screen in the server's HTML, with
 * status 404 (docs/product.md §2 error screens, docs/decisions/019): not Next's empty error shell whose text
 * appears only once the script has run.
 */
test.use({ javaScriptEnabled: false });

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

const SCREEN: Record<Locale, { title: string; message: string; backHome: string }> = {
  fr: { title: 'Cette page est introuvable', message: 'Page non trouvée', backHome: 'Retour à l’accueil' },
  en: { title: 'This page could not be found', message: 'Page not found', backHome: 'Back to home' },
  es: { title: 'No se ha encontrado esta página', message: 'Página no encontrada', backHome: 'Volver al inicio' },
};
const NEWS: Record<Locale, string> = { fr: '/fr/actualites', en: '/en/news', es: '/es/noticias' };

for (const locale of LOCALES) {
  test(`${locale}: an unknown path, fund, article and category answer the translated 404 screen without JavaScript`, async ({ page }) => {
    const slug = `no-such-${Date.now().toString(36)}`;
    const paths = [
      { fr: '/fr/pas-de-page-ici', en: '/en/no-page-here', es: '/es/no-hay-pagina-aqui' }[locale],
      `/${locale}/funds/${slug}`,
      `${NEWS[locale]}/${slug}`,
      `${NEWS[locale]}/c/${slug}`,
    ];
    const screen = SCREEN[locale];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()['x-fundhouse-not-found'], path).toBeUndefined();
      // The server's own HTML, as a crawler reads it: the screen, in the page's language, in the site's frame.
      const html = (await response?.text()) ?? '';
      expect(html.includes('__next_error__'), `${path}: Next's empty error shell`).toBe(false);
      await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
      await expect(page, path).toHaveTitle(screen.title);
      await expect(page.getByRole('heading', { level: 1, name: screen.message }), path).toBeVisible();
      await expect(page.getByRole('link', { name: screen.backHome }), path).toHaveAttribute('href', `/${locale}`);
      await expect(page.locator('header').first(), path).toBeVisible();
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
    }
  });
}
