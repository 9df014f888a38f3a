import { expect, test, type Page } from '@playwright/test';
import { slugify } from '../../src/domain/news/input';
import { ADMIN_EN, expectAccessible, staffPage, storageStateOf } from '../support/admin';

/**
 * News in the back-office (docs/decisions/022), by roles and labels: an editor writes an article
 * in English and French with a link and a bold word (keyboard only in the editor), publishes it,
 * and a visitor sees it at once on the news list, in the RSS feed and the sitemap, with a
 * `<script>` typed into the editor shown as text and markup posted past the editor gone; an article
 * scheduled two seconds ahead appears at its time without anyone acting; a reader changes nothing
 * (403). Every screen is checked with axe. The default `page` is a returning visitor.
 */
const T = ADMIN_EN.Admin;
const N = T.news;

test.describe.configure({ mode: 'serial' });



const stamp = Date.now().toString().slice(-7);
const EN = { title: `Aurore opens a Lisbon office ${stamp}`, summary: 'A new office to serve our Portuguese clients.' };
const FR = { title: `Aurore ouvre un bureau à Lisbonne ${stamp}`, summary: 'Un nouveau bureau pour nos clients portugais.' };
const SCRIPT_TEXT = '<script>alert(1)</script>';
let itemUrl = '';
let enSlug = '';

/** Types the body with the keyboard only: a bold word (Ctrl+B), a link (Ctrl+K) and a literal <script>. */
async function typeBody(page: Page, form: ReturnType<Page['getByRole']>, words: { intro: string; bold: string; link: string }) {
  const body = form.getByRole('textbox', { name: N.fields.body });
  // From the summary, Tab reaches the toolbar's three buttons, then the editor.
  await form.getByLabel(N.fields.summary).focus();
  for (const name of [N.editor.bold, N.editor.italic, N.editor.link]) {
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(body).toBeFocused();
  await page.keyboard.type(`${words.intro} `);
  await page.keyboard.press('Control+b');
  await expect(form.getByRole('button', { name: N.editor.bold, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type(words.bold);
  await page.keyboard.press('Control+b');
  await expect(form.getByRole('button', { name: N.editor.bold, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(` ${words.link}`);
  await expect(body).toContainText(`${words.bold} ${words.link}`);
  // The link's words selected from the keyboard, one character at a time, each step seen by the page.
  const selection = () => page.evaluate(() => window.getSelection()?.toString() ?? '');
  for (let i = 1; i <= words.link.length; i++) {
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(selection).toBe(words.link.slice(-i));
  }
  // The editor reads the browser's selection on its own event, a moment later: on a busy machine Ctrl+K
  // could still link the shorter selection it had. Wait until the editor's selection is the link's words too.
  const editorSelection = () =>
    body.evaluate((el) => {
      const editor = (el.closest('.ProseMirror') ?? el.querySelector('.ProseMirror') ?? el) as HTMLElement & { editor?: { state: { selection: { from: number; to: number }; doc: { textBetween: (a: number, b: number) => string } } } };
      const state = editor.editor?.state;
      return state ? state.doc.textBetween(state.selection.from, state.selection.to) : null;
    });
  await expect.poll(editorSelection).toBe(words.link);
  await page.keyboard.press('Control+k');
  const address = form.getByLabel(N.editor.linkAddress);
  await expect(address).toBeFocused();
  await page.keyboard.type('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(form.getByText(N.editor.linkInvalid)).toBeVisible();
  await address.fill('https://example.com/lisbon');
  await page.keyboard.press('Enter');
  await expect(body).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${SCRIPT_TEXT} onclick="steal()"`);
  await expect(body.getByRole('link', { name: words.link })).toHaveAttribute('href', 'https://example.com/lisbon');
}

test.describe('news in the back-office', () => {
  test('an editor writes an article in English and French, publishes it, and a visitor sees it at once, cleaned', async ({ page, browser, baseURL, request }) => {
    test.setTimeout(180_000);
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto('/admin');
    await editor.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.news, exact: true }).click();
    await expect(editor.getByRole('heading', { level: 1, name: N.title })).toBeVisible();
    await expectAccessible(editor);

    await editor.getByRole('link', { name: N.new }).click();
    const form = editor.getByRole('form', { name: N.newTitle });
    await expect(form.getByRole('toolbar', { name: N.editor.toolbar })).toBeVisible();
    await expectAccessible(editor);
    await form.getByLabel(N.fields.locale).selectOption({ label: T.language.en });
    await form.getByLabel(N.fields.title).fill(EN.title);
    // The slug follows the title while it is not typed by hand.
    enSlug = slugify(EN.title);
    await expect(form.getByLabel(N.fields.slug)).toHaveValue(enSlug);
    await form.getByLabel(N.fields.category).selectOption({ label: 'Company news' });
    await form.getByLabel(N.fields.summary).fill(EN.summary);
    await typeBody(editor, form, { intro: 'We open an office in', bold: 'Lisbon', link: 'our site' });
    // A missing date is refused on its field, and nothing typed is lost.
    await form.getByLabel(N.fields.date).fill('');
    await form.getByRole('radio', { name: N.stateChoices.published }).check();
    await form.getByRole('button', { name: N.create }).click();
    await expect(form.getByLabel(N.fields.date)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(N.fields.date)).toHaveAccessibleDescription(new RegExp(N.errors.date.replace('.', '\\.')));
    await expect(form.getByLabel(N.fields.title)).toHaveValue(EN.title);
    await expect(form.getByRole('textbox', { name: N.fields.body }).getByText('Lisbon')).toBeVisible();
    await form.getByLabel(N.fields.date).fill('2026-11-24');
    await form.getByRole('button', { name: N.create }).click();
    await expect(editor.getByText(N.created)).toBeVisible();
    itemUrl = new URL(editor.url()).pathname;
    await expectAccessible(editor);

    // The French version, linked to it.
    await editor.getByRole('link', { name: N.addTranslation.replace('{language}', T.language.fr) }).click();
    const frForm = editor.getByRole('form', { name: N.newTranslation.replace('{title}', EN.title) });
    await expect(frForm.getByRole('toolbar', { name: N.editor.toolbar })).toBeVisible();
    await expect(frForm.getByLabel(N.fields.locale)).toHaveValue('fr');
    await frForm.getByLabel(N.fields.title).fill(FR.title);
    await frForm.getByLabel(N.fields.summary).fill(FR.summary);
    await typeBody(editor, frForm, { intro: 'Nous ouvrons un bureau à', bold: 'Lisbonne', link: 'notre site' });
    await frForm.getByRole('radio', { name: N.stateChoices.published }).check();
    await frForm.getByRole('button', { name: N.create }).click();
    await expect(editor.getByText(N.created)).toBeVisible();
    const frSlug = slugify(FR.title);

    // A visitor sees it at once: the list, the article (a bold word, a link, the typed <script> as text), RSS, sitemap.
    await page.goto('/en/news');
    await page.getByRole('link', { name: new RegExp(EN.title) }).first().click();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1, name: EN.title })).toBeVisible();
    await expect(article.locator('strong', { hasText: 'Lisbon' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://example.com/lisbon');
    await expect(article.getByText(SCRIPT_TEXT)).toBeVisible();
    await expect(page.locator('main script:not([type="application/ld+json"])')).toHaveCount(0);
    await expect(page.locator('main [onclick]')).toHaveCount(0);
    // Its language switch leads to its translation.
    const toFrench = await request.get(`/api/locale?to=fr&from=${encodeURIComponent(`/en/news/${enSlug}`)}`, { maxRedirects: 0 });
    expect(toFrench.headers().location).toContain(`/fr/actualites/${frSlug}`);
    expect(await (await request.get('/en/rss.xml')).text()).toContain(EN.title);
    expect(await (await request.get('/fr/rss.xml')).text()).toContain(FR.title);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/en/news/${enSlug}`);
    expect(sitemap).toContain(`/fr/actualites/${frSlug}`);

    // Markup posted past the editor (the form's hidden field) is cleaned by the server all the same.
    await editor.goto(itemUrl);
    const edit = editor.getByRole('form', { name: N.editForm });
    await expect(edit.getByRole('toolbar', { name: N.editor.toolbar })).toBeVisible();
    // A slug change: the old address keeps leading to the article.
    await edit.getByLabel(N.fields.slug).fill(`${enSlug}-lisbon`);
    // The editor rewrites the field on each change: set last, this post bypasses it.
    await edit.locator('input[type="hidden"][name="body"]').evaluate((input: HTMLInputElement) => {
      input.value = '<p>Raw <b onclick="alert(1)">bold</b><script>alert(2)</script><img src="x" onerror="alert(3)"> and <a href="javascript:alert(4)">no link</a></p>';
    });
    await edit.getByRole('button', { name: N.save }).click();
    await expect(editor.getByText(N.saved)).toBeVisible();
    await expectAccessible(editor);
    const moved = await request.get(`/en/news/${enSlug}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    expect(moved.headers().location).toContain(`/en/news/${enSlug}-lisbon`);
    enSlug = `${enSlug}-lisbon`;
    await page.goto(`/en/news/${enSlug}`);
    await expect(page.getByRole('article').getByText('Raw bold')).toBeVisible();
    await expect(page.locator('main script:not([type="application/ld+json"]), main img, main [onclick]')).toHaveCount(0);
    await expect(page.getByRole('article').getByRole('link', { name: 'no link' })).toHaveCount(0);

    // The preview shows it as a visitor of a chosen language and profile would see it.
    await editor.getByRole('link', { name: N.preview }).click();
    await editor.getByRole('form', { name: N.previewForm }).getByLabel(N.language).selectOption({ label: T.language.fr });
    await editor.getByRole('button', { name: N.previewShow }).click();
    await expect(editor.getByRole('article').getByRole('heading', { name: FR.title })).toBeVisible();
    await expectAccessible(editor);
    await context.close();
  });

  test('an article scheduled two seconds ahead appears at its time, without anyone acting', async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    const title = `Scheduled note ${stamp}`;
    await editor.goto('/admin/news/new');
    const form = editor.getByRole('form', { name: N.newTitle });
    await expect(form.getByRole('toolbar', { name: N.editor.toolbar })).toBeVisible();
    await form.getByLabel(N.fields.locale).selectOption({ label: T.language.en });
    await form.getByLabel(N.fields.title).fill(title);
    await form.getByLabel(N.fields.summary).fill('Published by the clock.');
    await form.getByRole('textbox', { name: N.fields.body }).fill('It appears on its own.');
    await form.getByRole('radio', { name: N.stateChoices.scheduled }).check();
    // Two seconds ahead, rounded up to the whole second the field takes.
    const due = Math.ceil((Date.now() + 2_000) / 1_000) * 1_000;
    await form.getByLabel(N.fields.publishAt).fill(new Date(due).toISOString().slice(0, 19));
    await form.getByRole('button', { name: N.create }).click();
    await expect(editor.getByText(N.created)).toBeVisible();

    // Each look is kept with when its answers had all arrived: none answered before the time may see
    // it (an answer that arrives later may have been drawn after the time on a slow machine), and it comes.
    const looks: { answeredAt: number; rss: boolean; list: boolean; sitemap: boolean }[] = [];
    await expect
      .poll(
        async () => {
          const [rss, list, sitemap] = await Promise.all([request.get('/en/rss.xml'), request.get('/en/news'), request.get('/sitemap.xml')]);
          const texts = await Promise.all([rss.text(), list.text(), sitemap.text()]);
          const look = { answeredAt: Date.now(), rss: texts[0].includes(title), list: texts[1].includes(title), sitemap: texts[2].includes(slugify(title)) };
          looks.push(look);
          return look.rss && look.list && look.sitemap;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);
    for (const look of looks.filter((l) => l.answeredAt < due - 50)) expect(look, `answered ${due - look.answeredAt} ms before the time`).toEqual({ answeredAt: look.answeredAt, rss: false, list: false, sitemap: false });

    // Cleanup: deleting it takes it off the site.
    await editor.reload();
    await editor.getByRole('button', { name: N.delete }).click();
    await expect(editor.getByText(N.deleted)).toBeVisible();
    expect(await (await request.get('/en/rss.xml')).text()).not.toContain(title);
    await context.close();
  });

  test('a reader sees the news but changes nothing (403); unpublishing takes the article off the site', async ({ browser, baseURL, request }) => {
    expect(itemUrl, 'the article of the first test').toBeTruthy();
    const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
    await editor.goto(itemUrl);
    const edit = editor.getByRole('form', { name: N.editForm });
    await expect(edit.getByRole('toolbar', { name: N.editor.toolbar })).toBeVisible();
    await edit.getByLabel(N.fields.title).fill('Changed by a reader');
    // The page stays open while the browser's session becomes a reader's (a stale page, a forged post).
    const reader = await browser.newContext({ storageState: storageStateOf('reader') });
    const cookies = await reader.cookies();
    await reader.close();
    await context.clearCookies();
    await context.addCookies(cookies);
    const answer = editor.waitForResponse((r) => r.request().method() === 'POST');
    await edit.getByRole('button', { name: N.save }).click();
    expect((await answer).status()).toBe(403);
    await context.close();
    expect(await (await request.get('/en/rss.xml')).text()).toContain(EN.title);
    expect(await (await request.get('/en/rss.xml')).text()).not.toContain('Changed by a reader');

    const { context: readerContext, page: readerPage } = await staffPage(browser, 'reader', baseURL);
    await readerPage.goto('/admin/news');
    await expect(readerPage.getByRole('link', { name: N.new })).toHaveCount(0);
    await expectAccessible(readerPage);
    await readerPage.goto(itemUrl);
    await expect(readerPage.getByRole('heading', { level: 1, name: new RegExp(EN.title) })).toBeVisible();
    await expect(readerPage.getByRole('form', { name: N.editForm })).toHaveCount(0);
    await expect(readerPage.getByRole('button', { name: N.delete })).toHaveCount(0);
    expect((await readerPage.goto('/admin/news/new'))?.status()).toBe(403);
    // The preview is the back-office's: never cached, never indexed.
    const preview = await readerPage.request.get(`${itemUrl}/preview?profile=INSTIT`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['cache-control']).toContain('no-store');
    expect(preview.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await readerContext.close();

    // Without a session, every news screen leads to the sign-in screen.
    const anonymous = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    for (const path of ['/admin/news', '/admin/news/new', itemUrl, `${itemUrl}/preview`]) {
      const response = await anonymous.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(response.headers()['location'], path).toBe('/admin/login');
    }
    await anonymous.close();

    // The editor unpublishes it: off the list, the feed and the sitemap at once; then deletes the English version.
    const { context: again, page: editor2 } = await staffPage(browser, 'editor', baseURL);
    await editor2.goto(itemUrl);
    await editor2.getByRole('button', { name: N.unpublish }).click();
    await expect(editor2.getByText(N.unpublished)).toBeVisible();
    expect(await (await request.get('/en/rss.xml')).text()).not.toContain(EN.title);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/en/news/${enSlug}`);
    expect((await request.get(`/en/news/${enSlug}`)).status()).toBe(404);
    await editor2.getByRole('button', { name: N.delete }).click();
    await expect(editor2.getByText(N.deleted)).toBeVisible();
    await again.close();
  });
});
