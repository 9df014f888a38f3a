import { axeViolations } from '../support/axe';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../support/admin';

/** Signing in and out of the back-office, from an empty browser. */
test.use({ storageState: { cookies: [], origins: [] }, locale: 'en-GB' });

test.describe('back-office sign-in', () => {
  test('signs in and out; the session cookie is HttpOnly and SameSite', async ({ page, context }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Back-office' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();

    const session = (await context.cookies()).find((c) => c.name === 'staff.session_token');
    expect(session, 'session cookie').toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    // PUBLIC_BASE_URL is http in the tests: Secure is set only behind https (integration of the flag in the config).
    expect(session?.secure).toBe(false);
    expect(session?.path).toBe('/');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?done=signedOut$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText('You are signed out.');
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('signs in and out with plain form posts (the page sends its Origin)', async ({ page }) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/admin\/login\?done=signedOut$/);
    });
  });

  test('a wrong password is refused with a translated message', async ({ page }) => {
    await signIn(page, ADMIN.email, 'not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong e-mail or password.');
    await expect(page).toHaveURL(/\/admin\/login\?error=wrong$/);
  });

  test.describe('throttling', () => {
    // A client address of its own, so the per-address count of the other tests is not involved.
    test.use({ extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.77' } });

    test('after three failures a client waits, longer each time, with a clear message in its language', async ({ page }) => {
      const email = 'nobody-in-particular@fundhouse.test';
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await signIn(page, email, `wrong-${attempt}`);
        await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong e-mail or password.');
      }
      await signIn(page, email, 'wrong-4');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Too many failed attempts. Try again in 1 minute.');
      // Waiting: even a right password would not be tried now from this client.
      await signIn(page, email, 'wrong-5');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Too many failed attempts. Try again in 1 minute.');

      await page.getByLabel('Language').selectOption('es');
      await page.getByRole('button', { name: 'Change language' }).click();
      // The switch stores the language with its answer: sign in again only once it is stored.
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await signIn(page, email, 'wrong-6');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Demasiados intentos fallidos. Vuelva a intentarlo dentro de 1 minuto.');
    });

    test("an attacker's failures on an account never refuse its owner's right password from another client", async ({ page, browser, baseURL }) => {
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        await signIn(page, ADMIN.email, `attacker-guess-${attempt}`);
        await expect(page).toHaveURL(/error=(wrong|throttled)/);
      }
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(/Too many failed attempts/);
      const owner = await browser.newContext({ baseURL, locale: 'en-GB', storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.78' } });
      const ownerPage = await owner.newPage();
      await signIn(ownerPage, ADMIN.email, ADMIN.password);
      await expect(ownerPage).toHaveURL(/\/admin$/);
      await owner.close();
    });
  });

  test('the language of the sign-in screens can be switched', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel(/^(Language|Langue|Idioma)$/).selectOption('fr');
    await page.getByRole('button', { name: /Change language|Changer de langue|Cambiar de idioma/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion au back-office');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  for (const path of ['/admin/login', '/admin/forgot-password', '/admin/set-password?token=x', '/admin/login/two-factor']) {
    test(`no axe violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      expect((await axeViolations(page))).toEqual([]);
    });
  }
});
