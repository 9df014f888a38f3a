import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_EN, STAFF, storageStateOf } from '../support/admin';

const PAGES = ['/admin', '/admin/audit', '/admin/accounts', '/admin/accounts/some-id', '/admin/tokens', '/admin/me', '/admin/me/two-factor', '/admin/funds', '/admin/funds/new', '/admin/funds/1', '/admin/funds/1/edit', '/admin/funds/1/shares/new', '/admin/funds/1/shares/1', '/admin/imports'];
const API = ['/api/admin/v1/me'];
/** The import API's upload routes: a Bearer token only, never a session (README "Import API"). */
const IMPORT_API = ['/api/admin/v1/navs', '/api/admin/v1/benchmarks', '/api/admin/v1/documents'];

/** The name and value of the hidden field that identifies a form's server action in the page's HTML. */
async function actionField(request: APIRequestContext, path: string, formMarker: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const form = html.split('<form').find((f) => f.includes(formMarker));
  const name = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(form ?? '')?.[1];
  if (!name) throw new Error(`no server action form with ${formMarker} on ${path}`);
  return name;
}

function inviteForm(actionId: string, email: string): Record<string, string> {
  return { [actionId]: '', email, role: 'admin', locale: 'en' };
}

test.describe('back-office: without a session', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('every page redirects to the sign-in screen and every API answers 401', async ({ request }) => {
    for (const path of PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(response.headers()['location'], path).toBe('/admin/login');
    }
    for (const path of API) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(401);
      expect(await response.json()).toEqual({ error: 'unauthenticated' });
    }
    for (const path of IMPORT_API) {
      const response = await request.post(path, { headers: { 'content-type': 'text/csv' }, data: 'isin,date,nav\n' });
      expect(response.status(), path).toBe(401);
      expect(response.headers()['cache-control'], path).toBe('no-store');
      expect(response.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
      expect((await response.json()).error.code, path).toBe('unauthenticated');
    }
  });

  test('admin answers are never cacheable nor indexable; public pages keep their headers', async ({ request }) => {
    for (const path of ['/admin/login', '/admin/forgot-password', ...API]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['cache-control'], path).toContain('no-store');
      expect(headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    }
    const html = await (await request.get('/admin/login')).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const publicPage = await request.get('/en');
    expect(publicPage.headers()['x-robots-tag']).toBeUndefined();
    expect(publicPage.headers()['content-security-policy']).not.toContain("'strict-dynamic'");
  });
});

test.describe('back-office: as an admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('an admin session does not authenticate the import API: only a Bearer token does', async ({ request, baseURL }) => {
    for (const path of IMPORT_API) {
      const response = await request.post(path, { headers: { 'content-type': 'text/csv', origin: baseURL ?? '' }, data: 'isin,date,nav\n' });
      expect(response.status(), path).toBe(401);
    }
  });

  test('a cross-origin or origin-less POST to a server action is refused and changes nothing', async ({ request, baseURL }) => {
    const id = await actionField(request, '/admin/accounts', 'name="email"');
    const refused: Record<string, string>[] = [{ origin: 'http://evil.example' }, {}];
    for (const headers of refused) {
      const email = `csrf-${Object.keys(headers).length}@fundhouse.test`;
      const response = await request.post('/admin/accounts', { multipart: inviteForm(id, email), headers, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(await (await request.get('/admin/accounts')).text()).not.toContain(email);
    }
    // The same request from this origin goes through: the refusal above was about the origin.
    const ok = await request.post('/admin/accounts', { multipart: inviteForm(id, 'same-origin@fundhouse.test'), headers: { origin: baseURL ?? '' }, maxRedirects: 0 });
    expect(ok.status()).toBe(303);
    expect(await (await request.get('/admin/accounts')).text()).toContain('same-origin@fundhouse.test');
  });
});

test.describe('back-office: as a reader', () => {
  test.use({ storageState: storageStateOf('reader') });

  test('sees the screens but not the forms, and a forbidden action answers 403 and changes nothing', async ({ page, browser, baseURL }) => {
    await page.goto('/admin/accounts');
    await expect(page.getByRole('heading', { level: 1, name: ADMIN_EN.Admin.accounts.title })).toBeVisible();
    await expect(page.getByRole('link', { name: `Manage ${STAFF.editor}` })).toBeVisible();
    await expect(page.getByRole('button', { name: ADMIN_EN.Admin.accounts.submitInvite })).toHaveCount(0);

    // The action's id, as an admin's page carries it; posted with the reader's session.
    const adminContext = await browser.newContext({ storageState: storageStateOf('admin'), baseURL });
    const id = await actionField(adminContext.request, '/admin/accounts', 'name="email"');
    await adminContext.close();
    // Posted as the browser's script posts a form action: the action id in a header, the form's
    // fields encoded as React encodes a FormData argument.
    const response = await page.request.post('/admin/accounts', {
      multipart: { '0': '["$K1"]', '1_email': 'sneaky@fundhouse.test', '1_role': 'admin', '1_locale': 'en' },
      headers: { origin: baseURL ?? '', 'next-action': id.replace('$ACTION_ID_', ''), accept: 'text/x-component' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await page.reload();
    await expect(page.getByText('sneaky@fundhouse.test')).toHaveCount(0);

    await page.getByRole('link', { name: `Manage ${STAFF.editor}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: STAFF.editor })).toBeVisible();
    await expect(page.getByRole('button', { name: ADMIN_EN.Admin.accounts.saveRole })).toHaveCount(0);
  });
});
