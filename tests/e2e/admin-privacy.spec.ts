import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import FORMS_EN from '../../messages/forms/en.json' with { type: 'json' };
import { ADMIN, ADMIN_EN, expectAccessible, passwordLink, STAFF, staffPage, storageStateOf } from '../support/admin';
import { decodeMail, startSmtpSink } from '../support/smtp-sink';
import { samplePdf } from '../support/sample-documents';

/**
 * The GDPR duties of the back-office: erasing and exporting everything about one e-mail address,
 * the newsletter list and its unsubscribe link. This spec runs in the `staff-changes` project (it
 * erases submissions); it makes its own submissions, under addresses of its own, and erases only those.
 */
const T = ADMIN_EN.Admin;
const F = FORMS_EN.Forms;
const U = FORMS_EN.Unsubscribe;
const stamp = Date.now().toString().slice(-7);
const CV = samplePdf(`CV of Erin ${stamp}`);

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB' });



let ip = 0;
/** A visitor's form, posted as the browser would (multipart, from the site's origin), each from its own address. */
async function postForm(request: APIRequestContext, kind: string, fields: Record<string, string | string[] | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...fields, captchaToken: `e2e-ok:${kind}` })) for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  const response = await request.post(`/api/forms/${kind}`, { multipart: data, headers: { 'x-forwarded-for': `198.18.${Number(stamp) % 200}.${(ip += 1)}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The visitor signs up to the newsletter through the contact page's form, with the keyboard for the topics. */
async function signUpInBrowser(browser: Browser, baseURL: string | undefined, email: string, lastName: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB', extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Number(stamp) % 200}.${(ip += 1)}` } });
  await context.addInitScript(() => window.localStorage.setItem('disclaimer_validated', 'true'));
  const visitor = await context.newPage();
  await visitor.route('https://www.google.com/recaptcha/api.js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: "window.grecaptcha = { ready: function (cb) { setTimeout(cb, 0); }, execute: function (key, options) { return Promise.resolve('e2e-ok:' + options.action); } };" }),
  );
  await visitor.goto('/en/contact#newsletter');
  const form = visitor.getByRole('region', { name: FORMS_EN.Contact.newsletterTitle });
  const field = (label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field(F.fields.email).fill(email);
  await field(F.fields.firstName).fill('Erin');
  await field(F.fields.lastName).fill(lastName);
  await form.getByRole('checkbox', { name: F.options.newsletters.AN, exact: true }).check();
  await form.getByRole('checkbox', { name: F.options.newsletters.EVE, exact: true }).check();
  await form.getByRole('checkbox', { name: F.validation.newsletter }).check();
  await form.getByRole('button', { name: F.submit }).click();
  await expect(form.getByRole('status')).toHaveText(F.registered);
  await context.close();
}

/** Everything the site holds about an address, downloaded from the Privacy screen as the staff member would. */
async function downloadExport(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: T.privacy.export }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gdpr-export-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    email: string;
    submissions: { id: string; form: string; fields: Record<string, unknown>; attachments: { fileName: string; contentBase64: string | null }[] }[];
    mails: { to: string; text: string }[];
  };
}

async function lookUp(page: Page, email: string) {
  await page.goto('/admin/privacy');
  const form = page.getByRole('form', { name: T.privacy.lookupTitle });
  // Keyboard only: the field, the address, Enter.
  await form.getByLabel(T.privacy.email).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
}

test('an editor exports, then erases everything about an address: its submissions, files and mails leave the inbox, the outbox and the downloads; the audit log shows the erasure, not the address', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const email = `erin.erase.${stamp}@example.com`;
  const lookalike = `x${email}`;
  const careerId = await postForm(request, 'career', {
    locale: 'en',
    firstName: 'Erin',
    lastName: `Erase${stamp}`,
    email,
    position: 'Analyst',
    cv: new File([CV as BlobPart], `cv-${stamp}.pdf`, { type: 'application/pdf' }),
    validation: 'on',
  });
  await signUpInBrowser(browser, baseURL, email.toUpperCase(), `Erase${stamp}`);
  const keptId = await postForm(request, 'contact', { locale: 'en', firstName: 'Other', lastName: `Kept${stamp}`, email: lookalike, subject: 'Not Erin', content: 'Hello', validation: 'on' });

  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  await editor.goto(`/admin/inbox/${careerId}`);
  const fileHref = (await editor.getByRole('link', { name: new RegExp(`^Download cv-${stamp}\\.pdf`) }).getAttribute('href')) ?? '';
  expect((await editor.request.get(fileHref)).status()).toBe(200);

  await editor.goto('/admin');
  await editor.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.privacy }).click();
  await expect(editor.getByRole('heading', { level: 1, name: T.privacy.title })).toBeVisible();
  await expectAccessible(editor);

  // A malformed address: a translated error on the field, the typed text kept.
  await lookUp(editor, 'not-an-address');
  const field = editor.getByRole('form', { name: T.privacy.lookupTitle }).getByLabel(T.privacy.email);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(T.privacy.invalidEmail.replace(/[()]/g, '\\$&')));
  await expect(field).toHaveValue('not-an-address');

  await lookUp(editor, `  ${email.toUpperCase()} `);
  const summary = editor.getByRole('region', { name: `What the site holds about ${email}` });
  await expect(summary).toBeVisible();
  // The career application (staff mail), the newsletter sign-up (staff mail and the visitor's confirmation).
  await expect(summary.getByText('2 submissions, 1 file and 3 mails about this address.')).toBeVisible();
  await expectAccessible(editor);

  const exported = await downloadExport(editor);
  expect(exported.email).toBe(email);
  expect(exported.submissions.map((s) => s.form).sort()).toEqual(['career', 'newsletter']);
  expect(JSON.stringify(exported)).not.toContain(lookalike);
  const cv = exported.submissions.find((s) => s.form === 'career')?.attachments[0];
  expect(Buffer.from(cv?.contentBase64 ?? '', 'base64').equals(Buffer.from(CV))).toBe(true);
  // The visitor's confirmation is in their export, its unsubscribe link not: it is never kept in the database.
  const confirmation = exported.mails.find((m) => m.to.toLowerCase() === email);
  expect(confirmation?.text).toContain('[link sent by e-mail only, not kept]');
  expect(JSON.stringify(exported)).not.toMatch(/token=/);

  // Erase, with the keyboard: the button is reached and pressed without a pointer.
  await editor.getByRole('button', { name: T.privacy.erase }).focus();
  await editor.keyboard.press('Enter');
  await expect(editor.getByRole('status').filter({ hasText: 'Erased: 2 submissions, 1 file and 3 mails.' })).toBeVisible();

  // Gone everywhere: the inbox (its list, the submission, its file), its export, the outbox, a new look-up.
  await editor.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
  await expect(editor.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
  await expect(editor.getByRole('cell', { name: lookalike, exact: true })).toHaveCount(1);
  expect((await editor.goto(`/admin/inbox/${careerId}`))?.status()).not.toBe(200);
  expect((await editor.request.get(fileHref)).status()).toBe(404);
  expect(await (await editor.request.get(`/admin/inbox/export?q=${encodeURIComponent(email)}`)).text()).not.toContain(`,${email},`);
  await editor.goto('/admin/outbox');
  await expect(editor.getByRole('cell', { name: new RegExp(`^${email.replace(/\./g, '\\.')}$`, 'i') })).toHaveCount(0);
  await lookUp(editor, email);
  await expect(editor.getByText(T.privacy.nothing).first()).toBeVisible();
  expect((await editor.request.get(`/admin/inbox/${keptId}`)).status()).toBe(200);

  await editor.goto('/admin/audit?entity=privacy');
  const erasure = editor.getByRole('row').filter({ hasText: 'erase' }).filter({ hasText: STAFF.editor });
  await expect(erasure.first()).toBeVisible();
  await expect(erasure.first()).toContainText('"submissions": 2');
  await expect(editor.getByRole('main')).not.toContainText(email);
  await context.close();
});

test('a subscriber is listed under their topics, leaves the list through the link of their confirmation mail, once', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const email = `nina.news.${stamp}@example.com`;
  // The link arrives by mail only (the database never holds it): the SMTP server the site mails to.
  const smtp = await startSmtpSink(Number(new URL(baseURL ?? '').port) + 20000);
  let link = '';
  try {
    await signUpInBrowser(browser, baseURL, email, `News${stamp}`);
    // The confirmation to the subscriber (the staff's mail about the sign-up names the address too).
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(email)), { timeout: 60_000 }).toBe(true);
    const confirmation = smtp.mails.find((m) => m.to.includes(email));
    link = /(https?:\/\/\S+\/en\/unsubscribe\?token=[\w-]+)/.exec(decodeMail(confirmation?.raw ?? ''))?.[1] ?? '';
  } finally {
    await smtp.stop();
  }
  expect(link).not.toBe('');

  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  await editor.goto('/admin');
  await editor.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.newsletter }).click();
  await expect(editor.getByRole('heading', { level: 1, name: T.newsletter.title })).toBeVisible();
  const filters = editor.getByRole('form', { name: T.newsletter.filters });
  await filters.getByLabel(T.newsletter.option).selectOption({ label: F.options.newsletters.EVE });
  await filters.getByRole('button', { name: T.newsletter.apply }).click();
  const row = editor.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`${F.options.newsletters.AN}, ${F.options.newsletters.EVE}`);
  await expectAccessible(editor);
  await filters.getByLabel(T.newsletter.option).selectOption({ label: F.options.newsletters.REP });
  await filters.getByRole('button', { name: T.newsletter.apply }).click();
  await expect(editor.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  const csv = await editor.request.get('/admin/newsletter/export?option=EVE');
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="newsletter-EVE-/);
  const line = (await csv.text()).split('\r\n').find((l) => l.startsWith(`${email},`));
  expect(line).toMatch(new RegExp(`^${email.replace(/\./g, '\\.')},Erin,News${stamp},,en,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,0,1,1,0$`));

  // The right-of-access export holds the mail to the person, not its link.
  await lookUp(editor, email);
  const exported = await downloadExport(editor);
  expect(exported.mails.find((m) => m.to === email)?.text).toContain('[link sent by e-mail only, not kept]');
  expect(JSON.stringify(exported)).not.toContain(new URL(link).searchParams.get('token') ?? 'no token');

  const visitorContext = await browser.newContext({ baseURL, locale: 'en-GB' });
  await visitorContext.addInitScript(() => window.localStorage.setItem('disclaimer_validated', 'true'));
  const visitor = await visitorContext.newPage();
  const page = await visitor.goto(new URL(link).pathname + new URL(link).search);
  expect(page?.headers()['cache-control']).toMatch(/no-store/);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(visitor.getByRole('heading', { level: 1, name: U.title })).toBeVisible();
  await expectAccessible(visitor);
  // Opening the link changed nothing: the subscriber is still listed.
  await editor.goto('/admin/newsletter?option=EVE');
  await expect(editor.getByRole('row').filter({ hasText: email })).toHaveCount(1);

  await visitor.getByRole('button', { name: U.confirm }).focus();
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('main').getByRole('status')).toHaveText(U.done);
  await expect(visitor).toHaveURL(/\/en\/unsubscribe\?result=done$/);
  await expectAccessible(visitor);
  await editor.goto('/admin/newsletter');
  await expect(editor.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // Used once: the same link again says so, without a button and without naming anyone.
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await expect(visitor.getByRole('main').getByRole('alert')).toHaveText(U.invalid);
  await expect(visitor.getByRole('button', { name: U.confirm })).toHaveCount(0);
  await expect(visitor.getByRole('main')).not.toContainText(email);
  await visitor.goto('/en/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(visitor.getByRole('main').getByRole('alert')).toHaveText(U.invalid);
  await visitorContext.close();

  await editor.goto('/admin/audit?entity=newsletter');
  await expect(editor.getByRole('row').filter({ hasText: 'unsubscribe' }).filter({ hasText: 'visitor (unsubscribe link)' }).first()).toBeVisible();
  await context.close();
});

test("an editor asks a password reset for the admin's address, then exports and erases that address: the export holds no link, the reset mail stays", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  const smtp = await startSmtpSink(Number(new URL(baseURL ?? '').port) + 20000);
  let token = '';
  try {
    // The public "Forgot your password?" form, for the admin's address, from the editor's own browser.
    const anonymous = await browser.newContext({ baseURL, locale: 'en-GB', storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { 'x-forwarded-for': `198.20.${Number(stamp) % 200}.9` } });
    const forgot = await anonymous.newPage();
    await forgot.goto('/admin/forgot-password');
    await forgot.getByLabel(T.forgot.email).fill(ADMIN.email);
    await forgot.getByRole('button', { name: T.forgot.submit }).click();
    await expect(forgot.getByRole('main').getByRole('status')).toHaveText(T.forgot.sent);
    await anonymous.close();
    // The admin's mailbox gets the link (the reset works for the admin, not for the editor).
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(ADMIN.email)), { timeout: 60_000 }).toBe(true);
    token = new URL(passwordLink(decodeMail(smtp.mails.find((m) => m.to.includes(ADMIN.email))?.raw ?? ''))).searchParams.get('token') ?? '';
  } finally {
    await smtp.stop();
  }
  expect(token).not.toBe('');

  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  // The Privacy screen finds nothing about a staff address: account mails are no visitor data.
  await lookUp(editor, ADMIN.email);
  await expect(editor.getByText(T.privacy.nothing).first()).toBeVisible();
  // Posting the export route directly, as an attacker would: no mail, no link, no token.
  const exported = await editor.request.post('/admin/privacy/export', { form: { email: ADMIN.email }, headers: { origin } });
  expect(exported.status()).toBe(200);
  const body = await exported.text();
  expect(JSON.parse(body)).toMatchObject({ email: ADMIN.email, submissions: [], mails: [] });
  expect(body).not.toContain(token);
  expect(body).not.toMatch(/set-password|token=/);
  // The outbox lists the reset as a staff account mail (never its text); an erasure does not remove it.
  await editor.goto('/admin/outbox');
  const row = editor.getByRole('row').filter({ hasText: ADMIN.email }).filter({ hasText: T.outbox.kinds.account }).first();
  await expect(row).toBeVisible();
  await expect(editor.getByRole('main')).not.toContainText(token);
  await expectAccessible(editor);
  await lookUp(editor, ADMIN.email);
  await expect(editor.getByRole('button', { name: T.privacy.erase })).toHaveCount(0);
  await context.close();
});

test('a reader sees the newsletter list but no privacy screen and changes nothing (403); the data role sees neither', async ({ browser, baseURL }) => {
  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  await editor.goto('/admin/privacy');
  await editor.getByRole('form', { name: T.privacy.lookupTitle }).getByLabel(T.privacy.email).fill(`someone.${stamp}@example.com`);
  // The page stays open while the browser's session becomes a reader's (a stale page, a forged post).
  const reader = await browser.newContext({ storageState: storageStateOf('reader') });
  const cookies = await reader.cookies();
  await reader.close();
  await context.clearCookies();
  await context.addCookies(cookies);
  const answer = editor.waitForResponse((r) => r.request().method() === 'POST');
  await editor.getByRole('button', { name: T.privacy.lookup }).click();
  expect((await answer).status()).toBe(403);
  await context.close();

  const { context: readerContext, page: readerPage } = await staffPage(browser, 'reader', baseURL);
  await readerPage.goto('/admin');
  const nav = readerPage.getByRole('navigation', { name: T.nav.label });
  await expect(nav.getByRole('link', { name: T.nav.privacy })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: T.nav.newsletter })).toBeVisible();
  expect((await readerPage.goto('/admin/privacy'))?.status()).toBe(403);
  const exportPost = await readerPage.request.post('/admin/privacy/export', { form: { email: `someone.${stamp}@example.com` }, headers: { origin: new URL(baseURL ?? '').origin } });
  expect(exportPost.status()).toBe(403);
  await readerPage.goto('/admin/newsletter');
  await expect(readerPage.getByRole('heading', { level: 1, name: T.newsletter.title })).toBeVisible();
  await expect(readerPage.getByRole('link', { name: T.newsletter.export })).toHaveCount(0);
  expect((await readerPage.request.get('/admin/newsletter/export')).status()).toBe(403);
  await readerContext.close();

  const { context: dataContext, page: data } = await staffPage(browser, 'data', baseURL);
  expect((await data.goto('/admin/privacy'))?.status()).toBe(403);
  expect((await data.goto('/admin/newsletter'))?.status()).toBe(403);
  await expect(data.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.newsletter })).toHaveCount(0);
  await dataContext.close();

  const anonymous = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect((await anonymous.request.post('/admin/privacy/export', { form: { email: 'a@b.co' }, headers: { origin: new URL(baseURL ?? '').origin }, maxRedirects: 0 })).status()).toBe(401);
  expect((await anonymous.request.get('/admin/newsletter/export', { maxRedirects: 0 })).status()).toBe(401);
  await anonymous.close();
});
