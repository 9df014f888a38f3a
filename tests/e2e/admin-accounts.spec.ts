import { axeViolations } from '../support/axe';
import { expect, test } from '@playwright/test';
import { ADMIN_EN, passwordLink, signIn, STAFF, STAFF_PASSWORD, signedInAs, storageStateOf } from '../support/admin';
import { decodeMail, startSmtpSink } from '../support/smtp-sink';
import { totp } from '../support/totp';

const T = ADMIN_EN.Admin;

test.use({ storageState: signedInAs('admin'), locale: 'en-GB' });

test.describe('back-office accounts (admin)', () => {
  test('an invitation reaches the SMTP sink; its link sets a password once; the invitee signs in', async ({ page, browser, baseURL }) => {
    const port = Number(new URL(baseURL ?? '').port);
    const smtp = await startSmtpSink(port + 20000);
    const email = `invitee-${Date.now()}@fundhouse.test`;
    try {
      await page.goto('/admin/accounts');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption('editor');
      await page.getByLabel(T.accounts.language).selectOption('fr');
      await page.getByRole('button', { name: T.accounts.submitInvite }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Manage ${email}` }) });
      await expect(row).toContainText(T.accounts.pending);

      const mail = decodeMail((await smtp.waitFor(email, 30_000)).raw);
      expect(mail).toContain('Subject: Votre compte sur le back-office');
      const link = passwordLink(mail);

      const invitee = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'fr-FR' });
      const page2 = await invitee.newPage();
      await page2.goto(link);
      await page2.getByLabel('Nouveau mot de passe', { exact: true }).fill(STAFF_PASSWORD);
      await page2.getByLabel('Nouveau mot de passe, à nouveau').fill(STAFF_PASSWORD);
      await page2.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(page2.getByRole('main').getByRole('status')).toHaveText('Votre mot de passe est enregistré : vous pouvez vous connecter.');
      // Single use: the same link again is refused.
      await page2.goto(link);
      await page2.getByLabel('Nouveau mot de passe', { exact: true }).fill('another-password-1');
      await page2.getByLabel('Nouveau mot de passe, à nouveau').fill('another-password-1');
      await page2.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(page2.getByRole('main').getByRole('alert')).toHaveText('Ce lien est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.');
      await signIn(page2, email, STAFF_PASSWORD);
      await expect(page2.getByRole('heading', { level: 1, name: 'Back-office' })).toBeVisible();
      await expect(page2.getByText('Votre rôle : Éditeur.')).toBeVisible();
      await invitee.close();
    } finally {
      await smtp.stop();
    }

    await page.goto(`/admin/audit?person=${encodeURIComponent('admin@fundhouse.test')}&entity=account`);
    const entry = page.getByRole('row').filter({ hasText: 'invited' }).filter({ hasText: email });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('"role": "editor"');
  });

  test('an admin revokes a session and that browser is signed out', async ({ page, browser, baseURL }) => {
    const other = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'en-GB' });
    const leaver = await other.newPage();
    await signIn(leaver, STAFF.leaver, STAFF_PASSWORD);
    await expect(leaver).toHaveURL(/\/admin$/);

    await page.goto('/admin/accounts');
    await page.getByRole('link', { name: `Manage ${STAFF.leaver}` }).click();
    await expect(page.getByRole('table', { name: T.sessions.caption }).getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: T.sessions.revokeAll }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.sessions.revoked);
    await expect(page.getByText(T.sessions.none)).toBeVisible();

    await leaver.goto('/admin/me');
    await expect(leaver).toHaveURL(/\/admin\/login$/);
    await other.close();

    await page.goto('/admin/audit?entity=account');
    await expect(page.getByRole('row').filter({ hasText: 'sessions-revoked' }).first()).toBeVisible();
  });

  test('a role change is recorded with its before and after', async ({ page }) => {
    await page.goto('/admin/accounts');
    await page.getByRole('link', { name: `Manage ${STAFF.leaver}` }).click();
    await page.getByLabel(T.accounts.changeRole).selectOption('data');
    await page.getByRole('button', { name: T.accounts.saveRole }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.accounts.roleSaved);
    await page.goto('/admin/audit?entity=account');
    const entry = page.getByRole('row').filter({ hasText: 'role-changed' }).first();
    await expect(entry).toContainText('"role": "reader"');
    await expect(entry).toContainText('"role": "data"');
  });

  test('an API token is shown once, listed by its prefix, and revocable', async ({ page }) => {
    await page.goto('/admin/tokens');
    await page.getByLabel(T.tokens.name).fill('Custodian NAV feed');
    await page.getByLabel(T.tokens.scope).selectOption('navs');
    await page.getByLabel(T.tokens.days).fill('30');
    await page.getByRole('button', { name: T.tokens.submit }).click();
    const token = await page.getByLabel(T.tokens.token).inputValue();
    expect(token).toMatch(/^fhk_[\w-]{40,}$/);
    const row = page.getByRole('row').filter({ hasText: 'Custodian NAV feed' });
    await expect(row).toContainText(`${token.slice(0, 12)}…`);
    await expect(row).toContainText(T.tokens.valid);

    await page.reload();
    await expect(page.getByLabel(T.tokens.token)).toHaveCount(0);
    expect(await page.content()).not.toContain(token);

    await page.getByRole('button', { name: 'Revoke Custodian NAV feed' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.tokens.revoked);
    await expect(page.getByRole('row').filter({ hasText: 'Custodian NAV feed' })).toContainText(T.tokens.revokedStatus);

    await page.goto('/admin/audit?entity=api-token');
    await expect(page.getByRole('row').filter({ hasText: 'created' }).filter({ hasText: 'Custodian NAV feed' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'revoked' }).filter({ hasText: 'Custodian NAV feed' })).toHaveCount(1);
  });

  test("tokens follow their owner: a disabled admin's token answers 401 unless another admin took it over", async ({ page, browser, baseURL, playwright }) => {
    const port = Number(new URL(baseURL ?? '').port);
    const smtp = await startSmtpSink(port + 20000);
    const email = `token-owner-${Date.now()}@fundhouse.test`;
    const owner = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'en-GB' });
    const tokens: Record<string, string> = {};
    try {
      await page.goto('/admin/accounts');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption('admin');
      await page.getByLabel(T.accounts.language).selectOption('en');
      await page.getByRole('button', { name: T.accounts.submitInvite }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
      const link = passwordLink(decodeMail((await smtp.waitFor(email, 30_000)).raw));
      const ownerPage = await owner.newPage();
      await ownerPage.goto(link);
      await ownerPage.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
      await ownerPage.getByLabel('New password, again').fill(STAFF_PASSWORD);
      await ownerPage.getByRole('button', { name: 'Save the password' }).click();
      await ownerPage.waitForURL('**/admin/login?done=passwordSet');
      await signIn(ownerPage, email, STAFF_PASSWORD);
      await ownerPage.waitForURL('**/admin');
      for (const name of ['Leaving feed', 'Handed-over feed']) {
        await ownerPage.goto('/admin/tokens');
        await ownerPage.getByLabel(T.tokens.name).fill(name);
        await ownerPage.getByLabel(T.tokens.scope).selectOption('navs');
        await ownerPage.getByLabel(T.tokens.days).fill('30');
        await ownerPage.getByRole('button', { name: T.tokens.submit }).click();
        tokens[name] = await ownerPage.getByLabel(T.tokens.token).inputValue();
      }
    } finally {
      await owner.close();
      await smtp.stop();
    }

    // The other admin takes one token over; the screen names its owner.
    await page.goto('/admin/tokens');
    await expect(page.getByRole('row').filter({ hasText: 'Handed-over feed' })).toContainText(email);
    await page.getByRole('button', { name: 'Take over Handed-over feed' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.tokens.takenOver);
    await expect(page.getByRole('row').filter({ hasText: 'Handed-over feed' })).toContainText('admin@fundhouse.test');
    await expect(page.getByRole('button', { name: 'Take over Handed-over feed' })).toHaveCount(0);

    // The owner leaves: disabled.
    await page.goto('/admin/accounts');
    await page.getByRole('link', { name: `Manage ${email}` }).click();
    await page.getByRole('button', { name: T.accounts.disable }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.accounts.disabledDone);

    const api = await playwright.request.newContext({ baseURL });
    const post = (token: string | undefined) =>
      api.post('/api/admin/v1/navs', { headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, data: 'isin,date,nav\n' });
    expect((await post(tokens['Leaving feed'])).status()).toBe(401);
    expect((await post(tokens['Handed-over feed'])).status()).not.toBe(401);
    await api.dispose();

    await page.goto('/admin/tokens');
    await expect(page.getByRole('row').filter({ hasText: 'Leaving feed' })).toContainText(T.tokens.revokedStatus);
    await expect(page.getByRole('row').filter({ hasText: 'Handed-over feed' })).toContainText(T.tokens.valid);
    await page.goto('/admin/audit?entity=api-token');
    await expect(page.getByRole('row').filter({ hasText: 'taken-over' })).not.toHaveCount(0);
  });

  test('a forgotten password is reset through a single-use link sent by mail', async ({ browser, baseURL }) => {
    const port = Number(new URL(baseURL ?? '').port);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'en-GB' });
    const page = await context.newPage();
    const smtp = await startSmtpSink(port + 20000);
    try {
      await page.goto('/admin/login');
      await page.getByRole('link', { name: T.login.forgot }).click();
      // The sign-in form has an e-mail field too: fill the one of the new page, once it is there.
      await expect(page.getByRole('heading', { level: 1, name: T.forgot.title })).toBeVisible();
      await page.getByLabel(T.forgot.email).fill(STAFF.forgetful);
      await page.getByRole('button', { name: T.forgot.submit }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(T.forgot.sent);
      const mail = decodeMail((await smtp.waitFor(STAFF.forgetful, 30_000)).raw);
      expect(mail).toContain('Subject: Choose a new password');
      await page.goto(passwordLink(mail));
    } finally {
      await smtp.stop();
    }
    await page.getByLabel(T.setPassword.password, { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel(T.setPassword.confirm).fill('a-different-password');
    await page.getByRole('button', { name: T.setPassword.submit }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.setPassword.mismatch);
    await page.getByLabel(T.setPassword.password, { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel(T.setPassword.confirm).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: T.setPassword.submit }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.login.passwordSet);
    await signIn(page, STAFF.forgetful, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await context.close();
  });

  test('a TOTP second factor is enrolled, then asked for at sign-in', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, STAFF.totp, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/me/two-factor');
    await expect(page.getByText(T.enrol.off)).toBeVisible();
    await page.getByLabel(T.enrol.password).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: T.enrol.start }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByLabel(T.enrol.code).fill(totp(secret));
    await page.getByRole('button', { name: T.enrol.confirm }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(T.enrol.enabled);

    await page.getByRole('button', { name: T.nav.signOut }).click();
    await signIn(page, STAFF.totp, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
    await page.getByLabel(T.twoFactor.code).fill(totp(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: T.twoFactor.submit }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.twoFactor.wrong);
    await page.getByLabel(T.twoFactor.code).fill(totp(secret));
    await page.getByRole('button', { name: T.twoFactor.submit }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${STAFF.totp}`)).toBeVisible();
    await context.close();

    const audit = await browser.newContext({ storageState: storageStateOf('admin'), baseURL });
    const admin = await audit.newPage();
    await admin.goto(`/admin/audit?person=${encodeURIComponent(STAFF.totp)}`);
    await expect(admin.getByRole('row').filter({ hasText: '2fa-enabled' })).toHaveCount(1);
    await audit.close();
  });

  test('the audit log filters by date range and pages within a bounded size', async ({ page }) => {
    await page.goto('/admin/audit');
    await page.getByLabel(T.audit.from, { exact: true }).fill('2000-01-01');
    await page.getByLabel(T.audit.to, { exact: true }).fill('2000-01-02');
    await page.getByRole('button', { name: T.audit.apply }).click();
    await expect(page.getByText(T.audit.empty)).toBeVisible();
    await page.getByRole('link', { name: T.audit.reset }).click();
    await expect(page.getByRole('table', { name: T.audit.caption }).getByRole('row')).not.toHaveCount(1);
    await page.goto('/admin/audit?page=99999');
    await expect(page.getByRole('table', { name: T.audit.caption })).toBeVisible();
  });

  for (const path of ['/admin', '/admin/audit', '/admin/accounts', '/admin/tokens', '/admin/me', '/admin/me/two-factor']) {
    test(`no axe violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      expect((await axeViolations(page))).toEqual([]);
    });
  }

  test('no axe violation on an account page, and the skip link leads to the content', async ({ page }) => {
    await page.goto('/admin/accounts');
    await page.getByRole('link', { name: `Manage ${STAFF.reader}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: STAFF.reader })).toBeVisible();
    expect((await axeViolations(page))).toEqual([]);
    await page.goto(page.url());
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: T.skip })).toBeFocused();
    await expect(page.getByRole('navigation', { name: T.nav.label }).getByRole('link', { name: T.nav.accounts })).toHaveAttribute('aria-current', 'page');
  });
});
