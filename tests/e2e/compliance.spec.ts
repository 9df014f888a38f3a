import { axeViolations } from '../support/axe';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { page as disclaimers } from '../../src/server/db/seed/fixtures/content/pages/disclaimers';
import { investorProfiles } from '../../src/server/db/seed/fixtures/content/reference';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { hydrated } from '../support/hydration';
import type { Locale } from '../support/public-pages';

/**
 * The compliance layer (docs/product.md §4, §6, §9; issue 4) from an empty browser: disclaimer popup, investor
 * profile, cookie consent. Storage keys, cookie names and lifetimes are read back from the browser.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const DAY = 86_400;

const messages = async (locale: Locale) =>
  (await import(`../../messages/compliance/${locale}.json`, { with: { type: 'json' } })).default as {
    Disclaimer: Record<string, string>;
    Consent: Record<string, string>;
  };

const disclaimerTitle = (locale: Locale) => {
  const text = disclaimers.components.flatMap((c) => c.texts).find((t) => t.code === 'title');
  return text!.content[locale];
};
const profileTitle = (code: string, locale: Locale) => investorProfiles.find((p) => p.code === code)!.title[locale];
const institOnlyFund = funds.find((f) => f.visibleTo.length === 1 && f.visibleTo[0] === 'INSTIT')!;
const languageNames = { fr: 'Français', en: 'English', es: 'Español' } as const;

async function storage(page: Page, key: string) {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** Remaining lifetime in days of a cookie, as the browser recorded it. */
function lifetimeDays(expires: number): number {
  return Math.round((expires - Date.now() / 1000) / DAY);
}

async function acceptDisclaimerByMouse(page: Page, locale: Locale, profile: string, targetLocale: Locale = locale) {
  const t = (await messages(targetLocale)).Disclaimer;
  const dialog = page.getByRole('dialog', { name: disclaimerTitle(locale) });
  await expect(dialog).toBeVisible();
  if (targetLocale !== locale) {
    await dialog.getByRole('radio', { name: languageNames[targetLocale] }).check();
    // The site switches to that language at once (docs/product.md §4): the popup opens again there.
    await expect(page.locator('html')).toHaveAttribute('lang', targetLocale);
  }
  await page.getByRole('dialog').getByRole('radio', { name: profileTitle(profile, targetLocale) }).check();
  await page.getByRole('dialog').getByRole('checkbox', { name: t.accept }).check();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
}

test.describe('disclaimer popup', () => {
  // The gate works the same in every language: driven in French. What the popup says in each
  // language is read before the site's scripts load, in the first-paint test below.
  test('first visit in fr: the popup gates the site until the checkbox is ticked, and passes axe', async ({ page }) => {
    const locale = 'fr';
    const t = (await messages(locale)).Disclaimer;
    await page.goto('/fr/nous-connaitre');
    const dialog = page.getByRole('dialog', { name: disclaimerTitle(locale) });
    await expect(dialog).toBeVisible();
    // The general conditions of the language, as the server holds them.
    await expect(dialog.getByRole('region', { name: disclaimerTitle(locale) })).toContainText('US');
    for (const profile of ['RETAIL', 'INSTIT', 'CGP']) await expect(dialog.getByRole('radio', { name: profileTitle(profile, locale) })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: profileTitle('RETAIL', locale) })).toBeChecked();
    const confirm = dialog.getByRole('button', { name: t.confirm });
    await expect(confirm).toBeDisabled();
    expect(await storage(page, 'disclaimer_validated')).toBeNull();
    // Max width 842 px (docs/product.md §9).
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(842);
    // Neither Escape nor a click outside dismisses it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    // The consent notice waits until the popup is gone.
    await expect(page.getByRole('region', { name: (await messages(locale)).Consent.noticeLabel })).toHaveCount(0);
    expect((await axeViolations(page))).toEqual([]);
    await dialog.getByRole('checkbox', { name: t.accept }).check();
    await expect(confirm).toBeEnabled();
    await dialog.getByRole('checkbox', { name: t.accept }).uncheck();
    await expect(confirm).toBeDisabled();
  });

  test('choosing a language inside the popup switches it at once; confirming saves the choices and reloads at that home page', async ({ page, context }) => {
    await page.goto('/fr/gamme-fonds');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(disclaimerTitle('fr'));
    await dialog.getByRole('radio', { name: 'English' }).check();
    await expect(dialog).toHaveAccessibleName(disclaimerTitle('en'));
    await expect(dialog).toHaveAttribute('lang', 'en');
    await expect(dialog.getByRole('radio', { name: profileTitle('INSTIT', 'en') })).toBeVisible();
    await acceptDisclaimerByMouse(page, 'en', 'INSTIT');
    await page.waitForURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storage(page, 'disclaimer_validated')).toBe('true');
    expect(await storage(page, 'investor_profile')).toBe('INSTIT');
    const locale = await cookie(context, 'i18n_redirected');
    expect(locale?.value).toBe('en');
    expect(lifetimeDays(locale!.expires)).toBe(365);
    // No consent choice yet: no 30-day preference cookie; the profile is kept for the session only
    // (docs/decisions/025), so the server renders the page for it.
    expect(await cookie(context, 'disclaimer_validated')).toBeUndefined();
    const profileCookie = await cookie(context, 'investor_profile');
    expect(profileCookie?.value).toBe('INSTIT');
    expect(profileCookie?.expires).toBe(-1);
    await expect(page.getByRole('button', { name: new RegExp(profileTitle('INSTIT', 'en')) })).toBeVisible();
    // Revisit: the flag keeps the popup closed.
    await page.reload();
    await expect(page.getByRole('region', { name: (await messages('en')).Consent.noticeLabel })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a revisit with the flag in localStorage or only in the cookie shows no popup; an invalid flag does', async ({ page, context, baseURL }) => {
    await page.goto('/en');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('disclaimer_validated', 'true'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.evaluate(() => window.localStorage.setItem('disclaimer_validated', 'false'));
    await page.reload();
    await expect(page.getByRole('dialog')).toBeVisible();
    await context.addCookies([{ name: 'disclaimer_validated', value: 'true', url: baseURL! }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the server renders pages as validated: no popup without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/en/fund-range');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(disclaimerTitle('en'), { exact: true })).toBeHidden();
    await context.close();
  });

  test("a first visit sees the popup with the page's first paint, modal and in its language, before the site's scripts have loaded, in fr, en and es; no axe violation in en and es", async ({ page }) => {
    // No bundle ever arrives: only the page's own first script runs.
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    for (const [locale, path] of [
      ['fr', '/fr/gamme-fonds'],
      ['en', '/en/about-us'],
      ['es', '/es/conocernos'],
    ] as const) {
      const t = (await messages(locale)).Disclaimer;
      await page.goto(path);
      const dialog = page.getByRole('dialog', { name: disclaimerTitle(locale) });
      await expect(dialog, locale).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(t.intro ?? '');
      // The general conditions of the language, as the server holds them.
      await expect(dialog.getByRole('region', { name: disclaimerTitle(locale) })).toContainText('US');
      for (const profile of ['RETAIL', 'INSTIT', 'CGP']) await expect(dialog.getByRole('radio', { name: profileTitle(profile, locale) })).toBeVisible();
      await expect(dialog.getByRole('radio', { name: profileTitle('RETAIL', locale) })).toBeChecked();
      // The browser's own modal: the focus is on the language in use, the page behind is out of reach.
      await expect(dialog.getByRole('radio', { name: languageNames[locale] })).toBeFocused();
      expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.confirm })).toBeDisabled();
      // The gate open, scanned in en and es here as the visitor first sees it (in fr, hydrated, above).
      if (locale !== 'fr') expect(await axeViolations(page), locale).toEqual([]);
    }
  });

  test("what a visitor does in the popup before the site's scripts arrive is kept once they do", async ({ page }) => {
    const t = (await messages('en')).Disclaimer;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/en/about-us', { waitUntil: 'commit' });
    const dialog = page.getByRole('dialog', { name: disclaimerTitle('en') });
    await dialog.getByRole('radio', { name: profileTitle('CGP', 'en') }).check();
    await dialog.getByRole('checkbox', { name: t.accept }).check();
    await expect(dialog.getByRole('button', { name: t.confirm })).toBeDisabled();
    release();
    await expect(dialog.getByRole('button', { name: t.confirm })).toBeEnabled();
    await dialog.getByRole('button', { name: t.confirm }).click();
    await page.waitForURL(/\/en$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storage(page, 'investor_profile')).toBe('CGP');
  });

  test('a visitor who has validated never sees the popup, not even before the scripts run', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('dialog', { name: disclaimerTitle('fr') })).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('disclaimer_validated', 'true'));
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(disclaimerTitle('fr'), { exact: true })).toBeHidden();
  });

  test('choosing English in the popup on a first visit in French switches the whole site to English at once', async ({ page, context }) => {
    await page.goto('/fr/gamme-fonds');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(disclaimerTitle('fr'));
    await expect(page.locator('header a[href="/fr/nous-connaitre"]').first()).toHaveText('Nous connaître');
    await dialog.getByRole('radio', { name: 'English' }).check();
    // The same page in English: its address, its language and the header's texts.
    await page.waitForURL(/\/en\/fund-range$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('header a[href="/en/about-us"]').first()).toHaveText('About us');
    await expect(page.locator('header a[href="/fr/nous-connaitre"]')).toHaveCount(0);
    expect((await cookie(context, 'i18n_redirected'))?.value).toBe('en');
    // The disclaimer is not validated yet: the popup is still there, in English, English chosen.
    await expect(page.getByRole('dialog')).toHaveAccessibleName(disclaimerTitle('en'));
    await expect(page.getByRole('dialog').getByRole('radio', { name: 'English' })).toBeChecked();
    expect(await storage(page, 'disclaimer_validated')).toBeNull();
  });

  test('keyboard only: choose language and profile, tick, confirm; the focus stays trapped in the popup', async ({ page, context }) => {
    const t = (await messages('es')).Disclaimer;
    // Each choice leaves for the language switch once: a second request would abort the first navigation.
    const switches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/locale') switches.push(new URL(request.url()).searchParams.get('to') ?? '');
    });
    await page.goto('/fr');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Français' })).toBeFocused();
    // Arrow keys move within a radio group: Français → English → Español; each choice switches the
    // site to that language at once, where the popup opens again with the focus on the language chosen.
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\/en$/);
    await expect(dialog.getByRole('radio', { name: 'English' })).toBeFocused();
    expect(switches).toEqual(['en']);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\/es$/);
    await expect(dialog.getByRole('radio', { name: 'Español' })).toBeFocused();
    expect(switches).toEqual(['en', 'es']);
    await expect(dialog.getByRole('radio', { name: 'Español' })).toBeChecked();
    await expect(dialog).toHaveAccessibleName(disclaimerTitle('es'));
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: profileTitle('RETAIL', 'es') })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: profileTitle('CGP', 'es') })).toBeChecked();
    await page.keyboard.press('Tab'); // the scrollable text
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: t.accept })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t.confirm })).toBeFocused();
    // Trapped: tabbing on cycles back into the popup, never onto the page behind it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open], [role="dialog"]'))).toBe(true);
    }
    await dialog.getByRole('button', { name: t.confirm }).focus();
    // Already on /es since the language was chosen: confirming loads that home page again, validated.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await page.waitForURL(/\/es$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storage(page, 'investor_profile')).toBe('CGP');
    expect((await cookie(context, 'i18n_redirected'))?.value).toBe('es');
  });
});

test.describe('investor profile', () => {
  test('a choice in the header is stored, written as a 30-day cookie with consent, and the site reloads at the home page for it', async ({ page, context }) => {
    await page.goto('/en/about-us');
    await acceptDisclaimerByMouse(page, 'en', 'RETAIL');
    await page.waitForURL(/\/en$/);
    const consent = (await messages('en')).Consent;
    await page.getByRole('button', { name: consent.refuseAll }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('region', { name: consent.noticeLabel })).toHaveCount(0);
    // With a consent choice recorded, the disclaimer cookie is written too (30 days).
    expect(lifetimeDays((await cookie(context, 'disclaimer_validated'))!.expires)).toBe(30);
    await page.goto('/en/about-us');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The menus open once the header's script runs: each is clicked once, when hydrated.
    const open = async (button: Locator, item: RegExp | string) => {
      await (await hydrated(button)).click();
      await expect(page.getByRole('menuitem', { name: item }).first()).toBeVisible();
    };
    const fundList = nav.getByRole('list', { name: 'Our funds' });
    await (await hydrated(nav.getByRole('button', { name: 'Our funds' }))).click();
    await expect(fundList).toBeVisible();
    await expect(fundList.getByRole('link', { name: new RegExp(institOnlyFund.title.en) })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await open(page.getByRole('button', { name: /Investor profile/ }), profileTitle('INSTIT', 'en'));
    await page.getByRole('menuitem', { name: profileTitle('INSTIT', 'en') }).click();
    await page.waitForURL(/\/en$/);
    expect(await storage(page, 'investor_profile')).toBe('INSTIT');
    const profile = await cookie(context, 'investor_profile');
    expect(profile?.value).toBe('INSTIT');
    expect(lifetimeDays(profile!.expires)).toBe(30);
    // Rendered by the server for INSTIT: the fund hidden from RETAIL is in the menu and its page answers.
    await nav.getByRole('button', { name: 'Our funds' }).click();
    await expect(fundList.getByRole('link', { name: new RegExp(institOnlyFund.title.en) })).toBeVisible();
    expect((await page.goto(`/en/funds/${institOnlyFund.slug}`))?.status()).toBe(200);
  });

  test('on start, a profile stored only in localStorage is applied to the page and every menu alike: its funds open, not a 404', async ({ page, context }) => {
    await page.goto('/fr');
    await page.evaluate(() => {
      window.localStorage.setItem('disclaimer_validated', 'true');
      window.localStorage.setItem('investor_profile', 'INSTIT');
    });
    // A new browser session without consent: no cookie, so the server renders RETAIL first.
    await context.clearCookies();
    await page.goto('/fr/nous-connaitre');
    await expect(page.getByRole('button', { name: new RegExp(profileTitle('INSTIT', 'fr')) })).toBeVisible();
    expect((await cookie(context, 'investor_profile'))?.expires).toBe(-1);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('button', { name: 'Nos fonds' }).click();
    const link = nav.getByRole('list', { name: 'Nos fonds' }).getByRole('link', { name: new RegExp(institOnlyFund.title.fr) });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/funds/${institOnlyFund.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: institOnlyFund.title.fr })).toBeVisible();
    // No fund list is fetched apart from the page: the menus are the server's, for the same profile.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/graphql')).length)).toBe(0);
  });

  test('without a profile cookie a fund hidden from RETAIL is a 404; with it, a 200', async ({ request, baseURL }) => {
    expect((await request.get(`/fr/funds/${institOnlyFund.slug}`)).status()).toBe(404);
    const instit = await request.get(`${baseURL}/fr/funds/${institOnlyFund.slug}`, { headers: { cookie: 'investor_profile=INSTIT' } });
    expect(instit.status()).toBe(200);
  });
});

test.describe('cookie consent', () => {
  // A visitor who has validated the disclaimer and made no cookie choice: the flag is in the
  // browser's storage before the first page loads.
  test.use({
    storageState: async ({ baseURL }, provide) => provide({ cookies: [], origins: [{ origin: baseURL!, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] }),
  });

  // The notice is drawn by the page's script: driven in one language (src/messages.test.ts checks
  // that its texts exist in every language).
  test('the notice: refuse and accept weigh the same, and it passes axe', async ({ page }) => {
    const t = (await messages('fr')).Consent;
    await page.goto('/fr');
    const notice = page.getByRole('region', { name: t.noticeLabel });
    await expect(notice).toBeVisible();
    const refuse = notice.getByRole('button', { name: t.refuseAll });
    const accept = notice.getByRole('button', { name: t.acceptAll });
    const [r, a] = [await refuse.boundingBox(), await accept.boundingBox()];
    expect(Math.abs(r!.height - a!.height)).toBeLessThan(1);
    expect(await refuse.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await accept.evaluate((el) => getComputedStyle(el).backgroundColor));
    expect((await axeViolations(page))).toEqual([]);
  });

  test('accept all: a 182-day consent with video on, the preference cookies written, the page reloaded', async ({ page, context }) => {
    const t = (await messages('en')).Consent;
    await page.goto('/en');
    await page.evaluate(() => window.localStorage.setItem('investor_profile', 'CGP'));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('region', { name: t.noticeLabel }).getByRole('button', { name: t.acceptAll }).click();
    await reloaded;
    const consent = await cookie(context, 'cookie_consent');
    expect(JSON.parse(decodeURIComponent(consent!.value))).toMatchObject({ v: 1, video: true });
    expect(lifetimeDays(consent!.expires)).toBe(182);
    expect((await cookie(context, 'investor_profile'))?.value).toBe('CGP');
    expect(lifetimeDays((await cookie(context, 'investor_profile'))!.expires)).toBe(30);
    expect((await cookie(context, 'disclaimer_validated'))?.value).toBe('true');
    await expect(page.getByRole('region', { name: t.noticeLabel })).toHaveCount(0);
    // The CSP now lets the video hosts in.
    const response = await page.goto('/en');
    expect(response?.headers()['content-security-policy']).toContain('youtube-nocookie.com');
  });

  test('refuse all: consent recorded with video off, nothing optional allowed', async ({ page, context }) => {
    const t = (await messages('fr')).Consent;
    await page.goto('/fr');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('region', { name: t.noticeLabel }).getByRole('button', { name: t.refuseAll }).click();
    await reloaded;
    const consent = await cookie(context, 'cookie_consent');
    expect(JSON.parse(decodeURIComponent(consent!.value))).toMatchObject({ v: 1, video: false });
    expect(lifetimeDays(consent!.expires)).toBe(182);
    await expect(page.getByRole('region', { name: t.noticeLabel })).toHaveCount(0);
    const response = await page.goto('/fr');
    expect(response?.headers()['content-security-policy']).not.toContain('youtube-nocookie.com');
  });

  test('the modal from the footer lists every service with its lifetimes; a change is saved and the page reloads; axe passes', async ({ page, context }) => {
    const t = (await messages('en')).Consent;
    const all = (await import('../../messages/compliance/en.json', { with: { type: 'json' } })).default.Consent;
    await page.goto('/en');
    await page.getByRole('contentinfo').getByRole('button', { name: /cookie/i }).click();
    const modal = page.getByRole('dialog', { name: t.modalTitle });
    await expect(modal).toBeVisible();
    for (const service of Object.values(all.services)) await expect(modal.getByRole('heading', { name: service.title })).toBeVisible();
    for (const duration of ['6 months', '30 days', '1 year', '30 minutes']) await expect(modal.getByText(duration).first()).toBeVisible();
    for (const c of Object.values(all.cookies)) await expect(modal.getByRole('rowheader', { name: c.name })).toBeVisible();
    const video = modal.getByRole('switch', { name: all.services.video.title });
    await expect(video).toHaveAttribute('aria-checked', 'false');
    expect((await axeViolations(page))).toEqual([]);
    await video.click();
    await expect(video).toHaveAttribute('aria-checked', 'true');
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: t.save }).click();
    await reloaded;
    expect(JSON.parse(decodeURIComponent((await cookie(context, 'cookie_consent'))!.value))).toMatchObject({ video: true });
    await page.getByRole('contentinfo').getByRole('button', { name: /cookie/i }).click();
    await expect(page.getByRole('dialog', { name: t.modalTitle }).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  test('keyboard only: the notice is first in the tab order; the modal opens, switches and saves by keyboard', async ({ page, context }) => {
    const t = (await messages('es')).Consent;
    await page.goto('/es');
    await expect(page.getByRole('region', { name: t.noticeLabel })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: t.refuseAll })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: t.customize })).toBeFocused();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: t.modalTitle });
    await expect(modal).toBeVisible();
    await modal.getByRole('switch').focus();
    await page.keyboard.press('Space');
    await expect(modal.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(modal.getByRole('button', { name: t.save })).toBeFocused();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    expect(JSON.parse(decodeURIComponent((await cookie(context, 'cookie_consent'))!.value))).toMatchObject({ video: true });
    // Escape closes the settings without recording anything new.
    await page.getByRole('contentinfo').getByRole('button', { name: /cookie/i }).press('Enter');
    await expect(page.getByRole('dialog', { name: t.modalTitle })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: t.modalTitle })).toHaveCount(0);
  });

  test('the floating cookie button shows from 640 px wide, not at 639 px, and opens the modal', async ({ page, context, baseURL }) => {
    const t = (await messages('en')).Consent;
    await context.addCookies([{ name: 'cookie_consent', value: encodeURIComponent('{"v":1,"video":false,"at":"2026-11-21"}'), url: baseURL! }]);
    await page.setViewportSize({ width: 640, height: 800 });
    await page.goto('/en');
    const fab = page.getByRole('button', { name: t.floatingButton, exact: true });
    await expect(fab).toBeVisible();
    await page.setViewportSize({ width: 639, height: 800 });
    await expect(fab).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await fab.click();
    await expect(page.getByRole('dialog', { name: t.modalTitle })).toBeVisible();
  });
});
