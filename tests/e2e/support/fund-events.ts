import { expect, type Page } from '@playwright/test';
import ADMIN_FR from '../../../messages/admin/fr.json' with { type: 'json' };

/**
 * The back-office steps of a fund event (issue 34, docs/back-office.md "Fund events"), in French,
 * by roles and labels, for the end-to-end journey (fund-alerts.spec.ts): an editor records a suspension of every active share class of a fund with its notice
 * PDF, in one proposal; a second staff member approves it from the review queue.
 */
const T = ADMIN_FR.Admin;
const E = T.events;
const A = T.approval;

/** From the fund list to the fund's events, by their links. */
export async function openFundEvents(page: Page, fundTitle: string): Promise<void> {
  await page.goto('/admin/funds');
  await page.getByRole('link', { name: fundTitle, exact: true }).first().click();
  await page.getByRole('link', { name: E.open.replace('{title}', fundTitle) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(E.heading.replace('{title}', fundTitle));
}

export type Suspension = { fundTitle: string; title: string; text: string; effectiveOn: string; notice: { name: string; bytes: Uint8Array }; note: string };

/** The editor records a suspension of all the fund's share classes with its French notice, and submits it for approval. */
export async function recordSuspension(page: Page, suspension: Suspension): Promise<void> {
  await openFundEvents(page, suspension.fundTitle);
  await page.getByRole('link', { name: E.new }).click();
  await page.getByLabel(E.fields.type, { exact: true }).selectOption({ label: E.types.suspension });
  await page.getByLabel(E.fields.tool, { exact: true }).selectOption({ label: E.fields.toolNone });
  const shares = page.getByRole('group', { name: E.fields.shareIds });
  for (const box of await shares.getByRole('checkbox').all()) await box.check();
  await page.getByLabel(E.fields.announcedOn, { exact: true }).fill(suspension.effectiveOn);
  await page.getByLabel(E.fields.effectiveOn, { exact: true }).fill(suspension.effectiveOn);
  await page.getByLabel(`${E.fields.title} (${T.language.fr})`).fill(suspension.title);
  await page.getByLabel(`${E.fields.body} (${T.language.fr})`).fill(suspension.text);
  await page.getByLabel(E.fields.noticeFile, { exact: true }).setInputFiles({ name: suspension.notice.name, mimeType: 'application/pdf', buffer: Buffer.from(suspension.notice.bytes) });
  await page.getByLabel(E.fields.noticeLocale, { exact: true }).selectOption('fr');
  await page.getByLabel(A.note).fill(suspension.note);
  await page.getByRole('button', { name: A.submit, exact: true }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: A.proposed })).toBeVisible();
}

/**
 * A second staff member opens the proposal carrying `note` from the queue, checks it reads as an event
 * (`expected` texts; `rows`, a field of the difference and its proposed value, as the reviewer reads
 * them; with `file`, the proposed notice downloads under that name), and approves it.
 */
export async function approveEventProposal(page: Page, note: string, expected: string[], file?: string, rows: [field: string, after: string][] = []): Promise<void> {
  await page.goto('/admin/reviews');
  const row = page.getByRole('table', { name: A.queue.pendingTitle }).getByRole('row').filter({ hasText: note });
  await expect(row).toContainText(A.kinds.event.save);
  await expect(row).toContainText(A.areas.funds);
  await row.getByRole('link').click();
  for (const text of expected) await expect(page.getByRole('main')).toContainText(text);
  for (const [field, after] of rows) {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field, exact: true }) });
    await expect(row.getByRole('cell').last()).toHaveText(after);
  }
  if (file) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: A.review.previewFile.replace('{name}', file) }).click()]);
    expect(download.suggestedFilename()).toBe(file);
  }
  await page.getByRole('button', { name: A.review.approve }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(A.review.approved);
}
