import { expect, type APIRequestContext, type Page } from '@playwright/test';
import formsEn from '../../../messages/forms/en.json' with { type: 'json' };
import formsEs from '../../../messages/forms/es.json' with { type: 'json' };
import formsFr from '../../../messages/forms/fr.json' with { type: 'json' };
import { decodeMail, type ReceivedMail, type SmtpSink } from '../../support/smtp-sink';
import type { NoticeLocale } from './notices';

/**
 * The steps of the fund alerts' browser journey (issue 34, docs/operations.md "Fund alerts"), by
 * roles and labels: subscribe on a fund page, read the mails a real SMTP server received, confirm by
 * the mail's link and the manage page's button, build the digests through the test-only route.
 */
export const ALERT_TEXTS = { fr: formsFr.FundAlerts, en: formsEn.FundAlerts, es: formsEs.FundAlerts } as const;

/** The fund page's alerts form: a region named by its heading. */
export const alertsForm = (page: Page, locale: NoticeLocale) => page.getByRole('region', { name: ALERT_TEXTS[locale].form.title });

/** On the fund page already open, the visitor subscribes `email` by the form's labels and reads the manage page's answer. */
export async function subscribeToAlerts(page: Page, locale: NoticeLocale, email: string): Promise<void> {
  const t = ALERT_TEXTS[locale];
  const form = alertsForm(page, locale);
  await form.getByLabel(t.form.email, { exact: true }).fill(email);
  await form.getByRole('button', { name: t.form.submit, exact: true }).click();
  await expect(page.getByRole('main').getByText(t.results.sent)).toBeVisible();
}

/** A received mail with its headers unfolded (a long List-Unsubscribe is folded) and its body decoded from quoted-printable. */
export function readMail(mail: ReceivedMail): { headers: string; body: string } {
  const split = mail.raw.search(/\r?\n\r?\n/);
  return { headers: mail.raw.slice(0, split).replace(/\r?\n(?=[ \t])/g, ''), body: decodeMail(mail.raw.slice(split)) };
}

/** The mails the sink received for `email` whose subject is `subject`. */
export const mailsTo = (sink: SmtpSink, email: string, subject: string) => sink.mails.filter((m) => m.to.includes(email) && /^Subject: (.*)$/m.exec(readMail(m).headers)?.[1]?.trim() === subject);

/** Waits for the `count`-th mail of `subject` to `email` and returns it. */
export async function waitForMail(sink: SmtpSink, email: string, subject: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(sink, email, subject).length, { timeout: timeoutMs, message: `${subject} to ${email}` }).toBeGreaterThanOrEqual(count);
  return mailsTo(sink, email, subject)[count - 1] as ReceivedMail;
}

/** The alert link (manage, and confirm when there is one) a mail's text carries, on the server `origin`. */
export function alertLinkOf(body: string, origin: string): string {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}/api/alerts\\?token=[A-Za-z0-9_-]{43}(?:&confirm=[A-Za-z0-9_-]{43})?(?:&lang=[a-z]{2})?`).exec(body)?.[0];
  if (!link) throw new Error(`no alert link in:\n${body}`);
  return link;
}

/** Opens the confirmation mail's link and confirms with the manage page's button. */
export async function confirmAlerts(page: Page, locale: NoticeLocale, link: string): Promise<void> {
  const t = ALERT_TEXTS[locale];
  expect((await page.goto(link))?.status()).toBe(200);
  await page.getByRole('button', { name: t.page.confirmButton, exact: true }).click();
  await expect(page.getByRole('main').getByText(t.results.confirmed)).toBeVisible();
}

/** Builds the digests due at `now` (default: the server's now) through the test-only route and sends them. */
export async function buildDigests(request: APIRequestContext, origin: string, now?: Date): Promise<{ subscribers: number; mails: number }> {
  const answer = await request.post(`${origin}/api/test/alerts/digest${now ? `?now=${encodeURIComponent(now.toISOString())}` : ''}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { subscribers: number; mails: number };
}
