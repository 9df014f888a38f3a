import { describe, expect, it } from 'vitest';
import { GET } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { funds } from '../../src/server/db/seed/fixtures/funds';

const call = (path: string, headers: Record<string, string> = {}) => {
  const [, , locale, , , fundSlug, ...rest] = path.split('/');
  return GET(new Request(`http://localhost${path}`, { headers }), {
    params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', rest }),
  });
};

const publicFund = funds.find((f) => f.visibleTo.includes('RETAIL') && f.documents.includes('PROSPECTUS'));
const hiddenFund = funds.find((f) => !f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
const shareWithKiid = publicFund?.shares.find((s) => s.visibleTo.includes('RETAIL') && s.documents.includes('KIID'));
const missingType = publicFund ? (['WEEKLY_REPORT', 'MONTHLY_REPORT', 'ESG_MONTHLY_REPORT', 'SFDR_PERIODIC'] as const).find((t) => !publicFund.documents.includes(t)) : undefined;

describe('document routes (docs/product.md §2)', () => {
  it('serves a fund document as an inline PDF with a file name, ETag and caching headers', async () => {
    const res = await call(`/e/fr/docs/funds/${publicFund?.slug}/PROSPECTUS`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename=".+\.pdf"/);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('cache-control')).toContain('max-age');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await call(`/e/en/docs/funds/${publicFund?.slug}/PROSPECTUS`);
    const etag = first.headers.get('etag') ?? '';
    const again = await call(`/e/en/docs/funds/${publicFund?.slug}/PROSPECTUS`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('serves a share document by ISIN', async () => {
    const res = await call(`/e/es/docs/funds/${publicFund?.slug}/${shareWithKiid?.isinCode}/KIID`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('-es.pdf');
  });

  it('falls back to the French document when the language has none', async () => {
    const fund = funds.find((f) => f.visibleTo.includes('RETAIL') && f.documents.includes('ANNUAL_REPORT'));
    const res = await call(`/e/es/docs/funds/${fund?.slug}/ANNUAL_REPORT`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('-fr.pdf');
  });

  it('answers 404 for a missing type, an unknown fund, type or share, and a share of another fund', async () => {
    expect(missingType).toBeDefined();
    expect((await call(`/e/fr/docs/funds/${publicFund?.slug}/${missingType}`)).status).toBe(404);
    expect((await call(`/e/fr/docs/funds/no-such-fund/PROSPECTUS`)).status).toBe(404);
    expect((await call(`/e/fr/docs/funds/${publicFund?.slug}/NOT_A_TYPE`)).status).toBe(404);
    expect((await call(`/e/fr/docs/funds/${publicFund?.slug}/FR0000000000/KIID`)).status).toBe(404);
    const otherFund = funds.find((f) => f.slug !== publicFund?.slug && f.visibleTo.includes('RETAIL'));
    expect((await call(`/e/fr/docs/funds/${otherFund?.slug}/${shareWithKiid?.isinCode}/KIID`)).status).toBe(404);
  });

  it('answers 404, never 500, to malformed parameters', async () => {
    for (const path of [
      '/e/de/docs/funds/x/PROSPECTUS',
      '/e/fr/docs/funds/..%2F..%2Fetc/PROSPECTUS',
      `/e/fr/docs/funds/${publicFund?.slug}/not-an-isin/KIID`,
      `/e/fr/docs/funds/${publicFund?.slug}/${shareWithKiid?.isinCode.toLowerCase()}/KIID`,
      `/e/fr/docs/funds/${publicFund?.slug}/a/b/KIID`,
      `/e/fr/docs/funds/${'x'.repeat(3000)}/PROSPECTUS`,
    ]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });

  it('hides the documents of a fund the profile may not see', async () => {
    const type = hiddenFund?.documents[0];
    expect((await call(`/e/fr/docs/funds/${hiddenFund?.slug}/${type}`)).status).toBe(404);
    const instit = await call(`/e/fr/docs/funds/${hiddenFund?.slug}/${type}`, { cookie: 'investor_profile=INSTIT' });
    expect(instit.status).toBe(200);
    // A malformed cookie counts as no profile (RETAIL), never as an error.
    expect((await call(`/e/fr/docs/funds/${hiddenFund?.slug}/${type}`, { cookie: 'investor_profile=%E0%A4%A' })).status).toBe(404);
  });
});
