import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_EN, expectAccessible, staffPage } from '../support/admin';

/**
 * Pages, texts and the company in the back-office, by roles and labels: an editor changes the Spanish
 * legal notices (with the keyboard alone), previews them unsaved, and a visitor of /es/legal-notices sees them at once; the
 * history shows the seeded state and the edit, previews them, and restoring the seeded version brings
 * the page back; the company's Spanish city shows in every page's footer at once, a bad press e-mail
 * is refused on its field; a reader sees these screens and changes nothing (403). Every screen passes
 * axe. Everything changed is put back, so the other specs read the seeded texts.
 */
const T = ADMIN_EN.Admin;
const P = T.pages;
const C = T.company;
const SEEDED_HOST_ES = 'El sitio está alojado por Nuage Exemple SAS';

// Long, keyboard-driven flows with several axe runs, on a shared machine: more time than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 });



/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`never reached ${target.toString()} with Tab`);
}

const hostGroup = (page: Page) => page.getByRole('group', { name: P.component.replace('{code}', 'host') });
const spanishHost = (page: Page) => hostGroup(page).getByLabel(`${P.text.replace('{code}', 'text')} (${T.language.es})`);

test('an editor changes the Spanish legal notices with the keyboard alone; /es/legal-notices shows it at once', async ({ browser, baseURL, page: visitor }) => {
  const marker = `Texto de prueba ${Date.now()}`;
  const { context, page } = await staffPage(browser, 'editor', baseURL);
  await page.goto('/admin');
  await tabTo(page, page.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: P.title }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: P.title })).toBeVisible();
  await expectAccessible(page);

  const edit = page.getByRole('link', { name: `${P.edit}: Legal notices` });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: P.editTitle.replace('{title}', 'Legal notices') })).toBeVisible();
  await expectAccessible(page);
  // The texts with markup say so; the seeded Spanish text is there, side by side with the others.
  await expect(spanishHost(page)).toHaveValue(new RegExp(`^${SEEDED_HOST_ES}`));
  await expect(hostGroup(page).getByText(P.markup)).toBeVisible();

  await tabTo(page, spanishHost(page));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`${marker}, con <b>negrita</b><img src=x onerror=alert(1)>.`);
  // The unsaved texts, drawn as a Spanish visitor would see them; nothing is saved by it.
  await tabTo(page, page.getByRole('button', { name: P.previewDraftIn.replace('{language}', T.language.es) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: P.previewDraftReady.replace('{language}', T.language.es) })).toBeVisible();
  const draft = page.getByRole('region', { name: P.preview });
  await expect(draft).toHaveAttribute('lang', 'es');
  await expect(draft.getByRole('heading', { name: 'Aviso legal', exact: true })).toBeVisible();
  await expect(draft).toContainText(marker);
  await expect(draft.locator('img')).toHaveCount(0);
  await expectAccessible(page);
  await visitor.goto('/es/legal-notices');
  await expect(visitor.getByRole('main')).toContainText(SEEDED_HOST_ES);
  await tabTo(page, page.getByRole('button', { name: T.data.save, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Saved as version \d+\. The public pages show it now\.$/ })).toBeVisible();

  await visitor.goto('/es/legal-notices');
  const main = visitor.getByRole('main');
  await expect(main).toContainText(marker);
  await expect(main.locator('b', { hasText: 'negrita' })).toBeVisible();
  await expect(main.locator('img')).toHaveCount(0);
  await expect(main).not.toContainText(SEEDED_HOST_ES);
  await context.close();
});

test('the history lists the seeded state and the edit, previews each, and restoring the seeded version brings it back', async ({ browser, baseURL, page: visitor }) => {
  const { context, page } = await staffPage(browser, 'editor', baseURL);
  await page.goto('/admin/pages');
  await page.getByRole('link', { name: `${P.history}: Legal notices` }).click();
  await expect(page.getByRole('heading', { level: 1, name: P.historyTitle.replace('{title}', 'Legal notices') })).toBeVisible();
  await expectAccessible(page);
  const rows = page.getByRole('table', { name: P.historyCaption }).getByRole('row');
  await expect(rows.filter({ hasText: P.kinds.initial })).toHaveCount(1);
  await expect(rows.filter({ hasText: P.kinds.edit }).filter({ hasText: 'editor@fundhouse.test' })).toHaveCount(1);

  await page.getByRole('link', { name: P.viewVersion.replace('{number}', '1') }).click();
  await expect(page.getByRole('heading', { level: 1, name: P.versionTitle.replace('{number}', '1').replace('{title}', 'Legal notices') })).toBeVisible();
  await expect(page.getByRole('row', { name: /host \/ text/ }).getByRole('cell').nth(2)).toContainText(SEEDED_HOST_ES);
  await expectAccessible(page);

  await page.getByRole('link', { name: P.previewIn.replace('{language}', T.language.es) }).click();
  await expect(page.getByRole('heading', { level: 1, name: P.previewTitle.replace('{title}', 'Legal notices').replace('{language}', T.language.es) })).toBeVisible();
  const preview = page.getByRole('region', { name: P.preview });
  await expect(preview).toHaveAttribute('lang', 'es');
  await expect(preview.getByRole('heading', { name: 'Aviso legal', exact: true })).toBeVisible();
  await expect(preview).toContainText(SEEDED_HOST_ES);
  await expectAccessible(page);

  await page.goBack();
  const restore = page.getByRole('form', { name: P.restoreForm.replace('{number}', '1') });
  await restore.getByRole('button', { name: P.restore }).click();
  await expect(page.getByRole('status')).toHaveText(/^Version 1 restored as version \d+\. The public pages show it now\.$/);

  await visitor.goto('/es/legal-notices');
  await expect(visitor.getByRole('main')).toContainText(SEEDED_HOST_ES);
  await expect(visitor.getByRole('main')).not.toContainText('Texto de prueba');

  await page.goto('/admin/pages/legal-notices/history');
  await expect(page.getByRole('row').filter({ hasText: P.kinds.restore.replace('{from}', '1') })).toHaveCount(1);
  await context.close();
});

test('the company: a bad press e-mail is refused on its field, the Spanish city shows in the footer at once, then is put back', async ({ browser, baseURL, page: visitor }) => {
  const { context, page } = await staffPage(browser, 'editor', baseURL);
  await page.goto('/admin/company');
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('form', { name: C.form });
  const infos = form.getByRole('group', { name: C.infos });
  const city = infos.getByLabel(`${C.info.CITY} (${T.language.es})`);
  const email = infos.getByLabel(C.info.EMAIL_PRESS);
  await expect(city).toHaveValue('Paris');

  await city.fill('Ciudad E2E');
  await email.fill('presse@');
  await form.getByRole('button', { name: T.data.save, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: T.data.invalid })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(C.errors.email);
  // Nothing typed is lost.
  await expect(city).toHaveValue('Ciudad E2E');
  await expectAccessible(page);

  await email.fill('presse@aurore-gestion.example');
  await form.getByRole('button', { name: T.data.save, exact: true }).click();
  // The company screen has a form per house image too, each with its own status region.
  await expect(page.getByRole('status').filter({ hasText: C.saved })).toHaveText(C.saved);
  await visitor.goto('/es');
  await expect(visitor.getByRole('contentinfo')).toContainText('Ciudad E2E');
  await visitor.goto('/fr');
  await expect(visitor.getByRole('contentinfo')).not.toContainText('Ciudad E2E');

  await page.reload();
  await city.fill('Paris');
  await form.getByRole('button', { name: T.data.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: C.saved })).toHaveText(C.saved);
  await visitor.goto('/es');
  await expect(visitor.getByRole('contentinfo')).not.toContainText('Ciudad E2E');
  await context.close();
});

test('a javascript: link is refused on its field, with the translated message, and the public page keeps its link', async ({ browser, baseURL, page: visitor }) => {
  const { context, page } = await staffPage(browser, 'editor', baseURL);
  await page.goto('/admin/pages/about-us');
  const group = page.getByRole('group', { name: P.component.replace('{code}', 'group') });
  const link = group.getByLabel(`${P.text.replace('{code}', 'group-url')} (${T.language.fr})`);
  await expect(link).toHaveValue(/^https:\/\//);
  await link.fill('JaVaScRiPt:alert(document.cookie)');
  await page.getByRole('button', { name: T.data.save, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: T.data.invalid })).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription(P.errors.link);
  await expectAccessible(page);
  // Nothing was saved: the visitor's page still links to the group's https site, and to nothing else.
  await visitor.goto('/fr');
  const hrefs = await visitor.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.some((href) => href.startsWith('https://www.groupe-aurore.example'))).toBe(true);
  expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
  await context.close();
});

test('the previews of the disclaimers and of the about-us page draw the public components in the chosen language', async ({ browser, baseURL }) => {
  const { context, page } = await staffPage(browser, 'reader', baseURL);
  await page.goto('/admin/pages');
  await page.getByRole('link', { name: `${P.preview}: Terms of access` }).click();
  await page.getByRole('link', { name: P.previewIn.replace('{language}', T.language.es) }).click();
  const preview = page.getByRole('region', { name: P.preview });
  await expect(preview).toHaveAttribute('lang', 'es');
  await expect(preview.getByRole('heading', { name: P.previewPastPerformance })).toBeVisible();
  await expect(preview.getByRole('note')).not.toBeEmpty();
  await expect(preview.getByRole('heading', { name: 'Condiciones generales de acceso al sitio' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/admin/pages/about-us/preview?lang=en');
  await expect(page.getByRole('region', { name: P.preview }).getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test('a reader sees the pages and the company but changes nothing (403)', async ({ browser, baseURL, page: visitor }) => {
  const { context: readerContext, page: reader } = await staffPage(browser, 'reader', baseURL);
  await reader.goto('/admin/pages');
  await expect(reader.getByRole('link', { name: `${P.history}: Legal notices` })).toBeVisible();
  await expect(reader.getByRole('link', { name: `${P.edit}: Legal notices` })).toHaveCount(0);
  expect((await reader.goto('/admin/pages/legal-notices'))?.status()).toBe(403);
  await reader.goto('/admin/pages/legal-notices/history/1');
  await expect(reader.getByRole('button', { name: P.restore })).toHaveCount(0);
  await reader.goto('/admin/company');
  await expect(reader.getByRole('button', { name: T.data.save, exact: true })).toBeDisabled();
  const cookies = await readerContext.cookies();
  await readerContext.close();

  // Stale editor screens posted with a reader's session (a forged post): 403 each time, nothing changes.
  const { context, page } = await staffPage(browser, 'editor', baseURL);
  await page.goto('/admin/pages/legal-notices');
  await spanishHost(page).fill('Texto de un lector');
  const versionPage = await context.newPage();
  await versionPage.goto('/admin/pages/legal-notices/history/2');
  const companyPage = await context.newPage();
  await companyPage.goto('/admin/company');
  await companyPage.getByRole('group', { name: C.infos }).getByLabel(`${C.info.CITY} (${T.language.es})`).fill('Ciudad de un lector');
  await context.clearCookies();
  await context.addCookies(cookies);

  for (const [screen, form, button] of [
    [page, page.getByRole('form', { name: P.form }), T.data.save],
    [versionPage, versionPage.getByRole('form', { name: P.restoreForm.replace('{number}', '2') }), P.restore],
    [companyPage, companyPage.getByRole('form', { name: C.form }), T.data.save],
  ] as const) {
    const answer = screen.waitForResponse((r) => r.request().method() === 'POST');
    await form.getByRole('button', { name: button, exact: true }).click();
    expect((await answer).status()).toBe(403);
  }
  await context.close();

  await visitor.goto('/es/legal-notices');
  await expect(visitor.getByRole('main')).toContainText(SEEDED_HOST_ES);
  await expect(visitor.getByRole('main')).not.toContainText('Texto de prueba');
  await visitor.goto('/es');
  await expect(visitor.getByRole('contentinfo')).not.toContainText('de un lector');
});

test('without a session every page and company screen leads to the sign-in screen', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  for (const path of ['/admin/pages', '/admin/pages/legal-notices', '/admin/pages/legal-notices/history', '/admin/pages/legal-notices/history/1', '/admin/pages/legal-notices/preview?lang=es', '/admin/company']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers()['location'], path).toBe('/admin/login');
  }
  await request.dispose();
});
