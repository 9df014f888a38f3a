/**
 * Errors reach the team (docs/operations.md "Logs and alerts"): a page that fails on the production
 * server sends one alert mail to ALERT_EMAIL through the mail outbox, received here by a real SMTP
 * server; it names the route and the request, and carries nothing the visitor sent. A repeat of
 * the same error within 10 minutes is not mailed again. Every answer carries a request id.
 */
import { expect, test } from '@playwright/test';
import { decodeMail, leaseSmtpPort, startSmtpSink, type SmtpPortLease, type SmtpSink } from '../support/smtp-sink';

const ALERT_EMAIL = 'oncall@fundhouse.test'; // playwright.config.ts
const PERSONAL = 'ada.lovelace@example.com';

test.describe('alerts', () => {
  test.describe.configure({ mode: 'default' });
  let smtp: SmtpSink | undefined;
  let lease: SmtpPortLease | undefined;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(180_000); // tests/e2e/forms.spec.ts may hold the SMTP port (one SMTP_URL) for a while
    const smtpPort = Number(new URL(baseURL ?? '').port) + 20000;
    lease = await leaseSmtpPort(smtpPort);
    smtp = await startSmtpSink(smtpPort);
  });

  test.afterAll(async () => {
    await smtp?.stop();
    await lease?.release();
  });

  test('a failing page mails one alert with its route and request id and no personal data; a repeat within 10 minutes mails none', async ({ page }) => {
    const sink = smtp as SmtpSink;
    // The label makes this run's failure a distinct error: other tests fail the same page too.
    const label = `alert-${Date.now()}`;
    const url = `/en/error-test?case=${label}&email=${encodeURIComponent(PERSONAL)}`;
    const response = await page.goto(url);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1, name: 'A problem occurred, the team has been notified' })).toBeVisible();
    const requestId = response?.headers()['x-request-id'] ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await sink.waitFor(label);
    expect(mail.to).toEqual([ALERT_EMAIL]);
    const text = decodeMail(mail.raw);
    expect(text).toMatch(/^Subject: .*Error .*GET \/\[locale\]\/\[profile\]\/error-test/m);
    expect(text).toMatch(/: \/en\/error-test\r?\n/);
    expect(text).toContain(`Deliberate failure of the error-test route (${label})`);
    expect(text).toContain(requestId);
    expect(text).not.toContain(PERSONAL);
    expect(text).not.toContain('ada.lovelace');
    expect(text).not.toContain('email=');

    // The same error again: logged, not mailed. Another error's alert, mailed after it, proves the
    // outbox has been drained since: a second mail for the first would have come before it.
    expect((await page.goto(url))?.status()).toBe(500);
    const other = `alert-other-${Date.now()}`;
    expect((await page.goto(`/en/error-test?case=${other}`))?.status()).toBe(500);
    await sink.waitFor(other);
    expect(sink.mails.filter((m) => decodeMail(m.raw).includes(`(${label})`))).toHaveLength(1);
  });
});

test('every answer carries a request id: a plain one given by a proxy is kept, anything else is replaced', async ({ request }) => {
  const given = await request.get('/api/health', { headers: { 'x-request-id': 'lb-7f3a9c21e4' } });
  expect(given.headers()['x-request-id']).toBe('lb-7f3a9c21e4');
  const odd = await request.get('/api/health', { headers: { 'x-request-id': 'x"><script>' } });
  expect(odd.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const page = await request.get('/en');
  expect(page.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});
