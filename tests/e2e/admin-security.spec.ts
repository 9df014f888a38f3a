import net from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, ADMIN_EN, signIn, STAFF, signedInAs, storageStateOf } from '../support/admin';

const PAGES = ['/admin', '/admin/audit', '/admin/accounts', '/admin/accounts/some-id', '/admin/tokens', '/admin/me', '/admin/me/two-factor', '/admin/funds', '/admin/funds/new', '/admin/funds/1', '/admin/funds/1/edit', '/admin/funds/1/shares/new', '/admin/funds/1/shares/1', '/admin/imports'];
const API = ['/api/admin/v1/me'];
/** The import API's upload routes: a Bearer token only, never a session (docs/api.md "Import API"). */
const IMPORT_API = ['/api/admin/v1/navs', '/api/admin/v1/benchmarks', '/api/admin/v1/documents'];

/** The name and value of the hidden field that identifies a form's server action in the page's HTML. */
async function actionField(request: APIRequestContext, path: string, formMarker: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const form = html.split('<form').find((f) => f.includes(formMarker));
  const name = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(form ?? '')?.[1];
  if (!name) throw new Error(`no server action form with ${formMarker} on ${path}`);
  return name;
}

/**
 * Posts a `total`-byte body to `path` over a raw socket, 64 KB at a time, as fast as the server
 * reads it, and stops sending once an answer arrives; returns the status line that came back and
 * how many bytes had been sent by then.
 */
function rawPost(baseURL: string, path: string, total: number, cookie?: string): Promise<{ status: string; sentWhenAnswered: number }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    let answer = '';
    let sent = 0;
    let sentWhenAnswered = -1;
    const finish = () => resolve({ status: answer.split('\r\n')[0] ?? '', sentWhenAnswered });
    socket.on('data', (chunk: Buffer) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      answer += chunk.toString('latin1');
    });
    socket.on('close', finish);
    socket.on('error', (error) => (sentWhenAnswered >= 0 ? finish() : reject(error)));
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on('connect', async () => {
      const head = `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\nContent-Type: multipart/form-data; boundary=x\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}Content-Length: ${total}\r\nConnection: close\r\n\r\n`;
      socket.write(head);
      // A well-formed form of one long field: what gets through is a form post the app can parse.
      const opening = Buffer.from('--x\r\nContent-Disposition: form-data; name="padding"\r\n\r\n');
      const closing = Buffer.from('\r\n--x--\r\n');
      socket.write(opening);
      sent = opening.length;
      const piece = Buffer.alloc(65_536, 97);
      while (sent < total - closing.length && sentWhenAnswered < 0 && !socket.destroyed) {
        const part = piece.subarray(0, Math.min(piece.length, total - closing.length - sent));
        sent += part.length;
        // A write the kernel takes at once returns true: without a turn of the event loop between
        // writes, the answer's 'data' event would wait until the whole body is sent.
        if (!socket.write(part)) await new Promise((resolveDrain) => socket.once('drain', resolveDrain));
        else await new Promise((resolveTurn) => setImmediate(resolveTurn));
      }
      if (sentWhenAnswered < 0 && !socket.destroyed) {
        socket.write(closing);
        sent += closing.length;
      }
    });
  });
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

  test('15 MB to the sign-in screen is answered 413 before it is read: the client is still sending', async ({ baseURL }) => {
    const total = 15 * 1024 * 1024;
    for (const path of ['/admin/login', '/admin/funds/1/edit']) {
      const { status, sentWhenAnswered } = await rawPost(baseURL ?? '', path, total);
      expect(status, path).toBe('HTTP/1.1 413 Payload Too Large');
      expect(sentWhenAnswered, path).toBeLessThan(total);
    }
    // A made-up session cookie is no passport.
    const forged = await rawPost(baseURL ?? '', '/admin/login', total, 'staff.session_token=made-up.c2lnbmF0dXJl');
    expect(forged.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(forged.sentWhenAnswered).toBeLessThan(total);
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
  test.use({ storageState: signedInAs('admin') });

  test('an admin session does not authenticate the import API: only a Bearer token does', async ({ request, baseURL }) => {
    for (const path of IMPORT_API) {
      const response = await request.post(path, { headers: { 'content-type': 'text/csv', origin: baseURL ?? '' }, data: 'isin,date,nav\n' });
      expect(response.status(), path).toBe(401);
    }
  });

  test('a signed-in admin may post more than 64 KB to the back-office (files); the same cookie after sign-out may not', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, locale: 'en-GB', extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.91' } });
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    const session = (await context.cookies()).find((c) => c.name === 'staff.session_token');
    expect(session).toBeDefined();
    const cookie = `staff.session_token=${session?.value}`;
    const allowed = await rawPost(baseURL ?? '', '/admin/funds/1/edit', 2 * 1024 * 1024, cookie);
    expect(allowed.status).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(allowed.status).not.toContain(' 413 ');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?done=signedOut$/);
    const stale = await rawPost(baseURL ?? '', '/admin/funds/1/edit', 2 * 1024 * 1024, cookie);
    expect(stale.status).toBe('HTTP/1.1 413 Payload Too Large');
    await context.close();
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
  test.use({ storageState: signedInAs('reader') });

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
