import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ADMIN_FR from '../../messages/admin/fr.json' with { type: 'json' };
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { axeViolations } from '../support/axe';
import { expectAccessible, signIn } from '../support/admin';
import { seededDir, startOwnServer, type OwnServer } from '../support/own-server';
import { samplePdf } from '../support/sample-documents';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { ALERT_TEXTS, alertLinkOf, alertsForm, buildDigests, confirmAlerts, mailsTo, readMail, subscribeToAlerts, waitForMail } from './support/fund-alerts';
import { approveEventProposal, openFundEvents, recordSuspension } from './support/fund-events';
import { NOTICES_LIST_PATH, NOTICE_TEXTS, expectSuspensionBanner, filterNotices, listedNotices, resident, restrictionBanner, rssFeed } from './support/notices';

/**
 * The journey of issue 34's "Must show", on a server of its own (the default approval policy, its own
 * database, mail to a real SMTP server on its port + 20000): a French retail visitor subscribes to a
 * fund's alerts and confirms by the mail's link; an editor records a suspension with its notice PDF and
 * a compliance officer approves it (the back-office's events screens axe clean, nothing recorded
 * before the approval, the event then listed in force); the banner shows on the fund and share pages
 * in three languages (axe clean) and on no other fund, the share page lists the notice, the notices
 * list (filtered by fund and type without JavaScript) and the RSS carry it; the day's digest brings the subscriber one mail
 * with the notice's link; a one-click unsubscription (a POST without cookie nor session) stops the next
 * digest, which a second subscriber still receives; a resident of a country where the fund is not
 * registered sees neither the notice nor the form. The rules behind each step are covered by
 * tests/integration/fund-alerts.int.test.ts, fund-events.int.test.ts and the notices' tests.
 */
const DIST_DIR = '.next-fund-alerts';
const PASSWORD = 'e2e-fund-alerts-password-1';
const EDITOR = 'alerts-editor@fundhouse.test';
const COMPLIANCE = 'alerts-compliance@fundhouse.test';
const SUBSCRIBER = 'investor-one@example.com';
/** Still subscribed when the first one leaves: the next digest is sent, to this address only. */
const OTHER_SUBSCRIBER = 'investor-two@example.com';
/** Registered in France and Luxembourg only (src/server/db/seed/fixtures/registrations.ts). */
const FUND = funds.find((f) => f.slug === 'aurore-pme-eti-france');
const SHARE = FUND?.shares.find((s) => s.visibleTo.includes('RETAIL'));
/** Registered for French retail investors too, and never suspended here. */
const OTHER_FUND = funds.find((f) => f.slug === 'aurore-tresorerie');
if (!FUND || !SHARE || !OTHER_FUND) throw new Error('the demo has aurore-pme-eti-france with a RETAIL class, and aurore-tresorerie');
const E = ADMIN_FR.Admin.events;
const FUND_TITLE = FUND.title.fr;
const TITLE = 'Suspension des souscriptions et des rachats du fonds';
const SECOND_TITLE = 'Prolongation de la suspension des souscriptions et des rachats';
const DIGEST = ALERT_TEXTS.fr.digest.subject;
const CONFIRM = ALERT_TEXTS.fr.confirmMail.subject.replace('{fund}', FUND_TITLE);

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer | undefined;
let sink: SmtpSink | undefined;
let origin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(720_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 19;
  const dir = seededDir('.data/e2e-fund-alerts');
  for (const [email, role] of [
    [EDITOR, 'editor'],
    [COMPLIANCE, 'compliance'],
  ] as const) {
    const made = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/admin-create.ts', '--email', email, '--role', role], {
      env: { ...process.env, PGLITE_DIR: dir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (made.status !== 0) throw new Error(`admin:create ${role} failed:\n${made.stdout}\n${made.stderr}`);
  }
  // Its own build folder: the pages Next caches there must answer for this server (this database) only.
  const copied = spawnSync('bash', ['scripts/e2e-build-copy.sh', DIST_DIR], { encoding: 'utf8', timeout: 120_000 });
  if (copied.status !== 0) throw new Error(`build copy failed:\n${copied.stderr}`);
  sink = await startSmtpSink(port + 20000);
  server = await startOwnServer({
    port,
    dir,
    env: { NEXT_DIST_DIR: DIST_DIR, SMTP_URL: `smtp://127.0.0.1:${port + 20000}`, SMTP_REQUIRE_TLS: 'false', ENABLE_SUBMISSION_INSPECTION: 'true' },
    unset: ['APPROVAL_REQUIRED'],
    timeoutMs: 600_000,
  });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

async function staff(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] }, baseURL: origin, locale: 'fr-FR' });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** An editor records a suspension of every class with its French notice; a compliance officer approves it. */
async function suspend(browser: Browser, title: string, note: string): Promise<void> {
  const editor = await staff(browser, EDITOR);
  const today = new Date().toISOString().slice(0, 10);
  await recordSuspension(editor, { fundTitle: FUND_TITLE, title, text: 'Les ordres reçus seront exécutés à la reprise.', effectiveOn: today, notice: { name: 'avis-suspension.pdf', bytes: samplePdf(title) }, note });
  const officer = await staff(browser, COMPLIANCE);
  await approveEventProposal(officer, note, [title, 'avis-suspension.pdf']);
  await editor.context().close();
  await officer.context().close();
}

test('a French visitor subscribes on the fund page and confirms by the mail’s link', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'FR');
  for (const email of [SUBSCRIBER, OTHER_SUBSCRIBER]) {
    await page.goto(`/fr/funds/${FUND.slug}`);
    await expect(alertsForm(page, 'fr')).toBeVisible();
    if (email === SUBSCRIBER) expect(await axeViolations(page)).toEqual([]);
    await subscribeToAlerts(page, 'fr', email);
    if (email === SUBSCRIBER) expect(await axeViolations(page)).toEqual([]);
    const mail = readMail(await waitForMail(sink as SmtpSink, email, CONFIRM));
    const link = alertLinkOf(mail.body, origin);
    expect(link).toContain('&confirm=');
    await confirmAlerts(page, 'fr', link);
  }
  await context.close();
});

test('an editor records a suspension with its notice PDF and a compliance officer approves it', async ({ browser }) => {
  const editor = await staff(browser, EDITOR);
  await openFundEvents(editor, FUND_TITLE);
  await expect(editor.getByText(E.none)).toBeVisible();
  await expectAccessible(editor);
  await editor.getByRole('link', { name: E.new }).click();
  await expectAccessible(editor);
  const today = new Date().toISOString().slice(0, 10);
  const note = 'Suspension et son avis';
  await recordSuspension(editor, { fundTitle: FUND_TITLE, title: TITLE, text: 'Les ordres reçus seront exécutés à la reprise.', effectiveOn: today, notice: { name: 'avis-suspension.pdf', bytes: samplePdf(TITLE) }, note });
  // Nothing is recorded until a second person approves.
  await openFundEvents(editor, FUND_TITLE);
  await expect(editor.getByText(E.none)).toBeVisible();

  // The reviewer reads the type in words, not its code, and gets the proposed PDF under its name.
  const officer = await staff(browser, COMPLIANCE);
  await approveEventProposal(officer, note, [TITLE, 'avis-suspension.pdf'], 'avis-suspension.pdf', [[E.fields.type, E.types.suspension]]);
  await officer.context().close();

  await editor.reload();
  const row = editor.getByRole('table', { name: E.caption.replace('{title}', FUND_TITLE) }).getByRole('row').filter({ hasText: E.types.suspension });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(E.effectiveOn.replace('{date}', today));
  await expect(row.getByRole('cell').nth(3)).toHaveText('fr');
  await expect(row.getByRole('cell').nth(4)).toHaveText(E.yes);
  await row.getByRole('link', { name: TITLE }).click();
  await expect(editor.getByRole('table', { name: E.noticesCaption.replace('{event}', TITLE) })).toContainText('avis-suspension.pdf');
  await expectAccessible(editor);
  await editor.context().close();
});

test('the banner shows on the fund and share pages in three languages; the notices list and the RSS carry it', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'FR');
  for (const locale of ['fr', 'en', 'es'] as const) {
    const title = FUND.title[locale] ?? FUND_TITLE;
    await expectSuspensionBanner(page, locale, `/${locale}/funds/${FUND.slug}`, title);
    await expectSuspensionBanner(page, locale, `/${locale}/funds/${FUND.slug}/shares/${SHARE.slug}`, title);
    // The share page lists the notice too.
    await expect(page.getByRole('region', { name: NOTICE_TEXTS[locale].sectionTitle }).getByRole('heading', { name: TITLE })).toBeVisible();
    await page.goto(NOTICES_LIST_PATH[locale]);
    await expect(listedNotices(page).filter({ hasText: TITLE })).toHaveCount(1);
    expect(await rssFeed(page.request, origin, locale, 'FR')).toContain(TITLE);
  }
  // Another fund: no banner.
  await page.goto(`/en/funds/${OTHER_FUND.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(restrictionBanner(page, 'en')).toHaveCount(0);
  await context.close();

  // The list filters by fund and type without JavaScript; a bad filter value is ignored, never an error.
  const plain = await resident(browser, origin, 'FR', false);
  const t = NOTICE_TEXTS.en;
  await plain.page.goto(NOTICES_LIST_PATH.en);
  await filterNotices(plain.page, 'en', { fund: OTHER_FUND.title.en ?? OTHER_FUND.title.fr });
  expect(new URL(plain.page.url()).searchParams.get('fund')).toBe(OTHER_FUND.slug);
  await expect(listedNotices(plain.page).filter({ hasText: TITLE })).toHaveCount(0);
  await filterNotices(plain.page, 'en', { fund: FUND.title.en ?? FUND_TITLE, type: t.types.suspension });
  await expect(listedNotices(plain.page).filter({ hasText: TITLE })).toHaveCount(1);
  await filterNotices(plain.page, 'en', { fund: FUND.title.en ?? FUND_TITLE, type: t.types.merger });
  await expect(plain.page.getByRole('main').getByText(t.noneFiltered)).toBeVisible();
  expect((await plain.page.goto(`${NOTICES_LIST_PATH.en}?fund=nope&type=%00&page=abc`))?.status()).toBe(200);
  await plain.context.close();
});

test('the day’s digest brings the subscriber one mail with the notice’s link and RFC 8058 headers', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'FR');
  expect((await buildDigests(page.request, origin)).mails).toBeGreaterThanOrEqual(2);
  const mail = readMail(await waitForMail(sink as SmtpSink, SUBSCRIBER, DIGEST));
  await waitForMail(sink as SmtpSink, OTHER_SUBSCRIBER, DIGEST);
  expect(mail.body).toContain(TITLE);
  const notice = new RegExp(`${origin.replace(/\./g, '\\.')}/e/fr/docs/funds/${FUND.slug}/notices/\\d+`).exec(mail.body)?.[0];
  expect(notice, mail.body).toBeTruthy();
  const pdf = await page.request.get(notice as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const unsubscribe = alertLinkOf(mail.body, origin);
  expect(unsubscribe).not.toContain('confirm=');
  expect(mail.headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
  expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  // At most one a day: building again sends nothing.
  expect((await buildDigests(page.request, origin)).mails).toBe(0);
  expect(mailsTo(sink as SmtpSink, SUBSCRIBER, DIGEST)).toHaveLength(1);
  await context.close();
});

test('a one-click unsubscription without a session stops the next digest', async ({ browser, playwright }) => {
  const mail = readMail(mailsTo(sink as SmtpSink, SUBSCRIBER, DIGEST)[0] ?? { from: '', to: [], raw: '' });
  const url = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.headers)?.[1] ?? '';
  expect(url).toMatch(/\/api\/alerts\?token=/);
  // As a mail provider posts it: no cookie, no session, no origin.
  const bare = await playwright.request.newContext();
  const answer = await bare.post(url, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(answer.status()).toBe(200);
  await bare.dispose();

  // Something new is published, and the next day's digest is built: the other subscriber gets it, the first does not.
  await suspend(browser, SECOND_TITLE, 'Prolongation et son avis');
  const { context, page } = await resident(browser, origin, 'FR');
  // One mail only, the other subscriber's: none is queued for the first.
  expect((await buildDigests(page.request, origin, new Date(Date.now() + 24 * 3600 * 1000))).mails).toBe(1);
  const next = readMail(await waitForMail(sink as SmtpSink, OTHER_SUBSCRIBER, DIGEST, 2));
  expect(next.body).toContain(SECOND_TITLE);
  expect(next.body).not.toContain(TITLE);
  expect(mailsTo(sink as SmtpSink, SUBSCRIBER, DIGEST)).toHaveLength(1);
  await context.close();
});

test('a resident of a country where the fund is not registered sees neither the notice nor the form', async ({ browser }) => {
  const { context, page } = await resident(browser, origin, 'ES');
  expect((await page.goto(`/es/funds/${FUND.slug}`))?.status()).toBe(404);
  await expect(restrictionBanner(page, 'es')).toHaveCount(0);
  await expect(alertsForm(page, 'es')).toHaveCount(0);
  await page.goto(NOTICES_LIST_PATH.es);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(listedNotices(page).filter({ hasText: TITLE })).toHaveCount(0);
  expect(await rssFeed(page.request, origin, 'es', 'ES')).not.toContain(TITLE);
  await context.close();
});
