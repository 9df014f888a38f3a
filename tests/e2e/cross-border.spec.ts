import { axeViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { countryPages } from '../../src/server/db/seed/fixtures/content/country-pages';
import { page as disclaimers } from '../../src/server/db/seed/fixtures/content/pages/disclaimers';
import { investorProfiles } from '../../src/server/db/seed/fixtures/content/reference';

/**
 * Cross-border distribution (issue 21, docs/decisions/035): the country of residence is asked with
 * the language and the profile, and everything a visitor reaches follows the registration matrix.
 * Demo data: Aurore PME-ETI France is registered in France and Luxembourg only; the Swiss
 * information page exists in every language (French and English are Switzerland's).
 */
const FUND = 'aurore-pme-eti-france';
const FUND_TITLE = 'Aurore PME-ETI France';
const SHARE = 'part-c-eur';

const compliance = async (locale: 'fr' | 'en' | 'es') =>
  (await import(`../../messages/compliance/${locale}.json`, { with: { type: 'json' } })).default as { Disclaimer: Record<string, string> };
const core = async (locale: 'fr' | 'en' | 'es') =>
  (await import(`../../messages/core/${locale}.json`, { with: { type: 'json' } })).default as { NotFound: Record<string, string>; Country: { label: string }; Layout: Record<string, string> };
const disclaimerTitle = (locale: 'fr' | 'en' | 'es') => disclaimers.components.flatMap((c) => c.texts).find((t) => t.code === 'title')!.content[locale];
const swissPage = countryPages.find((p) => p.code === 'country-CH')!;

/** Every link to the fund, wherever it is on the page (the header's fund list is in the HTML, hidden until opened). */
const fundLinks = (page: Page) => page.locator(`a[href*="/funds/${FUND}"]`);

test.describe('a first visit from Spain', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('chooses Spain, Spanish and RETAIL: the share class not registered in Spain appears nowhere, and Luxembourg shows it', async ({ page, context }) => {
    const es = (await compliance('es')).Disclaimer;
    const fr = (await compliance('fr')).Disclaimer;
    await page.goto('/fr');
    const dialog = page.getByRole('dialog', { name: disclaimerTitle('fr') });
    await expect(dialog).toBeVisible();
    // The country comes first; nothing is chosen for the visitor but the default.
    const country = dialog.getByRole('combobox', { name: fr.country });
    await expect(country).toHaveValue('FR');
    await expect(dialog.getByRole('radio', { name: 'English' })).toBeVisible();
    expect((await axeViolations(page))).toEqual([]);
    await country.selectOption('ES');
    // Spain's languages are offered, and the popup speaks the first one at once.
    await expect(page.getByRole('dialog')).toHaveAccessibleName(disclaimerTitle('es'));
    await expect(page.getByRole('dialog').getByRole('radio', { name: 'Español' })).toBeChecked();
    await expect(page.getByRole('dialog').getByRole('radio', { name: 'Français' })).toHaveCount(0);
    const retail = investorProfiles.find((p) => p.code === 'RETAIL')!.title.es;
    await page.getByRole('dialog').getByRole('radio', { name: retail }).check();
    await page.getByRole('dialog').getByRole('checkbox', { name: es.accept }).check();
    expect((await axeViolations(page))).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: es.confirm }).click();
    await page.waitForURL(/\/es$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Stored like the profile (decision 025): browser storage, and a session cookie before a cookie choice.
    expect(await page.evaluate(() => window.localStorage.getItem('investor_country'))).toBe('ES');
    const cookie = (await context.cookies()).find((c) => c.name === 'investor_country');
    expect(cookie?.value).toBe('ES');
    expect(cookie?.expires).toBe(-1);

    const esCore = await core('es');
    await expect(page.getByRole('button', { name: new RegExp(`${esCore.Country.label}.*España`) })).toBeVisible();
    // Home, menu, range and finder: no link to the fund.
    await expect(fundLinks(page)).toHaveCount(0);
    await page.goto('/es/nuestros-fondos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(fundLinks(page)).toHaveCount(0);
    await expect(page.getByText(FUND_TITLE)).toHaveCount(0);
    await page.goto('/es/nuestros-fondos?category=equities');
    await expect(fundLinks(page)).toHaveCount(0);
    // A direct link to the fund or its share class: the translated 404.
    for (const path of [`/es/funds/${FUND}`, `/es/funds/${FUND}/shares/${SHARE}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: esCore.NotFound.message })).toBeVisible();
    }
    // Its documents and data are refused as well.
    expect((await page.request.get(`/e/es/docs/funds/${FUND}/PROSPECTUS`)).status()).toBe(404);

    // The header's selector: Luxembourg, where the fund is registered.
    await page.goto('/es');
    await page.getByRole('button', { name: new RegExp(esCore.Country.label) }).click();
    await expect(page.getByRole('menuitem', { name: 'España' })).toHaveAttribute('aria-current', 'true');
    expect((await axeViolations(page))).toEqual([]);
    await page.getByRole('menuitem', { name: 'Luxemburgo' }).click();
    await page.waitForURL(/\/es$/);
    await expect(page.getByRole('button', { name: new RegExp(`${esCore.Country.label}.*Luxemburgo`) })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'investor_country')?.value).toBe('LU');
    await page.goto('/es/nuestros-fondos');
    await expect(page.getByRole('link', { name: new RegExp(FUND_TITLE) }).first()).toBeVisible();
    const response = await page.goto(`/es/funds/${FUND}/shares/${SHARE}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(FUND_TITLE);
  });
});

test.describe('the information page of a country', () => {
  test('Switzerland’s is in French and English, linked in the footer for Swiss residents only, and passes axe', async ({ page, context, baseURL }) => {
    const footerLink = (name: string) => page.getByRole('contentinfo').getByRole('link', { name });
    // A returning visitor from France: France's page is linked, not Switzerland's.
    await page.goto('/fr');
    await expect(footerLink(swissPage.title.fr)).toHaveCount(0);
    await expect(footerLink(countryPages.find((p) => p.code === 'country-FR')!.title.fr)).toBeVisible();

    await context.addCookies([{ name: 'investor_country', value: 'CH', url: baseURL! }]);
    await page.goto('/fr');
    await footerLink(swissPage.title.fr).click();
    await page.waitForURL(/\/fr\/informations-investisseurs\/ch$/);
    await expect(page.getByRole('heading', { level: 1, name: swissPage.title.fr })).toBeVisible();
    await expect(page.getByText('Représentant Exemple SA', { exact: false }).first()).toBeVisible();
    // After a client navigation the page's <title> (its metadata) arrives after its body: axe waits for it.
    await expect(page).toHaveTitle(new RegExp(swissPage.title.fr));
    expect((await axeViolations(page))).toEqual([]);

    await page.goto('/en');
    await footerLink(swissPage.title.en).click();
    await page.waitForURL(/\/en\/investor-information\/ch$/);
    await expect(page.getByRole('heading', { level: 1, name: swissPage.title.en })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Summary of investor rights' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(swissPage.title.en));
    expect((await axeViolations(page))).toEqual([]);
  });

  test('a country with no page ("Other countries", INT) is a translated 404, and so is a code in capitals or an unknown one', async ({ page }) => {
    const en = await core('en');
    for (const path of ['/en/investor-information/int', '/en/investor-information/CH', '/en/investor-information/zz', '/en/investor-information/ch/more']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: en.NotFound.message })).toBeVisible();
    }
  });
});
