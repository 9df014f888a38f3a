/**
 * Distributions of distributing share classes (issue 34): the demo seed's dividends, the back-office
 * file (a bad row refused with its line and nothing stored; preview → one proposal → approval stores
 * it, audited and published), POST /api/admin/v1/distributions and its scope, and the public CSV:
 * 404 for an accumulation or an invisible share, and the rows of the share page's own read.
 * On a PostgreSQL shared by every test file, it puts the seed back afterwards.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as postDistributions } from '../../src/app/api/admin/v1/distributions/route';
import { GET } from '../../src/app/e/[locale]/data/funds/[fundSlug]/[isin]/[file]/route';
import { fundTag, NOTICES_TAG, shareTag } from '../../src/domain/content/cache-tags';
import { DIVIDEND_HEADER, distributionsCsv, parseDividendCsv } from '../../src/domain/dividends/csv';
import { canonicalAmount, distributesDividends } from '../../src/domain/dividends/model';
import type { TokenScope } from '../../src/domain/staff/roles';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, type Person } from '../../src/server/approval/service';
import { createApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { commitDividendImport, previewDividendImport } from '../../src/server/dividends/import';
import { shareDistributions } from '../../src/server/dividends/queries';
import { parseCsv } from '../support/csv';
import { staffPeople } from '../support/staff-people';

/** The tags a publication expires: outside a Next server, Next's revalidateTag is only observed. */
const expired = vi.hoisted(() => new Set<string>());
vi.mock('next/cache', () => ({ unstable_cache: <T>(fn: T) => fn, revalidatePath: () => undefined, revalidateTag: (tag: string) => void expired.add(tag) }));

const run = randomUUID().slice(0, 8);
const people = {} as Record<'data' | 'compliance', Person>;
const system = { type: 'system', label: `dividends ${run}` } as const;

const distributing = funds.flatMap((f) => f.shares.filter((s) => distributesDividends(s.characteristics.resultAllocation)).map((s) => ({ fund: f, share: s })));
const accumulating = funds.flatMap((f) => f.shares.filter((s) => !distributesDividends(s.characteristics.resultAllocation)).map((s) => ({ fund: f, share: s })));
const target = distributing.find((d) => d.fund.slug === 'aurore-patrimoine');
const other = accumulating.find((d) => d.fund.slug === 'aurore-patrimoine');
if (!target || !other) throw new Error('the demo has aurore-patrimoine with a distributing and an accumulation share class');
const { fund, share } = target;

beforeAll(async () => {
  Object.assign(people, await staffPeople(['data', 'compliance'] as const, `dividends-${run}`));
});
beforeEach(() => expired.clear());
afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

async function shareId(isin: string): Promise<number> {
  const [row] = await (await getDb()).select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, isin));
  if (!row) throw new Error(`no share ${isin}`);
  return row.id;
}
async function stored(isin: string) {
  const rows = await (await getDb()).select().from(t.dividends).where(eq(t.dividends.shareId, await shareId(isin))).orderBy(desc(t.dividends.exDate));
  return rows.map((r) => [r.exDate, r.recordDate, r.paymentDate, r.amount, r.currencyCode]);
}
/** This file's audit entries: every actor it uses (its staff people, its tokens, its system actor) carries the run id. */
const ours = like(t.auditLog.actorLabel, `%${run}%`);
const auditCount = async () => (await getDb()).$count(t.auditLog, ours);
const file = (lines: string[]) => [DIVIDEND_HEADER, ...lines].join('\n');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the demo seed', () => {
  it('pays annual dividends on every distributing share, in its currency, and none on accumulation shares', async () => {
    const db = await getDb();
    for (const { share: s } of distributing) {
      const rows = await db.select().from(t.dividends).where(eq(t.dividends.shareId, await shareId(s.isinCode)));
      expect(rows.length, s.isinCode).toBeGreaterThanOrEqual(5);
      expect(new Set(rows.map((r) => r.exDate.slice(0, 4))).size, s.isinCode).toBe(rows.length);
      expect(rows.every((r) => r.currencyCode === s.currency && Number(r.amount) > 0)).toBe(true);
    }
    const ids = await Promise.all(accumulating.map((a) => shareId(a.share.isinCode)));
    expect(await db.$count(t.dividends, inArray(t.dividends.shareId, ids))).toBe(0);
  });
});

describe('the back-office file (import.dividends)', () => {
  it('refuses a file with a bad row with its line and reason, and stores nothing', async () => {
    const db = await getDb();
    const before = await stored(share.isinCode);
    const count = await auditCount();
    // A row the parser refuses: the whole file is refused.
    const parsed = parseDividendCsv(file([`${share.isinCode},2027-04-12,2027-04-13,2027-04-15,0.90,EUR`, `${share.isinCode},2027-05-12,2027-05-11,2027-05-15,0.90,EUR`]));
    expect(parsed).toMatchObject({ ok: false, errors: [{ line: 3, code: 'record-before-ex', message: 'the record date 2027-05-11 is before the ex-date 2027-05-12' }] });
    // Rows the database refuses: an unknown share, an accumulation share, another currency.
    const checked = parseDividendCsv(
      file([
        `${share.isinCode},2027-04-12,2027-04-13,2027-04-15,0.90,EUR`,
        `FR0000000000,2027-04-12,2027-04-13,2027-04-15,0.90,EUR`,
        `${other.share.isinCode},2027-04-12,2027-04-13,2027-04-15,0.90,EUR`,
        `${share.isinCode},2027-06-12,2027-06-14,2027-06-15,0.90,USD`,
      ]),
    );
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const expected = [
      { line: 3, code: 'unknown-isin' },
      { line: 4, code: 'not-distributing' },
      { line: 5, code: 'wrong-currency', params: { expected: 'EUR', currency: 'USD' } },
    ];
    expect(await previewDividendImport(db, checked.rows)).toMatchObject({ ok: false, errors: expected });
    expect(await commitDividendImport(db, checked.rows, system)).toMatchObject({ ok: false, errors: expected });
    const door = await saveChange(db, 'import.dividends', { rows: checked.rows, fileName: 'bad.csv', sha256: 'bad' }, people.data, { areas: ['funds'] });
    expect(door).toMatchObject({ mode: 'invalid', problems: { lines: expected } });
    expect(await stored(share.isinCode)).toEqual(before);
    expect(await auditCount()).toBe(count);
    expect(expired.size).toBe(0);
  });

  it('previews, proposes one change, and approval stores it in one audited transaction and publishes the share, its fund and the notices', async () => {
    const db = await getDb();
    const before = await stored(share.isinCode);
    const latest = before[0];
    if (!latest) throw new Error('the demo share has dividends');
    const [exDate, recordDate, paymentDate] = latest as string[];
    const text = file([`${share.isinCode},2027-04-12,2027-04-13,2027-04-15,0.987654,EUR`, `${share.isinCode},${exDate},${recordDate},${paymentDate},9.99,EUR`]);
    const parsed = parseDividendCsv(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const preview = await previewDividendImport(db, parsed.rows);
    expect(preview).toMatchObject({ ok: true, rows: 2, added: 1, changed: 1, unchanged: 0, dividends: [{ line: 2, before: null, after: { amount: '0.987654' } }, { line: 3, before: { exDate }, after: { amount: '9.99' } }] });

    const input = { rows: parsed.rows, fileName: `dividends-${run}.csv`, sha256: sha(text) };
    const outcome = await saveChange(db, 'import.dividends', input, people.data, { areas: ['funds'] });
    if (outcome.mode !== 'proposed') throw new Error(`proposal expected, got ${JSON.stringify(outcome)}`);
    expect(await proposalById(db, outcome.id)).toMatchObject({ area: 'funds', kind: 'import.dividends', status: 'pending', before: { difference: { added: 1, changed: 1 } } });
    expect(await stored(share.isinCode)).toEqual(before);

    const count = await auditCount();
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    const after = await stored(share.isinCode);
    expect(after[0]).toEqual(['2027-04-12', '2027-04-13', '2027-04-15', '0.987654', 'EUR']);
    expect(after[1]).toEqual([exDate, recordDate, paymentDate, '9.990000', 'EUR']);
    expect(after.length).toBe(before.length + 1);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'dividend'), eq(t.auditLog.action, 'import'), eq(t.auditLog.actorId, people.data.id))).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorLabel: `${people.data.label} (approved by ${people.compliance.label})`,
      after: { added: 1, changed: 1, source: `back-office:dividends-${run}.csv` },
      before: { dividends: [{ isin: share.isinCode, exDate, amount: canonicalAmount(latest[3] as string) }] },
    });
    expect(await auditCount()).toBeGreaterThan(count);
    expect([...expired]).toEqual(expect.arrayContaining([NOTICES_TAG, fundTag(fund.slug), shareTag(fund.slug, share.slug)]));

    // The same file again changes nothing: no proposal.
    expect(await saveChange(db, 'import.dividends', input, people.data, { areas: ['funds'] })).toEqual({ mode: 'unchanged' });
  });
});

async function token(scope: TokenScope, name = `${scope} feed ${run}`) {
  return createApiToken(await getDb(), { name, scope, days: 30, createdBy: null }, system);
}
const request = (bearer: string | null, body: string, type = 'text/csv') =>
  new Request('http://localhost/api/admin/v1/distributions', { method: 'POST', headers: { 'content-type': type, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body });

describe('POST /api/admin/v1/distributions', () => {
  it('needs a distributions token, imports all or nothing, a bad row is a 422 with its line', async () => {
    const body = file([`${share.isinCode},2028-04-10,2028-04-11,2028-04-13,1.05,EUR`]);
    const before = await stored(share.isinCode);
    expect((await postDistributions(request(null, body))).status).toBe(401);
    expect((await postDistributions(request((await token('navs')).token, body))).status).toBe(403);
    expect(await stored(share.isinCode)).toEqual(before);

    const feed = await token('distributions', `Administrator feed ${run}`);
    const bad = await postDistributions(request(feed.token, file([`${share.isinCode},2028-04-10,2028-04-11,2028-04-13,1.05,EUR`, `${share.isinCode},2029-04-10,2029-04-11,2029-04-13,1.0500001,EUR`])));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid-file' }, errorCount: 1, errors: [{ line: 3, code: 'not-dividend-amount' }] });
    const wrong = await postDistributions(request(feed.token, file([`${share.isinCode},2028-04-10,2028-04-11,2028-04-13,1.05,EUR`, `${other.share.isinCode},2028-04-10,2028-04-11,2028-04-13,1.05,EUR`])));
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: [{ line: 3, code: 'not-distributing' }] });
    expect(await stored(share.isinCode)).toEqual(before);

    const res = await postDistributions(request(feed.token, body));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ outcome: 'changed', rows: 1, added: 1, written: 1 });
    expect((await stored(share.isinCode))[0]).toEqual(['2028-04-10', '2028-04-11', '2028-04-13', '1.050000', 'EUR']);
    const [entry] = await (await getDb()).select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'dividend'), eq(t.auditLog.actorId, feed.id))).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorType: 'token', actorId: feed.id, after: { source: 'import-api' } });
    expect(await (await postDistributions(request(feed.token, body))).json()).toMatchObject({ outcome: 'unchanged', written: 0, unchanged: 1 });
    expect((await postDistributions(request(feed.token, body, 'application/json'))).status).toBe(415);
    expect((await postDistributions(request(feed.token, `${DIVIDEND_HEADER}\n${'x'.repeat(2 * 1024 * 1024)}`))).status).toBe(413);
  });
});

const csv = (path: string, headers: Record<string, string> = {}) => {
  const [, , locale, , , fundSlug, isin, name] = path.split('/');
  return GET(new Request(`http://localhost${path}`, { headers }), { params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', isin: isin ?? '', file: name ?? '' }) });
};

describe('/e/{locale}/data/funds/{fund}/{ISIN}/distributions.csv', () => {
  it('is the rows of the share page\'s read, newest first, the same in every language', async () => {
    const db = await getDb();
    const rows = await shareDistributions(db, { id: await shareId(share.isinCode), fundSlug: fund.slug, slug: share.slug });
    if (!rows) throw new Error('a distributing share has its distributions');
    const res = await csv(`/e/en/data/funds/${fund.slug}/${share.isinCode}/distributions.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600, must-revalidate');
    expect(res.headers.get('content-disposition')).toContain(`${share.isinCode}-distributions.csv`);
    const text = await res.text();
    expect(text).toBe(distributionsCsv(rows).replace(/^\uFEFF/, ''));
    const [header, ...body] = parseCsv(text).filter((r) => r.length > 1);
    expect(header).toEqual(['ex_date', 'record_date', 'payment_date', 'amount', 'currency']);
    expect(body).toEqual(rows.map((r) => [r.exDate, r.recordDate, r.paymentDate, r.amount, r.currency]));
    expect(body.map((r) => r[0])).toEqual([...body.map((r) => r[0] as string)].sort().reverse());
    expect(body.length).toBeGreaterThan(5);
    expect(await (await csv(`/e/fr/data/funds/${fund.slug}/${share.isinCode}/distributions.csv`)).text()).toBe(text);
  });

  it('is 404 for an accumulation share, a share the visitor\'s country may not see, and bad parameters', async () => {
    expect((await csv(`/e/en/data/funds/${other.fund.slug}/${other.share.isinCode}/distributions.csv`)).status).toBe(404);
    // aurore-patrimoine is not registered in Switzerland.
    const hidden = `/e/en/data/funds/${fund.slug}/${share.isinCode}/distributions.csv`;
    expect((await csv(hidden, { cookie: 'investor_country=CH' })).status).toBe(404);
    expect((await csv(hidden, { cookie: 'investor_country=ES' })).status).toBe(200);
    for (const path of [`/e/en/data/funds/${fund.slug}/${share.isinCode.toLowerCase()}/distributions.csv`, `/e/en/data/funds/${fund.slug}/${share.isinCode}/dividends.csv`, `/e/en/data/funds/aurore-credit-euro/${share.isinCode}/distributions.csv`]) {
      expect((await csv(path)).status, path).toBe(404);
    }
  });
});
