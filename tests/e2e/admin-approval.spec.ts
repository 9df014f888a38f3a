import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { expectAccessible, signIn } from '../support/admin';
import { hydrated } from '../support/hydration';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';
import { samplePdf } from '../support/sample-documents';

/**
 * Four eyes (issue 22, docs/approval.md) with the DEFAULT policy, on a server of its own (the
 * suite's server runs with APPROVAL_REQUIRED empty): an editor's change of the Spanish legal notices
 * waits and the public page is unchanged; a compliance officer sees the difference, approves, and the
 * public page changes at once; the editor cannot approve (403 on the action too); a rejected change
 * returns with its comment; a KID approved with an effective date appears on the share page at that
 * time and not before. The editor and the compliance officer are made by `npm run admin:create`.
 */
const T = ADMIN_FR.Admin;
const A = T.approval;
const PASSWORD = 'e2e-approval-password-1';
const EDITOR = 'approval-editor@fundhouse.test';
const COMPLIANCE = 'approval-compliance@fundhouse.test';
const ADMIN = 'approval-admin@fundhouse.test';
const SEEDED_HOST_ES = 'El sitio está alojado por Nuage Exemple SAS';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let origin = '';

const APPROVAL_DIST_DIR = '.next-approval';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const dir = seededDir('.data/e2e-approval');
  const accounts: [string, string][] = [
    [EDITOR, 'editor'],
    [COMPLIANCE, 'compliance'],
    [ADMIN, 'admin'],
  ];
  for (const [email, role] of accounts) {
    const made = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/admin-create.ts', '--email', email, '--role', role], {
      env: { ...process.env, PGLITE_DIR: dir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (made.status !== 0) throw new Error(`admin:create ${role} failed:\n${made.stdout}\n${made.stderr}`);
  }
  // A build folder of its own: Next keeps the pages it renders in it, and this server's public pages
  // (another database, the approval policy) must never answer for the suite's server, nor its for these.
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', APPROVAL_DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  server = await startOwnServer({ port: Number(process.env.E2E_PORT ?? 3100) + 9, dir, env: { NEXT_DIST_DIR: APPROVAL_DIST_DIR }, unset: ['APPROVAL_REQUIRED'], timeoutMs: 600_000 });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 150) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`never reached ${target.toString()} with Tab`);
}

const spanishHost = (page: Page) =>
  page.getByRole('group', { name: T.pages.component.replace('{code}', 'host') }).getByLabel(`${T.pages.text.replace('{code}', 'text')} (${T.language.es})`);

/** The editor changes the Spanish host text of the legal notices, keyboard only, and submits it for approval. */
async function proposeLegalNotices(page: Page, text: string, note: string) {
  await page.goto('/admin/pages/legal-notices');
  await tabTo(page, spanishHost(page));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await tabTo(page, page.getByLabel(A.note));
  await page.keyboard.type(note);
  const submit = page.getByRole('button', { name: A.submit, exact: true });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();
}

/** The id of the newest pending change whose target is `target`, from the queue's link. */
async function openFromQueue(page: Page, target: string): Promise<string> {
  await page.goto('/admin/reviews');
  const link = page.getByRole('table', { name: A.queue.pendingTitle }).getByRole('link', { name: new RegExp(target) }).last();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  return href.split('/').pop() ?? '';
}

test('an editor’s change of the Spanish legal notices waits; a compliance officer sees the difference and approves; the public page changes at once', async ({ browser }) => {
  const marker = `Alojado por Nube Ejemplo ${Date.now()}`;
  const editor = await signedIn(browser, EDITOR);
  // The home says what waits for approval; the save button says it proposes.
  await expect(editor.getByRole('region', { name: A.home.title })).toContainText(A.areas.pages);
  await proposeLegalNotices(editor, marker, 'Nuevo alojamiento');

  const visitor = await (await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } })).newPage();
  await visitor.goto('/es/legal-notices');
  await expect(visitor.getByRole('main')).toContainText(SEEDED_HOST_ES);
  await expect(visitor.getByRole('main')).not.toContainText(marker);

  // The editor sees it among their changes, and has no Approve button.
  await editor.goto('/admin/reviews');
  await expect(editor.getByRole('table', { name: A.queue.mineTitle })).toContainText(A.statuses.pending);
  const id = await openFromQueue(editor, 'Mentions légales');
  await expect(editor.getByRole('heading', { level: 1, name: A.review.title.replace('{id}', id).replace('{target}', 'Mentions légales') })).toBeVisible();
  await expect(editor.getByText(A.review.own)).toBeVisible();
  await expect(editor.getByRole('button', { name: A.review.approve })).toHaveCount(0);

  // The compliance officer: the queue, the difference in Spanish side by side, the preview.
  const officer = await signedIn(browser, COMPLIANCE);
  await expect(officer.getByRole('region', { name: A.home.title })).toContainText('1 modification attend une validation.');
  await officer.goto('/admin/reviews');
  await expect(officer.getByRole('heading', { level: 1, name: A.queue.title })).toBeVisible();
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: EDITOR });
  await expect(row).toContainText('Nuevo alojamiento');
  await expect(row).toContainText(A.areas.pages);
  await expectAccessible(officer);
  await officer.goto(`/admin/reviews/${id}`);
  const spanish = officer.getByRole('table', { name: A.review.diffLanguage.replace('{language}', T.language.es) });
  await expect(spanish.getByRole('row').filter({ hasText: 'host' })).toContainText(SEEDED_HOST_ES);
  await expect(spanish.getByRole('row').filter({ hasText: 'host' })).toContainText(marker);
  await expectAccessible(officer);

  // The screen offers the editor no decision (the action's own 403: the next test).
  await visitor.goto('/es/legal-notices');
  await expect(visitor.getByRole('main')).not.toContainText(marker);

  // Approving with the keyboard: the public page shows it at once.
  await tabTo(officer, officer.getByLabel(A.review.commentLabel));
  await officer.keyboard.type('Conforme.');
  await tabTo(officer, officer.getByRole('button', { name: A.review.approve }));
  await officer.keyboard.press('Enter');
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.approved);
  await visitor.goto('/es/legal-notices');
  await expect(visitor.getByRole('main')).toContainText(marker);

  // The audit log names the approver of the published change.
  await officer.goto(`/admin/audit?entity=page`);
  await expect(officer.getByRole('main')).toContainText(`${EDITOR} (approved by ${COMPLIANCE})`);
});

for (const [who, email] of [
  ['an editor (no right to review)', EDITOR],
  ['an admin approving their own change', ADMIN],
] as const) {
  test(`${who} posting Approve gets 403 and the change stays pending`, async ({ browser }) => {
    const author = await signedIn(browser, email);
    await proposeLegalNotices(author, `Texto de ${email} ${Date.now()}`, `Propuesta de ${email}`);
    const officer = await signedIn(browser, COMPLIANCE);
    const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: `Propuesta de ${email}` });
    await officer.goto('/admin/reviews');
    const href = (await row.getByRole('link').getAttribute('href')) ?? '';
    await officer.goto(href);
    const approve = officer.getByRole('button', { name: A.review.approve });
    await expect(approve).toBeVisible();
    // The page stays open while the browser's session becomes the author's (a stale page, a forged post).
    const context = officer.context();
    const cookies = await author.context().cookies();
    await context.clearCookies();
    await context.addCookies(cookies);
    const answer = officer.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === href);
    await approve.click();
    expect((await answer).status()).toBe(403);

    const again = await signedIn(browser, COMPLIANCE);
    await again.goto('/admin/reviews');
    await expect(again.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: `Propuesta de ${email}` })).toContainText(A.statuses.pending);
    await again.goto(href);
    await again.getByLabel(A.review.commentLabel).fill('Retirada de la prueba.');
    await again.getByRole('button', { name: A.review.reject }).click();
    await expect(again.getByRole('main').getByRole('status')).toHaveText(A.review.rejected);
  });
}

test('a rejected change returns to its author with the comment', async ({ browser }) => {
  const editor = await signedIn(browser, EDITOR);
  await proposeLegalNotices(editor, `Texto demasiado comercial ${Date.now()}`, 'Segunda versión');
  const officer = await signedIn(browser, COMPLIANCE);
  await openFromQueue(officer, 'Mentions légales');
  await tabTo(officer, officer.getByLabel(A.review.commentLabel));
  await officer.keyboard.type('Trop promotionnel : citez les risques.');
  await tabTo(officer, officer.getByRole('button', { name: A.review.reject }));
  await officer.keyboard.press('Enter');
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.rejected);

  await editor.goto('/admin/reviews');
  const mine = editor.getByRole('table', { name: A.queue.mineTitle }).getByRole('row').filter({ hasText: A.statuses.rejected });
  await expect(mine).toContainText('Trop promotionnel : citez les risques.');
  await mine.getByRole('link').click();
  await expect(editor.getByRole('main')).toContainText('Trop promotionnel : citez les risques.');
  await expect(editor.getByRole('link', { name: A.review.amend })).toHaveAttribute('href', '/admin/pages/legal-notices');
});

test('a proposed fund change shows the fund page with it, in the language chosen, while the public page is unchanged', async ({ browser }) => {
  const marker = `A money-market fund, reviewed ${Date.now()}.`;
  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/funds');
  await editor.getByRole('link', { name: /Aurore Trésorerie/ }).first().click();
  await editor.getByRole('link', { name: T.funds.edit }).click();
  const form = editor.getByRole('form', { name: T.funds.edit });
  await form.getByRole('textbox', { name: `${T.funds.fields.description} (${T.language.en})`, exact: true }).fill(marker);
  await form.getByLabel(A.note).fill('Description revue');
  await form.getByRole('button', { name: A.submit, exact: true }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: 'Description revue' });
  await expect(row).toContainText(A.kinds.fund.update);
  await row.getByRole('link').click();
  await officer.getByRole('link', { name: A.review.previewIn.replace('{language}', T.language.en) }).click();
  const preview = officer.getByRole('region', { name: T.pages.preview, exact: true });
  await expect(preview).toContainText(marker);
  await expectAccessible(officer);

  const visitor = await (await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } })).newPage();
  await visitor.goto('/en/funds/aurore-tresorerie');
  await expect(visitor.getByRole('main')).not.toContainText(marker);

  await officer.getByLabel(A.review.commentLabel).fill('Gardez la description actuelle.');
  await officer.getByRole('button', { name: A.review.reject }).click();
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.rejected);
});

test('a KID approved with an effective date appears on the share page at that time, not before', async ({ browser }) => {
  const marker = `KID effective ${Date.now()}`;
  const sharePath = '/en/funds/aurore-tresorerie/shares/part-c-eur';
  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/funds');
  await editor.getByRole('link', { name: /Aurore Trésorerie/ }).first().click();
  // One-click changes say that they propose too.
  await expect(editor.getByRole('button', { name: A.submitAction.replace('{action}', T.funds.archive) })).toBeVisible();
  const upload = editor.getByRole('form', { name: T.documents.upload });
  await expect(upload.getByRole('button', { name: A.submit })).toBeVisible();
  await upload.getByLabel(T.documents.owner).selectOption({ label: 'C EUR (FR00140U2C49)' });
  await upload.getByLabel(T.documents.type).selectOption('KIID');
  await upload.getByLabel(T.documents.language).selectOption('en');
  await upload.getByLabel(T.documents.pdf).setInputFiles({ name: 'kid.pdf', mimeType: 'application/pdf', buffer: Buffer.from(samplePdf(marker)) });
  // Effective a while ahead: the compliance officer approves before it, then nobody acts.
  const effective = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
  await upload.getByLabel(A.effectiveAt).fill(effective.toISOString().slice(0, 19));
  await upload.getByRole('button', { name: A.submit }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await openFromQueue(officer, 'C EUR');
  await expect(officer.getByRole('link', { name: new RegExp(A.review.previewFile.replace(' ({name})', '')) })).toBeVisible();
  await officer.getByRole('button', { name: A.review.approve }).click();
  await expect(officer.getByRole('main').getByRole('status')).toContainText(A.review.approvedLater.split(':')[0] ?? '');

  const visitor = await (await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } })).newPage();
  const kidShown = async () => {
    await visitor.goto(sharePath);
    const link = visitor.getByRole('link', { name: 'PRIIPs KID' }).first();
    if ((await link.count()) === 0) return false;
    const href = await link.getAttribute('href');
    if (!href) return false;
    return (await (await visitor.request.get(href)).text()).includes(marker);
  };
  // Before its time, the share page serves the KID approved before.
  expect(Date.now()).toBeLessThan(effective.getTime());
  expect(await kidShown()).toBe(false);
  await expect.poll(kidShown, { timeout: 120_000, intervals: [1_000] }).toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(effective.getTime());
});

// ------------------------------------------------------------------ the one door (issue 31)

const N = T.news;
const visitorOf = async (browser: Browser) =>
  (await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] } })).newPage();

/** An English company article created as a draft from /admin/news/new (at once: a draft is nobody's reading); its screen's address. */
async function createDraftArticle(editor: Page, article: { title: string; slug?: string; summary: string; body: string }): Promise<string> {
  await editor.goto('/admin/news/new');
  const form = editor.getByRole('form', { name: N.newTitle });
  await expect(form.getByRole('toolbar', { name: N.editor.toolbar })).toBeVisible();
  await form.getByLabel(N.fields.locale).selectOption({ label: T.language.en });
  await form.getByLabel(N.fields.title).fill(article.title);
  if (article.slug) await form.getByLabel(N.fields.slug).fill(article.slug);
  await form.getByLabel(N.fields.category).selectOption('company');
  await form.getByLabel(N.fields.summary).fill(article.summary);
  await form.getByRole('textbox', { name: N.fields.body }).fill(article.body);
  await form.getByRole('radio', { name: N.stateChoices.draft }).check();
  await form.getByRole('button', { name: N.create }).click();
  await expect(editor).toHaveURL(/\/admin\/news\/\d+\?done=created/);
  return editor.url().split('?')[0] ?? '';
}

test('an editor cannot take a published article off the site alone: Draft and Save, then Delete, both wait, and the article stays on line until approved', async ({ browser }) => {
  const path = '/en/news/aurore-actions-europe-adds-to-industrials';
  const visitor = await visitorOf(browser);
  expect((await visitor.goto(path))?.status()).toBe(200);

  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/news');
  await editor.getByRole('link', { name: 'Aurore Actions Europe adds to industrials' }).first().click();
  const form = editor.getByRole('form', { name: N.editForm });
  // The article's text is the rich-text editor's: a form posted before it hydrates has no text (a loaded CI machine did).
  await hydrated(form);
  await form.getByRole('radio', { name: N.stateChoices.draft }).check();
  await form.getByLabel(A.note).fill('Retrait demandé');
  await form.getByRole('button', { name: A.submit, exact: true }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();
  expect((await visitor.goto(path))?.status()).toBe(200);

  // Still published: its Delete button proposes too, and deleting waits.
  await editor.reload();
  await editor.getByRole('button', { name: A.submitAction.replace('{action}', N.delete) }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();
  expect((await visitor.goto(path))?.status()).toBe(200);

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const queue = officer.getByRole('table', { name: A.queue.pendingTitle });
  await expect(queue.getByRole('row').filter({ hasText: 'Retrait demandé' })).toContainText(A.kinds.news.draft);
  await expect(queue.getByRole('row').filter({ hasText: 'Aurore Actions Europe adds to industrials' }).filter({ hasText: A.kinds.news.delete })).toBeVisible();
  await expectAccessible(officer);
  // Taking it back to draft is approved: only then does it leave the site.
  await queue.getByRole('row').filter({ hasText: 'Retrait demandé' }).getByRole('link').click();
  await officer.getByRole('button', { name: A.review.approve }).click();
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.approved);
  expect((await visitor.goto(path))?.status()).toBe(404);
});

test('the PDF of an article waiting for publication cannot be swapped after submission: the change becomes a conflict and cannot be approved', async ({ browser }) => {
  const title = `Door article ${Date.now()}`;
  const editor = await signedIn(browser, EDITOR);
  const itemUrl = await createDraftArticle(editor, { title, summary: 'A reviewed PDF.', body: 'The text of the reviewed article.' });

  // A draft's PDF is nobody's reading: attached at once.
  const attach = async (name: string, text: string) => {
    const upload = editor.getByRole('form', { name: N.documents.upload });
    await upload.getByLabel(N.documents.pdf).setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(samplePdf(text)) });
    await upload.getByRole('button', { name: N.documents.submit }).click();
  };
  await attach('reviewed.pdf', 'Reviewed text');
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: N.documents.uploaded })).toBeVisible();

  // Its publication is submitted with that PDF...
  await editor.goto(itemUrl);
  const edit = editor.getByRole('form', { name: N.editForm });
  await edit.getByRole('radio', { name: N.stateChoices.published }).check();
  await edit.getByLabel(A.note).fill(`Publication ${title}`);
  await edit.getByRole('button', { name: N.save }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();

  // ...then another PDF is uploaded to the still-draft article.
  await editor.goto(itemUrl);
  await attach('swapped.pdf', 'Swapped text');
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: N.documents.replaced })).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: `Publication ${title}` });
  await expect(row).toContainText(A.queue.conflict);
  await row.getByRole('link').click();
  await expect(officer.getByText(A.review.conflict)).toBeVisible();
  await expect(officer.getByRole('button', { name: A.review.approve })).toHaveCount(0);
  // The preview is the proposed article, not the row on the site.
  await officer.getByRole('link', { name: A.review.previewNewsProposed }).click();
  await expect(officer.getByRole('heading', { level: 1, name: T.news.proposedTitle.split('{id}')[0] ?? '' })).toBeVisible();
  await expect(officer.getByRole('article')).toContainText('The text of the reviewed article.');
  await expectAccessible(officer);
});

test('a NAV file that corrects a published NAV waits for approval from the imports screen; the review shows old and new values; approval applies it', async ({ browser }) => {
  // A business day of the share's long seeded history (since 2010): its NAV is stored, and the file corrects it.
  const isin = 'FR00140U2C49';
  const date = '2024-03-04';
  const corrected = '123.4567';
  const data = await signedIn(browser, EDITOR);
  await data.goto('/admin/imports');
  const importForm = data.getByRole('form', { name: T.imports.navs.title });
  await importForm.getByLabel(T.imports.navs.file).setInputFiles({ name: 'correction.csv', mimeType: 'text/csv', buffer: Buffer.from(`isin,date,nav\n${isin},${date},${corrected}\n`) });
  await importForm.getByRole('button', { name: T.imports.previewButton }).click();
  const confirm = importForm.getByRole('button', { name: A.submitAction.replace('{action}', T.imports.confirm) });
  await expect(confirm).toBeVisible();
  await confirm.click();
  await expect(data.getByRole('region', { name: T.imports.navs.title }).getByRole('status').filter({ hasText: A.proposed })).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: 'correction.csv' });
  await expect(row).toContainText(A.kinds.import.navs);
  await row.getByRole('link').click();
  const preview = officer.getByRole('region', { name: T.imports.preview, exact: true });
  await expect(preview).toContainText(isin);
  // A correction, old → new, as the staff member's language writes numbers.
  await expect(preview.getByRole('table').filter({ hasText: date }).last()).toContainText(new Intl.NumberFormat('fr', { maximumFractionDigits: 6 }).format(Number(corrected)));
  await expectAccessible(officer);
  await officer.getByRole('button', { name: A.review.approve }).click();
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.approved);
  await officer.goto('/admin/audit?entity=nav');
  await expect(officer.getByRole('main')).toContainText(`${EDITOR} (approved by ${COMPLIANCE})`);
});

test('a superseded KID the public archive serves goes off line only through approval: its address answers until a compliance officer approves', async ({ browser }) => {
  // The English KID of C EUR that the effective-date test replaced: superseded, still published, served by the archive.
  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/funds');
  await editor.getByRole('link', { name: /Aurore Trésorerie/ }).first().click();
  const versions = editor.getByRole('table', { name: T.documents.caption.replace('{title}', 'Aurore Trésorerie') });
  const superseded = versions
    .getByRole('row')
    .filter({ hasText: 'C EUR' })
    .filter({ hasText: T.documents.superseded.split('{date}')[0] ?? '' })
    .filter({ has: editor.getByRole('cell', { name: 'en', exact: true }) })
    .filter({ has: editor.getByRole('cell', { name: T.documents.yes, exact: true }) });
  await expect(superseded).toHaveCount(1);
  const takeOff = superseded.getByRole('form', { name: new RegExp(`^${T.documents.unpublish} `) });
  const id = /#(\d+)$/.exec((await takeOff.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  expect(id).toMatch(/^\d+$/);
  const address = `/e/en/docs/funds/aurore-tresorerie/FR00140U2C49/KIID/v/${id}`;
  const visitor = await visitorOf(browser);
  expect((await visitor.request.get(address)).status()).toBe(200);

  // Its button says it submits; taking it off line waits, and the archive still serves it.
  await takeOff.getByRole('button', { name: A.submitAction.replace('{action}', T.documents.unpublish) }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();
  expect((await visitor.request.get(address)).status()).toBe(200);

  // Its author amends it from the queue: the link opens the fund's documents, where the change was made.
  const fundScreen = editor.url().split(/[?#]/)[0] ?? '';
  await editor.goto('/admin/reviews');
  await editor.getByRole('table', { name: A.queue.mineTitle }).getByRole('row').filter({ hasText: 'C EUR' }).filter({ hasText: A.kinds.document.publish }).first().getByRole('link').click();
  await editor.getByRole('link', { name: A.review.amend }).click();
  await expect(editor).toHaveURL(`${fundScreen}#documents-title`);
  await expect(versions).toBeVisible();

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  const row = officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: 'C EUR' }).filter({ hasText: A.kinds.document.publish });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await officer.getByRole('button', { name: A.review.approve }).click();
  await expect(officer.getByRole('main').getByRole('status')).toHaveText(A.review.approved);
  expect((await visitor.request.get(address)).status()).toBe(404);
});

test('an approved change whose publication fails stays approved, flagged on the queue with its error, and the site keeps the article as it was', async ({ browser }) => {
  const title = 'Camille Roux appointed Head of Distribution';
  const taken = `door-taken-${Date.now()}`;
  const editor = await signedIn(browser, EDITOR);
  await editor.goto('/admin/news?locale=en&state=published');
  await editor.getByRole('link', { name: title }).first().click();
  const form = editor.getByRole('form', { name: N.editForm });
  const oldSlug = await form.getByLabel(N.fields.slug).inputValue();
  expect(oldSlug).toMatch(/^[a-z0-9-]+$/);
  // The published article's new address waits for approval...
  await form.getByLabel(N.fields.slug).fill(taken);
  await form.getByLabel(A.note).fill(`New address ${taken}`);
  await form.getByRole('button', { name: A.submit, exact: true }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();

  // ...while a new draft takes that address at once (a draft is nobody's reading).
  await createDraftArticle(editor, { title: `Door slug ${taken}`, slug: taken, summary: 'Takes the address first.', body: 'A draft that takes the address.' });

  const officer = await signedIn(browser, COMPLIANCE);
  await officer.goto('/admin/reviews');
  await officer.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: `New address ${taken}` }).getByRole('link').click();
  await officer.getByRole('button', { name: A.review.approve }).click();
  // Approved, not published: the officer is told, and the attempt's error is on the change.
  await expect(officer.getByRole('main').getByRole('alert')).toHaveText(A.errors.failed);
  await expect(officer.getByRole('main')).toContainText(A.review.lastError);
  await expect(officer.getByRole('main')).toContainText('slug-taken');
  await officer.goto('/admin/reviews');
  const flagged = officer.getByRole('table', { name: A.queue.scheduledTitle }).getByRole('row').filter({ hasText: `New address ${taken}` });
  await expect(flagged).toContainText(A.queue.failed);
  await expect(flagged).toContainText(A.statuses.approved);
  await expectAccessible(officer);

  const visitor = await visitorOf(browser);
  expect((await visitor.goto(`/en/news/${oldSlug}`))?.status()).toBe(200);
  expect((await visitor.goto(`/en/news/${taken}`))?.status()).toBe(404);
});
