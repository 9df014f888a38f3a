import { axeViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { categories } from '../../src/server/db/seed/fixtures/categories';
import { company } from '../../src/server/db/seed/fixtures/content/company';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { hydrated } from '../support/hydration';
import { escapeRegExp, LOCALES, type Locale } from '../support/public-pages';

/** The funds a profile may see, in the order of docs/product.md §2: ascending category display order, highlighted funds first. */
function visibleFunds(profile: 'RETAIL' | 'INSTIT', locale: Locale) {
  const order = (code: string) => categories.find((c) => c.code === code)?.displayOrder ?? 99;
  return funds
    .filter((f) => f.visibleTo.includes(profile))
    .sort((a, b) => order(a.categoryCode) - order(b.categoryCode) || Number(b.isHighlight) - Number(a.isHighlight))
    .map((f) => f.title[locale]);
}

/** The funds list's items, as read from the page: every fund the profile sees, in order, each with its category, then the fund range link. */
function expectFundsByCategory(items: string[], locale: Locale) {
  const expected = visibleFunds('RETAIL', locale);
  const titles = items.map((text) => expected.find((t) => text.includes(t))).filter(Boolean);
  expect(titles).toEqual(expected);
  expect(items.length).toBe(expected.length + 1); // plus the fund range link
  // Each fund item shows its category too.
  const first = funds.find((f) => f.title[locale] === expected[0]);
  const category = categories.find((c) => c.code === first?.categoryCode);
  expect(items[0]).toContain(category?.title[locale] ?? '');
}

async function labelsFromMessages(page: Page, locale: Locale) {
  const messages = (await import(`../../messages/core/${locale}.json`, { with: { type: 'json' } })).default as {
    Layout: { funds: string; ourJobs: string; language: string; menu: { open: string }; mainNavigation: string };
  };
  void page;
  return messages.Layout;
}

test.describe('desktop header (1280 px)', () => {
  // Hovering works the same in every language: driven in French; the list of each language is read
  // from the server's HTML below.
  test('the funds dropdown opens on hover and lists every fund in fr, sorted by category; no axe violation with it open', async ({ page }) => {
    const locale = 'fr';
    const labels = await labelsFromMessages(page, locale);
    await page.goto(`/${locale}`);
    const nav = page.getByRole('navigation', { name: labels.mainNavigation });
    const trigger = nav.getByRole('button', { name: labels.funds });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.hover();
    // Site navigation: a disclosure (button + list of links), not an ARIA menu.
    const menu = nav.getByRole('list', { name: labels.funds });
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menu')).toHaveCount(0);
    expectFundsByCategory(await menu.getByRole('link').allInnerTexts(), locale);
    // A menu open, scanned in fr here, in en and es at 375 px below.
    expect(await axeViolations(page), `/${locale} funds menu open`).toEqual([]);
    await page.mouse.move(5, 700);
    await expect(menu).toBeHidden({ timeout: 2000 });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('an INSTIT visitor sees the funds hidden from RETAIL in the menu', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'investor_profile', value: 'INSTIT', url: baseURL ?? '' }]);
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Clicked once, when hydrated: a click before that is lost (it failed so on a busy machine).
    await (await hydrated(nav.getByRole('button', { name: 'Our funds' }))).click();
    const list = nav.getByRole('list', { name: 'Our funds' });
    await expect(list).toBeVisible();
    const items = await list.getByRole('link').allInnerTexts();
    for (const title of visibleFunds('INSTIT', 'en')) expect(items.some((i) => i.includes(title))).toBe(true);
    expect(items.length).toBe(visibleFunds('INSTIT', 'en').length + 1);
  });

  test('header links lead to live pages and the jobs dropdown opens external sites in a new tab', async ({ page }) => {
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, path] of [
      ['About us', '/en/about-us'],
      ['Contact', '/en/contact'],
    ] as const) {
      await nav.getByRole('link', { name, exact: false }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.getByRole('button', { name: /Our businesses/ }).click();
    const jobs = page.getByRole('menu').getByRole('menuitem');
    await expect(jobs).toHaveCount(2);
    for (const link of await jobs.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('the language dropdown switches to the same page and stores the cookie for a year', async ({ page, context }) => {
    await page.goto('/en/about-us');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('menuitem', { name: /Español/ }).click();
    await expect(page).toHaveURL(/\/es\/conocernos$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('es');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  });

  test('the funds disclosure is keyboard operable and its links are ordinary links', async ({ page }) => {
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const trigger = nav.getByRole('button', { name: 'Our funds' });
    const list = nav.getByRole('list', { name: 'Our funds' });
    // The button toggles once the header's script runs: pressed once, when hydrated.
    await (await hydrated(trigger)).focus();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    const links = list.getByRole('link');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(links.last()).toBeFocused();
    await expect(links.last()).toHaveAttribute('href', '/en/fund-range');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    // Enter again closes it; Tab from an open list's last link closes it too.
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(list).toBeHidden();
  });

  test('a click outside closes the funds disclosure, and following a fund link leads to its page', async ({ page }) => {
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const trigger = nav.getByRole('button', { name: 'Our funds' });
    const list = nav.getByRole('list', { name: 'Our funds' });
    await (await hydrated(trigger)).click();
    await expect(list).toBeVisible();
    await page.mouse.click(5, 700);
    await expect(list).toBeHidden();
    await trigger.click();
    const first = list.getByRole('link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(list).toBeHidden();
  });
});

/**
 * What the header and footer say in each language is in the server's HTML: read without
 * JavaScript, in every language. The funds list is there too, hidden until the dropdown opens.
 */
test.describe('header and footer, as the server renders them', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`in ${locale}: the funds list holds every fund sorted by category, the menu button is labelled, and the footer shows the address, the legal links (the accessibility statement's among them), LinkedIn, the cookie button and this year's copyright`, async ({ page }) => {
      const labels = await labelsFromMessages(page, locale);
      await page.goto(`/${locale}`);
      const nav = page.getByRole('navigation', { name: labels.mainNavigation });
      await expect(nav.getByRole('button', { name: labels.funds })).toHaveAttribute('aria-expanded', 'false');
      const menu = nav.getByRole('list', { name: labels.funds, includeHidden: true });
      await expect(menu).toBeHidden();
      expectFundsByCategory(await menu.getByRole('link', { includeHidden: true }).allTextContents(), locale);

      const footer = page.getByRole('contentinfo');
      const address = company.infos.find((i) => i.code === 'ADDRESS')?.content[locale] ?? '';
      // The legal line names the registered office too, which may be the same address.
      await expect(footer.getByText(address).first()).toBeVisible();
      await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('target', '_blank');
      await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
      const legal = {
        fr: ['/fr/mentions-legales', '/fr/informations-reglementaires', '/fr/investissement-responsable', '/fr/confidentialite', '/fr/accessibilite', '/fr/contact'],
        en: ['/en/legal-notices', '/en/regulatory-informations', '/en/responsible-investment', '/en/gdpr', '/en/accessibility', '/en/contact'],
        es: ['/es/legal-notices', '/es/regulatory-informations', '/es/inversion-responsable', '/es/gdpr', '/es/accesibilidad', '/es/contacto'],
      }[locale];
      for (const href of legal) await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
      // The accessibility statement's link is named by the page's title, like the other legal links.
      const accessibility = pages.find((p) => p.code === 'accessibility')?.title[locale] ?? '-';
      await expect(footer.getByRole('link', { name: accessibility, exact: true })).toHaveAttribute('href', legal[4] ?? '-');
      await expect(footer.getByRole('button', { name: { fr: /cookies/i, en: /cookies/i, es: /cookies/i }[locale] })).toBeVisible();

      // The phone's menu button, the same page laid out at 375 px.
      await page.setViewportSize({ width: 375, height: 740 });
      await expect(page.getByRole('button', { name: labels.menu.open })).toBeVisible();
    });
  }
});

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // The menu behaves the same in every language: driven in Spanish, where the home page at 375 px
  // is scanned closed and open; its button's label is checked in every language above.
  test('the menu opens, locks the page scroll, traps focus and closes on navigation in es; no axe violation on /es at 375 px, menu closed or open', async ({ page }) => {
    const locale = 'es';
    const labels = await labelsFromMessages(page, locale);
    await page.goto(`/${locale}`);
    const open = page.getByRole('button', { name: labels.menu.open });
    await expect(open).toBeVisible();
    expect(await axeViolations(page), `/${locale} closed`).toEqual([]);
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(Math.round((await dialog.boundingBox())?.width ?? 999)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await axeViolations(page), `/${locale} open`).toEqual([]);
    for (let i = 0; i < 40; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const target = (await dialog.getByRole('link').filter({ hasNotText: company.title[locale] }).first().getAttribute('href')) ?? '';
    await dialog.getByRole('link').filter({ hasNotText: company.title[locale] }).first().click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('Escape closes the menu, and the collapsible fund list shows every fund; no axe violation with it open in en', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Our funds/ }).click();
    for (const title of visibleFunds('RETAIL', 'en')) await expect(dialog.getByRole('link', { name: new RegExp(escapeRegExp(title)) })).toBeVisible();
    expect(await axeViolations(page), '/en menu and fund list open').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  // The home page at 375 px is scanned by the menu test.
  for (const path of ['/en/about-us', '/es/noticias', '/fr/gamme-fonds', '/en/no-such-page']) {
    test(`no axe violation on ${path} at 375 px`, async ({ page }) => {
      await page.goto(path);
      expect((await axeViolations(page))).toEqual([]);
    });
  }
});

test('the page-loading indicator and the online status are announced, and going offline is shown', async ({ page, context }) => {
  await page.goto('/en');
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /back online/i })).toBeVisible();
});
