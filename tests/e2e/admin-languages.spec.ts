import { expect, test } from '@playwright/test';
import { ADMIN_EN, expectAccessible, staffPage } from '../support/admin';

/**
 * Languages and countries (issue 43, docs/decisions/061), by roles and labels: an administrator's
 * form without a language is refused with its translated message and keeps what was chosen; English
 * made the default language sends a visitor whose browser asks for none of the offered ones to /en,
 * and the hreflang links and the sitemap put x-default on English; then the house's order is put
 * back. Spanish stays offered throughout, so the other specs of this server keep their Spanish pages
 * (taking a language off, and a country off the menus, is covered by
 * tests/integration/offered-languages.int.test.ts). A reader sees the screen and cannot save. Every
 * screen passes axe. The server publishes at once (APPROVAL_REQUIRED is empty there).
 */
const T = ADMIN_EN.Admin;
const L = T.languages;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const rank = (n: number) => (n === 1 ? L.default : L.rank.replace('{rank}', String(n)));

test('an administrator makes English the default language, the visitor’s / and hreflang follow, then the order is put back', async ({ browser, baseURL }) => {
  const { context, page } = await staffPage(browser, 'admin', baseURL);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.languages }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole('form', { name: L.form });
  const languages = form.getByRole('group', { name: L.languages });
  const french = languages.getByLabel(T.language.fr);
  const english = languages.getByLabel(T.language.en);
  const spanish = languages.getByLabel(T.language.es);
  await expect(french).toHaveValue('1');
  await expect(english).toHaveValue('2');
  await expect(spanish).toHaveValue('3');
  const countries = form.getByRole('group', { name: L.countries });
  await expect(countries.getByRole('checkbox', { name: /\(BE\)$/ })).toBeChecked();

  // No language at all: refused, translated, nothing lost, nothing saved.
  for (const select of [french, english, spanish]) await select.selectOption({ label: L.notOffered });
  await form.getByRole('button', { name: T.data.save, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: T.data.invalid })).toBeVisible();
  await expect(languages).toHaveAccessibleDescription(new RegExp(L.errors['no-language'].replace(/[.]/g, '\\.')));
  await expect(french).toHaveValue('');
  await expectAccessible(page);

  // English first, French second, Spanish third.
  await english.selectOption({ label: rank(1) });
  await french.selectOption({ label: rank(2) });
  await spanish.selectOption({ label: rank(3) });
  await form.getByRole('button', { name: T.data.save, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(L.saved);

  const visitor = await browser.newContext({ baseURL, locale: 'de-DE' });
  try {
    const home = await visitor.newPage();
    // A render of the home page another spec had under way at the change may be served until the
    // second expiry (RENDER_SETTLE_MS, 2 s): the visitor comes back until it is over.
    const xDefault = home.locator('link[rel="alternate"][hreflang="x-default"]');
    await expect(async () => {
      await home.goto('/');
      await expect(home).toHaveURL(/\/en$/);
      await expect(xDefault).toHaveAttribute('href', /\/en$/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const sitemap = await visitor.request.get('/sitemap.xml');
    expect(sitemap.ok()).toBe(true);
    expect(await sitemap.text()).toMatch(/hreflang="x-default" href="[^"]*\/en\/about-us"/);
  } finally {
    await visitor.close();
  }

  // The house's order again.
  await page.reload();
  await french.selectOption({ label: rank(1) });
  await english.selectOption({ label: rank(2) });
  await spanish.selectOption({ label: rank(3) });
  await form.getByRole('button', { name: T.data.save, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(L.saved);
  await context.close();
});

test('a reader sees the languages and countries and cannot save them', async ({ browser, baseURL }) => {
  const { context, page } = await staffPage(browser, 'reader', baseURL);
  await page.goto('/admin/languages');
  await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
  await expect(page.getByRole('form', { name: L.form }).getByRole('button', { name: T.data.save, exact: true })).toBeDisabled();
  await expectAccessible(page);
  await context.close();
});
