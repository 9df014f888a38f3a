/**
 * The import API (POST /api/admin/v1/navs, /benchmarks, /documents) through its route handlers,
 * on PGlite in `npm test` and on PostgreSQL in CI: tokens by scope, expiry and revocation, the
 * same file twice, bad rows with their lines, documents served afterwards, bodies counted.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, like, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as postBenchmarks } from '../../src/app/api/admin/v1/benchmarks/route';
import { POST as postDocuments } from '../../src/app/api/admin/v1/documents/route';
import { POST as postNavs } from '../../src/app/api/admin/v1/navs/route';
import { GET as getDocument } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { addDays } from '../../src/domain/dates';
import type { TokenScope } from '../../src/domain/staff/roles';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { createAuth } from '../../src/server/auth/config';
import { createApiToken, revokeApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { MAX_CSV_BYTES } from '../../src/server/import-api/csv-imports';
import { MAX_DOCUMENT_BODY_BYTES } from '../../src/server/import-api/documents';
import { sampleExe, samplePdf } from '../support/sample-documents';

// Every actor of this file (its tokens, its system actor) carries the run id: the audit entries it counts are its own.
const run = randomUUID().slice(0, 8);
const system = { type: 'system', label: `import-api test ${run}` } as const;
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares[0];
const other = fund?.shares[1];
if (!fund || !share || !other) throw new Error('the demo has aurore-actions-europe with two share classes');

const day1 = addDays(DEMO_AS_OF, 3);
const day2 = addDays(DEMO_AS_OF, 4);
const encoder = new TextEncoder();

type ErrorBody = { error: { code: string; message: string }; errorCount?: number; errors?: { line: number; code: string; message: string }[] };

async function token(scope: TokenScope, name = `${scope} feed ${run}`) {
  return createApiToken(await getDb(), { name, scope, days: 30, createdBy: null }, system);
}

function post(path: string, body: BodyInit | null, headers: Record<string, string>): Request {
  return new Request(`http://localhost${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

const csv = (bearer: string | null, text: BodyInit, headers: Record<string, string> = {}) =>
  post('/api/admin/v1/navs', text, { 'content-type': 'text/csv', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers });

function multipart(bearer: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/pdf' }));
  // new Request() sets the multipart Content-Type with its boundary.
  return new Request('http://localhost/api/admin/v1/documents', { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form });
}

/** A chunked body without Content-Length that never ends: `first`, then 64 KB pieces. */
function endless(first: string) {
  const probe = { pulls: 0, cancelled: false };
  const piece = encoder.encode(`${'x'.repeat(65_535)}\n`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      probe.pulls += 1;
      controller.enqueue(probe.pulls === 1 ? encoder.encode(first) : piece);
    },
    cancel() {
      probe.cancelled = true;
    },
  });
  return { stream, probe };
}

/**
 * The rows this file can write: NAVs and benchmark values of its fund after the seed's last day,
 * documents of its fund and its share classes, audit entries of its own actors. Another file's
 * rows elsewhere do not move them.
 */
async function counts() {
  const db = await getDb();
  const [row] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, fund?.slug ?? ''));
  const shareIds = (await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.fundId, row?.id ?? -1))).map((s) => s.id);
  if (!row || shareIds.length === 0) throw new Error('the demo fund and its share classes');
  return {
    navs: await db.$count(t.navs, and(inArray(t.navs.shareId, shareIds), gt(t.navs.date, DEMO_AS_OF))),
    benchmarks: await db.$count(t.benchmarkValues, and(eq(t.benchmarkValues.benchmarkCode, fund?.benchmarkCode ?? ''), gt(t.benchmarkValues.date, DEMO_AS_OF))),
    documents: await db.$count(t.documents, or(eq(t.documents.fundId, row.id), inArray(t.documents.shareId, shareIds))),
    audit: await db.$count(t.auditLog, like(t.auditLog.actorLabel, `%${run}%`)),
  };
}

async function shareId(isin: string) {
  const [row] = await (await getDb()).select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, isin));
  if (!row) throw new Error(`no share ${isin}`);
  return row.id;
}

function expectApiHeaders(res: Response) {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(res.headers.get('content-type')).toContain('application/json');
}

afterAll(async () => {
  // On PostgreSQL the files of a worker share its database: leave it as the seed made it.
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

describe('POST /api/admin/v1/navs', () => {
  const file = () => `isin,date,nav\n${share.isinCode},${day1},150.25\n${share.isinCode},${day2},151.5\n${other.isinCode},${day1},99.1\n`;

  it('imports with a navs token: NAVs stored, figures recomputed, audited as the token; the same file again changes nothing', async () => {
    const db = await getDb();
    const feed = await token('navs', `Administrator NAV feed ${run}`);
    const before = await counts();
    const res = await postNavs(csv(feed.token, file()));
    expect(res.status).toBe(200);
    expectApiHeaders(res);
    expect(await res.json()).toMatchObject({ outcome: 'changed', rows: 3, added: 3, changed: 0, unchanged: 0, written: 3, recomputed: 2 });

    const id = await shareId(share.isinCode);
    const stored = await db.select({ date: t.navs.date, nav: t.navs.nav }).from(t.navs).where(and(eq(t.navs.shareId, id), gt(t.navs.date, DEMO_AS_OF)));
    expect(stored.sort((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: day1, nav: 150.25 },
      { date: day2, nav: 151.5 },
    ]);
    const [perf] = await db.select().from(t.sharePerformances).where(eq(t.sharePerformances.shareId, id));
    expect([perf?.asOf, perf?.lastNav]).toEqual([day2, 151.5]);

    const after = await counts();
    expect(after.navs).toBe(before.navs + 3);
    expect(after.audit).toBe(before.audit + 1);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'nav'), eq(t.auditLog.actorId, feed.id))).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorType: 'token', actorId: feed.id, actorLabel: `Administrator NAV feed ${run}`, action: 'import', after: { source: 'import-api', added: 3 } });
    const [used] = await db.select().from(t.apiToken).where(eq(t.apiToken.id, feed.id));
    const firstUse = used?.lastUsedAt;
    expect(firstUse).toBeInstanceOf(Date);

    const again = await postNavs(csv(feed.token, file(), { 'content-type': 'text/csv; charset=utf-8' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'unchanged', rows: 3, added: 0, changed: 0, unchanged: 3, written: 0, recomputed: 0 });
    expect(await counts()).toEqual(after);
    const [perfAgain] = await db.select().from(t.sharePerformances).where(eq(t.sharePerformances.shareId, id));
    expect(perfAgain?.computedAt).toEqual(perf?.computedAt);
    // The call that changed nothing is still traced: the token's last use moved.
    const [usedAgain] = await db.select().from(t.apiToken).where(eq(t.apiToken.id, feed.id));
    expect(usedAgain?.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(firstUse?.getTime() ?? Infinity);
  });

  it('answers 403 to a token of another scope, and writes nothing', async () => {
    const others = { documents: await token('documents'), benchmarks: await token('benchmarks') };
    const before = await counts();
    for (const scope of ['documents', 'benchmarks'] as const) {
      const res = await postNavs(csv(others[scope].token, `isin,date,nav\n${share.isinCode},${addDays(DEMO_AS_OF, 10)},1\n`));
      expect(res.status, scope).toBe(403);
      expectApiHeaders(res);
      expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'forbidden', message: `This API token is for "${scope}", not "navs".` });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 401 to an expired, a revoked, an unknown or a missing token, even with a staff session cookie', async () => {
    const db = await getDb();
    const expired = await token('navs', `Expired feed ${run}`);
    await db.update(t.apiToken).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(t.apiToken.id, expired.id));
    const revoked = await token('navs', `Revoked feed ${run}`);
    expect(await revokeApiToken(db, revoked.id, system)).toBe(true);

    // A real admin session: cookies never authenticate the import API.
    await createStaffAccount(db, { email: 'import-api-admin@fundhouse.test', role: 'admin', password: 'a-long-enough-password' }, system);
    const auth = createAuth(db, 'integration-test-secret-of-at-least-32-chars');
    const signedIn = await auth.api.signInEmail({ body: { email: 'import-api-admin@fundhouse.test', password: 'a-long-enough-password' }, returnHeaders: true });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();

    const before = await counts();
    const body = `isin,date,nav\n${share.isinCode},${addDays(DEMO_AS_OF, 11)},1\n`;
    const cases: [string, Request][] = [
      ['expired', csv(expired.token, body)],
      ['revoked', csv(revoked.token, body)],
      ['unknown', csv('fhk_unknown', body)],
      ['missing, with a session cookie', csv(null, body, { cookie, origin: 'http://localhost' })],
      ['session cookie as a bearer', csv(cookie, body)],
    ];
    for (const [label, request] of cases) {
      const res = await postNavs(request);
      expect(res.status, label).toBe(401);
      expect(res.headers.get('www-authenticate'), label).toBe('Bearer realm="import-api"');
      expect(((await res.json()) as ErrorBody).error.code, label).toBe('unauthenticated');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a file with a bad row whole: 422 with each line, nothing written', async () => {
    const feed = await token('navs');
    const before = await counts();
    const bad = `isin,date,nav\n${share.isinCode},${addDays(DEMO_AS_OF, 12)},150\n${share.isinCode},2026-13-01,150\n${other.isinCode},${addDays(DEMO_AS_OF, 12)},-3\n`;
    const res = await postNavs(csv(feed.token, bad));
    expect(res.status).toBe(422);
    expectApiHeaders(res);
    expect(await res.json()).toEqual({
      error: { code: 'invalid-file', message: '2 lines are invalid: nothing was written.' },
      errorCount: 2,
      errors: [
        { line: 3, code: 'not-date', message: '"2026-13-01" is not a date in the form YYYY-MM-DD' },
        { line: 4, code: 'not-positive', message: '"-3" is not a positive number with a dot as decimal separator' },
      ],
    });
    const unknown = await postNavs(csv(feed.token, `isin,date,nav\n${share.isinCode},${addDays(DEMO_AS_OF, 12)},150\nFR0000000001,${addDays(DEMO_AS_OF, 12)},1\n`));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as ErrorBody).errors).toEqual([{ line: 3, code: 'unknown-isin', message: 'no share has the ISIN FR0000000001' }]);
    expect(await counts()).toEqual(before);
  });

  it('answers 415 to another content type and 422 to bytes that are not UTF-8', async () => {
    const feed = await token('navs');
    const body = `isin,date,nav\n${share.isinCode},${addDays(DEMO_AS_OF, 13)},1\n`;
    for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/csv; charset=iso-8859-1']) {
      const res = await postNavs(csv(feed.token, body, { 'content-type': type }));
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as ErrorBody).error.code).toBe('unsupported-media-type');
    }
    const latin1 = new Uint8Array([...encoder.encode('isin,date,nav\n'), 0xe9, 0x0a]);
    const res = await postNavs(csv(feed.token, latin1));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.code).toBe('not-utf8');
  });

  it('answers 413 to an endless chunked body, stopping just past the cap, and to a declared length over it', async () => {
    const feed = await token('navs');
    const before = await counts();
    const { stream, probe } = endless(`isin,date,nav\n${share.isinCode},${addDays(DEMO_AS_OF, 14)},1\n`);
    const res = await postNavs(csv(feed.token, stream));
    expect(res.status).toBe(413);
    expectApiHeaders(res);
    expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'too-large', message: `The body is larger than ${MAX_CSV_BYTES} bytes.` });
    expect(probe.cancelled).toBe(true);
    expect(probe.pulls).toBeLessThan(MAX_CSV_BYTES / 65_536 + 4);
    const declared = await postNavs(csv(feed.token, 'isin,date,nav\n', { 'content-length': String(MAX_CSV_BYTES + 1) }));
    expect(declared.status).toBe(413);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/admin/v1/benchmarks', () => {
  it('imports with a benchmarks token, recomputes the fund’s shares, and changes nothing the second time', async () => {
    const feed = await token('benchmarks');
    const navsToken = await token('navs');
    const body = `benchmark,date,value\n${fund.benchmarkCode},${day1},1000.5\n`;
    const request = () => post('/api/admin/v1/benchmarks', body, { authorization: `Bearer ${feed.token}`, 'content-type': 'text/csv' });
    const before = await counts();
    const res = await postBenchmarks(request());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'changed', added: 1, written: 1, recomputed: fund.shares.length });
    const after = await counts();
    expect([after.benchmarks, after.audit]).toEqual([before.benchmarks + 1, before.audit + 1]);
    const again = await postBenchmarks(request());
    expect(await again.json()).toMatchObject({ outcome: 'unchanged', written: 0, unchanged: 1 });
    expect(await counts()).toEqual(after);

    const wrong = await postBenchmarks(post('/api/admin/v1/benchmarks', body, { authorization: `Bearer ${navsToken.token}`, 'content-type': 'text/csv' }));
    expect(wrong.status).toBe(403);
    const unknown = await postBenchmarks(post('/api/admin/v1/benchmarks', `benchmark,date,value\nidx-unknown,${day1},1\n`, { authorization: `Bearer ${feed.token}`, 'content-type': 'text/csv' }));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as ErrorBody).errors).toEqual([{ line: 2, code: 'unknown-benchmark', message: 'no benchmark has the code idx-unknown' }]);
    expect(await counts()).toEqual(after);
  });
});

describe('POST /api/admin/v1/documents', () => {
  const served = (path: string) => {
    const [, , locale, , , fundSlug, ...rest] = path.split('/');
    return getDocument(new Request(`http://localhost${path}`), { params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', rest }) });
  };

  it('uploads a share KID by ISIN and a fund prospectus by slug, served at once by the public routes; the same file again changes nothing', async () => {
    const db = await getDb();
    const feed = await token('documents', `Document feed ${run}`);
    const kid = samplePdf('KID pushed by the feed');
    const before = await counts();
    const res = await postDocuments(multipart(feed.token, { isin: other.isinCode, type: 'KIID', language: 'es', date: day1 }, { bytes: kid, name: 'kid-es.pdf' }));
    expect(res.status).toBe(200);
    expectApiHeaders(res);
    const body = (await res.json()) as { outcome: string; id: number };
    expect(body).toMatchObject({ outcome: 'changed', id: expect.any(Number) });
    const page = await served(`/e/es/docs/funds/${fund.slug}/${other.isinCode}/KIID`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await page.arrayBuffer())).toEqual(kid);

    const prospectus = samplePdf('Prospectus pushed by the feed');
    const byFund = await postDocuments(multipart(feed.token, { fund: fund.slug, type: 'PROSPECTUS', language: 'en', date: day1, title: 'Prospectus 2027' }, { bytes: prospectus, name: 'prospectus.pdf' }));
    expect(byFund.status).toBe(200);
    expect(new Uint8Array(await (await served(`/e/en/docs/funds/${fund.slug}/PROSPECTUS`)).arrayBuffer())).toEqual(prospectus);

    const after = await counts();
    expect([after.documents, after.audit]).toEqual([before.documents + 2, before.audit + 2]);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'document'), eq(t.auditLog.entityId, String(body.id)), eq(t.auditLog.actorType, 'token')));
    expect(entry).toMatchObject({ actorType: 'token', actorId: feed.id, actorLabel: `Document feed ${run}`, after: { data: { bytes: kid.byteLength } } });

    const again = await postDocuments(multipart(feed.token, { isin: other.isinCode, type: 'KIID', language: 'es', date: day1 }, { bytes: kid, name: 'kid-es.pdf' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ outcome: 'unchanged', id: body.id, replacedId: null, tagged: false });
    expect(await counts()).toEqual(after);
  });

  it('refuses a non-PDF named .pdf, unknown fund, ISIN or type, missing fields, a wrong scope or content type; nothing written', async () => {
    const feed = await token('documents');
    const navsToken = await token('navs');
    const before = await counts();
    const pdf = { bytes: samplePdf(), name: 'report.pdf' };
    const base = { fund: fund.slug, type: 'PROSPECTUS', language: 'fr', date: day2 };
    const cases: [string, Request, number, string][] = [
      ['exe named .pdf', multipart(feed.token, base, { bytes: sampleExe(), name: 'report.pdf' }), 422, 'not-pdf'],
      ['unknown fund', multipart(feed.token, { ...base, fund: 'no-such-fund' }, pdf), 422, 'unknown-fund'],
      ['unknown ISIN', multipart(feed.token, { ...base, fund: '', isin: 'FR0000000001' }, pdf), 422, 'unknown-isin'],
      ['unknown type', multipart(feed.token, { ...base, type: 'NOT_A_TYPE' }, pdf), 422, 'unknown-type'],
      ['bad language', multipart(feed.token, { ...base, language: 'de' }, pdf), 422, 'bad-language'],
      ['bad date', multipart(feed.token, { ...base, date: '30/11/2026' }, pdf), 422, 'bad-date'],
      ['no file', multipart(feed.token, base), 422, 'missing-field'],
      ['fund and ISIN', multipart(feed.token, { ...base, isin: share.isinCode }, pdf), 422, 'ambiguous-owner'],
      ['navs token', multipart(navsToken.token, base, pdf), 403, 'forbidden'],
      ['not multipart', post('/api/admin/v1/documents', pdf.bytes as Uint8Array<ArrayBuffer>, { authorization: `Bearer ${feed.token}`, 'content-type': 'application/pdf' }), 415, 'unsupported-media-type'],
    ];
    for (const [label, request, status, code] of cases) {
      const res = await postDocuments(request);
      expect(res.status, label).toBe(status);
      expect(((await res.json()) as ErrorBody).error.code, label).toBe(code);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 413 to an endless chunked multipart body and to a declared length over the cap', async () => {
    const feed = await token('documents');
    const { stream, probe } = endless('--b\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.4\n');
    const headers = { authorization: `Bearer ${feed.token}`, 'content-type': 'multipart/form-data; boundary=b' };
    const res = await postDocuments(post('/api/admin/v1/documents', stream, headers));
    expect(res.status).toBe(413);
    expect(probe.cancelled).toBe(true);
    expect(probe.pulls).toBeLessThan(MAX_DOCUMENT_BODY_BYTES / 65_536 + 4);
    const declared = await postDocuments(post('/api/admin/v1/documents', '--b--\r\n', { ...headers, 'content-length': String(MAX_DOCUMENT_BODY_BYTES + 1) }));
    expect(declared.status).toBe(413);
  });
});
