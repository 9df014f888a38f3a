import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { withCompany } from '../support/company-messages';
import FORMS_EN from '../../messages/forms/en.json' with { type: 'json' };
import { ADMIN_EN, expectAccessible, STAFF, staffPage, storageStateOf } from '../support/admin';
import { samplePdf } from '../support/sample-documents';
import { decodeMail, startSmtpSink } from '../support/smtp-sink';

/**
 * The inbox and the outbox of the back-office. This spec runs in the `staff-changes` project, once
 * the other specs are done, so no SMTP server listens when the visitor's mail is first tried: it
 * fails (deterministically), shows as failing, and goes out once a server listens and "Retry now"
 * is pressed.
 */
const T = ADMIN_EN.Admin;
const F = withCompany(FORMS_EN, 'en').Forms;
const stamp = Date.now().toString().slice(-7);
const VISITOR = { firstName: 'Grace', lastName: `Inbox${stamp}`, email: `grace.${stamp}@example.com` };
const CV = samplePdf(`CV of Grace ${stamp}`);

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB' });



let submissionUrl = '';

test('a visitor applies with a CV; an editor finds it, downloads the CV, takes it and marks it done; all audited', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const visitorContext = await browser.newContext({ baseURL, locale: 'en-GB', extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.77' } });
  const visitor = await visitorContext.newPage();
  await visitor.route('https://www.google.com/recaptcha/api.js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: "window.grecaptcha = { ready: function (cb) { setTimeout(cb, 0); }, execute: function (key, options) { return Promise.resolve('e2e-ok:' + options.action); } };" }),
  );
  await visitor.goto('/en/careers');
  const form = visitor.getByRole('region', { name: FORMS_EN.Career.formTitle });
  const field = (label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field(F.fields.firstName).fill(VISITOR.firstName);
  await field(F.fields.lastName).fill(VISITOR.lastName);
  await field(F.fields.email).fill(VISITOR.email);
  await field(F.fields.position).fill('Portfolio manager');
  await field(F.fields.cv).setInputFiles({ name: `cv-${stamp}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(CV) });
  await form.getByRole('checkbox', { name: F.validation.career }).check();
  await form.getByRole('button', { name: F.submit }).click();
  await expect(form.getByRole('status')).toHaveText(F.registered);
  await visitorContext.close();

  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  await editor.goto('/admin');
  // No SMTP server listens: the mail failed, and the home page says so.
  await expect(editor.getByRole('region', { name: T.home.outboxTitle }).getByRole('alert')).toContainText('could not be sent');
  await editor.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.inbox }).click();
  await expect(editor.getByRole('heading', { level: 1, name: T.inbox.title })).toBeVisible();
  await expectAccessible(editor);
  const filters = editor.getByRole('form', { name: T.inbox.filters });
  await filters.getByLabel(T.inbox.form).selectOption({ label: F.kinds.career });
  await filters.getByLabel(T.inbox.search).fill(VISITOR.email.toUpperCase());
  await filters.getByRole('button', { name: T.inbox.apply }).click();
  await expect(editor.getByRole('status')).toHaveText('1 submission');
  const name = `${VISITOR.firstName} ${VISITOR.lastName}`;
  await editor.getByRole('link', { name: `Open the submission of ${name}` }).click();
  await expect(editor.getByRole('heading', { level: 1, name: `Submission of ${name}` })).toBeVisible();
  submissionUrl = new URL(editor.url()).pathname;
  await expect(editor.getByRole('table', { name: T.inbox.detail.fieldsCaption })).toContainText('Portfolio manager');
  await expectAccessible(editor);

  // The CV is a download, with the bytes the visitor sent, never shown in the page.
  const download = editor.waitForEvent('download');
  await editor.getByRole('link', { name: new RegExp(`^Download cv-${stamp}\\.pdf`) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cv-${stamp}.pdf`);
  expect(Buffer.compare(await readFile((await file.path()) ?? ''), Buffer.from(CV))).toBe(0);
  const direct = await editor.request.get(`${submissionUrl}/files/${(await editor.getByRole('link', { name: /^Download cv-/ }).getAttribute('href'))?.split('/').pop()}`);
  expect(direct.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(direct.headers()['content-type']).toBe('application/octet-stream');
  expect(direct.headers()['cache-control']).toMatch(/no-store/);

  const handling = editor.getByRole('form', { name: T.inbox.detail.handling });
  await handling.getByLabel(T.inbox.status).selectOption({ label: T.inbox.statuses['in-progress'] });
  await handling.getByLabel(T.inbox.assignee).selectOption({ label: STAFF.editor });
  await handling.getByRole('button', { name: T.inbox.detail.save }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.inbox.detail.saved })).toBeVisible();
  await expect(editor.getByText(`Last changed by ${STAFF.editor}`)).toBeVisible();
  await editor.getByRole('form', { name: T.inbox.detail.handling }).getByLabel(T.inbox.status).selectOption({ label: T.inbox.statuses.done });
  await editor.getByRole('form', { name: T.inbox.detail.handling }).getByRole('button', { name: T.inbox.detail.save }).click();
  await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.inbox.detail.saved })).toBeVisible();

  await editor.goto(`/admin/inbox?status=done&q=${encodeURIComponent(VISITOR.lastName)}`);
  await expect(editor.getByRole('row').filter({ hasText: VISITOR.email })).toContainText(T.inbox.statuses.done);
  await editor.goto('/admin/audit?entity=submission');
  await expect(editor.getByRole('row').filter({ hasText: '"done"' }).filter({ hasText: STAFF.editor }).first()).toBeVisible();

  // The export is the CLI's CSV, as a download.
  const csv = await editor.request.get(`/admin/inbox/export?form=career&q=${encodeURIComponent(VISITOR.email)}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="submissions-career-/);
  const text = await csv.text();
  expect(text.split('\n')).toHaveLength(3); // header, one row, final line break
  expect(text).toContain(VISITOR.email);
  await context.close();
});

test('the failing mail goes out once a mail server listens and "Retry now" is pressed', async ({ browser, baseURL }) => {
  expect(submissionUrl, 'the submission of the first test').toBeTruthy();
  const port = Number(new URL(baseURL ?? '').port);
  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  await editor.goto('/admin/outbox?state=failing');
  await expectAccessible(editor);
  const row = editor.getByRole('row').filter({ hasText: VISITOR.lastName });
  await expect(row).toContainText(T.outbox.states.failing);
  const smtp = await startSmtpSink(port + 20000);
  try {
    await row.getByRole('button', { name: /^Retry the mail to .+ now$/ }).click();
    await expect(editor.getByRole('main').getByRole('status').filter({ hasText: T.outbox.retried })).toBeVisible();
    const mail = decodeMail((await smtp.waitFor(VISITOR.lastName, 30_000)).raw);
    expect(mail).toContain(`filename=cv-${stamp}.pdf`);
  } finally {
    await smtp.stop();
  }
  await editor.goto(submissionUrl);
  await expect(editor.getByRole('listitem').filter({ hasText: `${T.outbox.attempts}:` })).toContainText(T.outbox.states.sent);
  await context.close();
});

test('a reader sees the inbox but changes nothing (403); the data role does not see it', async ({ browser, baseURL }) => {
  expect(submissionUrl, 'the submission of the first test').toBeTruthy();
  const { context, page: editor } = await staffPage(browser, 'editor', baseURL);
  await editor.goto(submissionUrl);
  const handling = editor.getByRole('form', { name: T.inbox.detail.handling });
  await handling.getByLabel(T.inbox.status).selectOption({ label: T.inbox.statuses.new });
  // The page stays open while the browser's session becomes a reader's (a stale page, a forged post).
  const reader = await browser.newContext({ storageState: storageStateOf('reader') });
  const cookies = await reader.cookies();
  await reader.close();
  await context.clearCookies();
  await context.addCookies(cookies);
  const answer = editor.waitForResponse((r) => r.request().method() === 'POST');
  await handling.getByRole('button', { name: T.inbox.detail.save }).click();
  expect((await answer).status()).toBe(403);
  await context.close();

  const { context: readerContext, page: readerPage } = await staffPage(browser, 'reader', baseURL);
  await readerPage.goto(submissionUrl);
  await expect(readerPage.getByText(`${T.inbox.status}: ${T.inbox.statuses.done}`)).toBeVisible();
  await expect(readerPage.getByRole('form')).toHaveCount(0);
  await expect(readerPage.getByRole('button', { name: T.outbox.retry })).toHaveCount(0);
  expect((await readerPage.request.get('/admin/inbox/export')).status()).toBe(403);
  await readerContext.close();

  const { context: dataContext, page: data } = await staffPage(browser, 'data', baseURL);
  expect((await data.goto('/admin/inbox'))?.status()).toBe(403);
  expect((await data.goto(submissionUrl))?.status()).toBe(403);
  expect((await data.request.get(`${submissionUrl}/files/1`)).status()).toBe(403);
  await expect(data.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.inbox })).toHaveCount(0);
  await dataContext.close();

  const anonymous = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect((await anonymous.request.get(`${submissionUrl}/files/1`, { maxRedirects: 0 })).status()).toBe(401);
  expect((await anonymous.request.get('/admin/inbox/export', { maxRedirects: 0 })).status()).toBe(401);
  await anonymous.close();
});
