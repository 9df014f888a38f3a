/**
 * The import API through the production server: a token made on the back-office's token screen,
 * a document larger than the 10 MB Next hands to routes behind the proxy, received whole and served
 * by the public route at once (docs/decisions/018), a tagged PDF marked as such in the document
 * library, and a NAV file sent twice.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EN, signedInAs } from '../support/admin';
import RANGE_ES from '../../messages/range/es.json' with { type: 'json' };
import { largePdf, sampleTaggedPdf } from '../support/sample-documents';

const T = ADMIN_EN.Admin;
/** A fund and share no other spec reads (shown to INSTIT and CGP only): this spec changes them. */
const FUND = 'aurore-or-metaux-precieux';
const ISIN = 'FR00140H6Q46';

test.use({ storageState: signedInAs('admin'), locale: 'en-GB' });

async function createToken(page: Page, name: string, scope: 'navs' | 'documents'): Promise<string> {
  await page.goto('/admin/tokens');
  await page.getByLabel(T.tokens.name).fill(name);
  await page.getByLabel(T.tokens.scope).selectOption(scope);
  await page.getByLabel(T.tokens.days).fill('1');
  await page.getByRole('button', { name: T.tokens.submit }).click();
  return page.getByLabel(T.tokens.token).inputValue();
}

test.describe('import API', () => {
  test('a 12 MB PDF arrives whole past the proxy and is served at once; the same file again changes nothing; a tagged PDF is marked in the library', async ({ page, playwright, baseURL }) => {
    // Three uploads, each read for its tags in a worker: twice the default budget for a busy machine.
    test.setTimeout(120_000);
    const token = await createToken(page, `E2E documents feed ${Date.now()}`, 'documents');
    // A fresh context: no session cookie, only the token.
    const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const pdf = Buffer.from(largePdf(12 * 1024 * 1024));
    const send = () =>
      api.post('/api/admin/v1/documents', {
        headers: { authorization: `Bearer ${token}` },
        multipart: { fund: FUND, type: 'PROSPECTUS', language: 'en', date: '2026-11-25', file: { name: 'prospectus-2027.pdf', mimeType: 'application/pdf', buffer: pdf } },
      });
    const first = await send();
    expect(first.status(), await first.text()).toBe(200);
    expect(first.headers()['cache-control']).toBe('no-store');
    expect(first.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await first.json()).toMatchObject({ outcome: 'changed' });

    const served = await api.get(`/e/en/docs/funds/${FUND}/PROSPECTUS`, { headers: { cookie: 'investor_profile=INSTIT' } });
    expect(served.status()).toBe(200);
    const body = await served.body();
    expect(body.byteLength).toBe(pdf.byteLength);
    expect(body.equals(pdf)).toBe(true);

    const again = await send();
    expect(await again.json()).toMatchObject({ outcome: 'unchanged', tagged: false });

    // A tagged PDF is said so, and the library's HTML (as without JavaScript) marks it in words.
    const kid = await api.post('/api/admin/v1/documents', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { isin: ISIN, type: 'KIID', language: 'es', date: '2026-11-25', file: { name: 'kid.pdf', mimeType: 'application/pdf', buffer: Buffer.from(sampleTaggedPdf('DFI')) } },
    });
    expect(await kid.json()).toMatchObject({ outcome: 'changed', tagged: true });
    const library = await api.get(`/es/documentos?fund=${FUND}`, { headers: { cookie: 'investor_profile=INSTIT' } });
    expect(library.status()).toBe(200);
    const rows = (await library.text()).split('<tr');
    expect(rows.find((row) => row.includes(`/e/es/docs/funds/${FUND}/${ISIN}/KIID"`))).toContain(RANGE_ES.DocumentLibrary.tagged);
    // The 12 MB prospectus above is not tagged: no mark on its row.
    expect(rows.find((row) => row.includes(`/e/en/docs/funds/${FUND}/PROSPECTUS"`))).not.toContain(RANGE_ES.DocumentLibrary.tagged);
    await api.dispose();
  });

  test('a NAV file is imported with a navs token, and refused with a documents token', async ({ page, playwright, baseURL }) => {
    const navs = await createToken(page, `E2E NAV feed ${Date.now()}`, 'navs');
    const documents = await createToken(page, `E2E wrong feed ${Date.now()}`, 'documents');
    const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const file = `isin,date,nav\n${ISIN},2026-11-25,150.5\n`;
    const post = (token: string) => api.post('/api/admin/v1/navs', { headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, data: file });
    const wrong = await post(documents);
    expect(wrong.status()).toBe(403);
    expect((await wrong.json()).error.code).toBe('forbidden');
    const first = await post(navs);
    expect(first.status(), await first.text()).toBe(200);
    expect(await first.json()).toMatchObject({ rows: 1, written: 1 });
    expect(await (await post(navs)).json()).toMatchObject({ outcome: 'unchanged', written: 0 });
    await api.dispose();
  });
});
