/**
 * The registration matrix's back-office side (issue 21), on PGlite in `npm test` and on PostgreSQL
 * (scripts/postgres-integration.sh): the grid of a fund, the CSV import (preview, commit, the same
 * file twice, a bad row refusing the file), POST /api/admin/v1/registrations and its token scope,
 * country-restricted documents, and the countries' pages in the pages editor; each change audited.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as postDocuments } from '../../src/app/api/admin/v1/documents/route';
import { POST as postRegistrations } from '../../src/app/api/admin/v1/registrations/route';
import { readPageForm, textField, type PageSnapshot } from '../../src/domain/content/page-edit';
import { parseRegistrationCsv } from '../../src/domain/csv/registrations';
import type { TokenScope } from '../../src/domain/staff/roles';
import type { Actor } from '../../src/server/audit/record';
import { createApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { setDocumentCountries, uploadDocument } from '../../src/server/documents/commands';
import { savePage } from '../../src/server/pages/commands';
import { listPagesForStaff, listPageVersions, pageSnapshot } from '../../src/server/pages/staff-queries';
import { commitRegistrationImport, previewRegistrationImport, registrationGrid, saveRegistrationGrid } from '../../src/server/registrations/commands';
import { samplePdf } from '../support/sample-documents';

// Every actor of this file (editor, system, tokens) carries the run id: the audit entries it reads are its own.
const run = randomUUID().slice(0, 8);
const editor: Actor = { type: 'account', id: 'acc-editor', label: `editor-${run}@fundhouse.test` };
const system = { type: 'system', label: `registrations test ${run}` } as const;
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares[0];
const other = fund?.shares[1];
if (!fund || !share || !other) throw new Error('the demo has aurore-actions-europe with two share classes');

afterAll(async () => {
  // On PostgreSQL the files of a worker share its database: leave it as the seed made it.
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

async function ids() {
  const db = await getDb();
  const [f] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, fund?.slug ?? ''));
  const rows = await db.select({ id: t.shares.id, isin: t.shares.isinCode }).from(t.shares).where(inArray(t.shares.isinCode, [share?.isinCode ?? '', other?.isinCode ?? '']));
  const byIsin = new Map(rows.map((r) => [r.isin, r.id]));
  return { fundId: f?.id ?? -1, shareId: byIsin.get(share?.isinCode ?? '') ?? -1, otherId: byIsin.get(other?.isinCode ?? '') ?? -1 };
}

async function cells(shareIds: number[]) {
  const db = await getDb();
  const rows = await db.select().from(t.shareRegistrations).where(inArray(t.shareRegistrations.shareId, shareIds));
  return Object.fromEntries(rows.map((r) => [`${r.shareId}|${r.countryCode}|${r.investorProfile}`, [r.registeredOn, r.withdrawnOn]]));
}

const ours = like(t.auditLog.actorLabel, `%${run}%`);
const auditCount = async () => (await getDb()).$count(t.auditLog, ours);
async function lastAudit(entity: string) {
  const [entry] = await (await getDb()).select().from(t.auditLog).where(and(eq(t.auditLog.entity, entity), ours)).orderBy(desc(t.auditLog.id)).limit(1);
  return entry;
}

describe('the registration grid of a fund', () => {
  it('registers and withdraws the changed cells in one audited transaction; the same grid again changes nothing', async () => {
    const db = await getDb();
    const { fundId, shareId, otherId } = await ids();
    await db.delete(t.shareRegistrations).where(inArray(t.shareRegistrations.shareId, [shareId, otherId]));
    const grid = await registrationGrid(db, fundId);
    expect(grid?.shares.map((s) => s.id)).toEqual(expect.arrayContaining([shareId, otherId]));
    expect(grid?.countries.map((c) => c.code)).toEqual(expect.arrayContaining(['FR', 'ES', 'CH']));

    // The fund's other share classes keep the cells the demo registered them for (the grid posts every ticked cell).
    const keep = Object.entries(grid?.cells ?? {})
      .filter(([key, dates]) => dates.withdrawnOn === null && !key.startsWith(`${shareId}|`) && !key.startsWith(`${otherId}|`))
      .map(([key]) => key);
    const ticked = [...keep, `${shareId}|FR|RETAIL`, `${shareId}|ES|RETAIL`, `${otherId}|CH|INSTIT`, '999999|FR|RETAIL', `${shareId}|XX|RETAIL`];
    const before = await auditCount();
    expect(await saveRegistrationGrid(db, fundId, ticked, '2025-01-02', editor)).toEqual({ ok: true, changed: 3, registered: 3, withdrawn: 0 });
    expect(await cells([shareId, otherId])).toEqual({
      [`${shareId}|FR|RETAIL`]: ['2025-01-02', null],
      [`${shareId}|ES|RETAIL`]: ['2025-01-02', null],
      [`${otherId}|CH|INSTIT`]: ['2025-01-02', null],
    });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit('share_registration')).toMatchObject({
      actorType: 'account',
      actorLabel: editor.label,
      entityId: fund.slug,
      action: 'update',
      after: { source: 'grid', date: '2025-01-02', cells: expect.arrayContaining([{ isin: share.isinCode, country: 'ES', profile: 'RETAIL', registeredOn: '2025-01-02', withdrawnOn: null }]) },
    });

    expect(await saveRegistrationGrid(db, fundId, ticked, '2025-03-04', editor)).toEqual({ ok: true, changed: 0, registered: 0, withdrawn: 0 });
    expect(await auditCount()).toBe(before + 1);

    // Spain unticked: withdrawn on the date, the row kept with both dates.
    const withoutSpain = ticked.filter((k) => k !== `${shareId}|ES|RETAIL`);
    expect(await saveRegistrationGrid(db, fundId, withoutSpain, '2025-06-30', editor)).toEqual({ ok: true, changed: 1, registered: 0, withdrawn: 1 });
    expect((await cells([shareId]))[`${shareId}|ES|RETAIL`]).toEqual(['2025-01-02', '2025-06-30']);
    expect(await lastAudit('share_registration')).toMatchObject({ before: { cells: [{ country: 'ES', registeredOn: '2025-01-02', withdrawnOn: null }] }, after: { cells: [{ country: 'ES', withdrawnOn: '2025-06-30' }] } });
  });

  it('refuses a withdrawal dated before the registration, and a bad date, changing nothing', async () => {
    const db = await getDb();
    const { fundId, shareId } = await ids();
    const before = await cells([shareId]);
    const count = await auditCount();
    const result = await saveRegistrationGrid(db, fundId, [], '2024-12-31', editor);
    expect(result).toMatchObject({ ok: false, error: 'cells', cells: expect.arrayContaining([{ shareId, isin: share.isinCode, country: 'FR', profile: 'RETAIL', error: 'withdrawn-before-registered' }]) });
    expect(await saveRegistrationGrid(db, fundId, [], '31/12/2025', editor)).toEqual({ ok: false, error: 'bad-date' });
    expect(await saveRegistrationGrid(db, 987654, [], '2025-12-31', editor)).toEqual({ ok: false, error: 'unknown-fund' });
    expect(await cells([shareId])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });
});

const file = (rows: string[]) => ['isin,country,investor_profile,status,date', ...rows].join('\n') + '\n';

describe('the registration CSV import', () => {
  it('previews without writing, commits in one audited transaction, and the same file twice changes nothing', async () => {
    const db = await getDb();
    const { shareId, otherId } = await ids();
    await db.delete(t.shareRegistrations).where(inArray(t.shareRegistrations.shareId, [shareId, otherId]));
    const text = file([`${share.isinCode},FR,RETAIL,registered,2024-01-02`, `${share.isinCode},LU,RETAIL,registered,2024-01-02`, `${other.isinCode},CH,INSTIT,registered,2024-02-01`]);
    const parsed = parseRegistrationCsv(text);
    if (!parsed.ok) throw new Error('parse');
    const count = await auditCount();
    const preview = await previewRegistrationImport(db, parsed.rows);
    expect(preview).toMatchObject({ ok: true, rows: 3, registered: 3, withdrawn: 0, unchanged: 0 });
    expect(await cells([shareId, otherId])).toEqual({});

    expect(await commitRegistrationImport(db, parsed.rows, editor, { source: 'back-office:matrix.csv' })).toMatchObject({ ok: true, written: 3, registered: 3 });
    expect(await auditCount()).toBe(count + 1);
    expect(await lastAudit('share_registration')).toMatchObject({ action: 'import', after: { source: 'back-office:matrix.csv', rows: 3, registered: 3 } });
    const stored = await cells([shareId, otherId]);

    expect(await commitRegistrationImport(db, parsed.rows, editor)).toMatchObject({ ok: true, written: 0, unchanged: 3 });
    expect(await cells([shareId, otherId])).toEqual(stored);
    expect(await auditCount()).toBe(count + 1);

    // A withdrawal, then the same withdrawal again.
    const withdraw = parseRegistrationCsv(file([`${share.isinCode},LU,RETAIL,withdrawn,2025-05-31`]));
    if (!withdraw.ok) throw new Error('parse');
    expect(await commitRegistrationImport(db, withdraw.rows, editor)).toMatchObject({ ok: true, written: 1, withdrawn: 1 });
    expect(await commitRegistrationImport(db, withdraw.rows, editor)).toMatchObject({ ok: true, written: 0, unchanged: 1 });
    expect((await cells([shareId]))[`${shareId}|LU|RETAIL`]).toEqual(['2024-01-02', '2025-05-31']);
  });

  it('refuses the whole file for one bad row, naming its line: nothing is written', async () => {
    const db = await getDb();
    const { shareId, otherId } = await ids();
    const before = await cells([shareId, otherId]);
    const count = await auditCount();
    const parsed = parseRegistrationCsv(
      file([`${share.isinCode},ES,RETAIL,registered,2025-01-01`, `FR0000000000,ES,RETAIL,registered,2025-01-01`, `${other.isinCode},ZZ,RETAIL,registered,2025-01-01`, `${other.isinCode},ES,NOBODY,registered,2025-01-01`]),
    );
    if (!parsed.ok) throw new Error('parse');
    const result = await commitRegistrationImport(db, parsed.rows, editor);
    expect(result).toMatchObject({ ok: false });
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'unknown-isin'],
      [4, 'unknown-country'],
      [5, 'unknown-profile'],
    ]);
    const never = parseRegistrationCsv(file([`${share.isinCode},ES,RETAIL,registered,2025-01-01`, `${other.isinCode},GB,CGP,withdrawn,2025-01-01`]));
    if (!never.ok) throw new Error('parse');
    expect(await commitRegistrationImport(db, never.rows, editor)).toMatchObject({ ok: false, errors: [{ line: 3, code: 'withdraw-unregistered' }] });
    expect(await cells([shareId, otherId])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });
});

async function token(scope: TokenScope, name = `${scope} feed ${run}`) {
  return createApiToken(await getDb(), { name, scope, days: 30, createdBy: null }, system);
}
const request = (bearer: string | null, body: string, type = 'text/csv') =>
  new Request('http://localhost/api/admin/v1/registrations', { method: 'POST', headers: { 'content-type': type, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body });

describe('POST /api/admin/v1/registrations', () => {
  it('needs a registrations token: none 401, another scope 403, and nothing is written', async () => {
    const { shareId } = await ids();
    const before = await cells([shareId]);
    const body = file([`${share.isinCode},BE,CGP,registered,2025-02-03`]);
    const none = await postRegistrations(request(null, body));
    expect(none.status).toBe(401);
    const navs = await token('navs');
    const wrong = await postRegistrations(request(navs.token, body));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: 'forbidden' } });
    const documents = await token('documents');
    expect((await postRegistrations(request(documents.token, body))).status).toBe(403);
    expect(await cells([shareId])).toEqual(before);
  });

  it('imports with a registrations token, audited as the token; the same file twice is unchanged; a bad row is a 422 with its line', async () => {
    const { shareId } = await ids();
    const feed = await token('registrations', `Distribution feed ${run}`);
    const body = file([`${share.isinCode},BE,CGP,registered,2025-02-03`, `${share.isinCode},GB,INSTIT,registered,2025-02-03`]);
    const res = await postRegistrations(request(feed.token, body));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ outcome: 'changed', rows: 2, registered: 2, written: 2 });
    expect(await lastAudit('share_registration')).toMatchObject({ actorType: 'token', actorId: feed.id, actorLabel: `Distribution feed ${run}`, action: 'import', after: { source: 'import-api' } });
    const count = await auditCount();
    const again = await postRegistrations(request(feed.token, body));
    expect(await again.json()).toMatchObject({ outcome: 'unchanged', written: 0, unchanged: 2 });
    expect(await auditCount()).toBe(count);

    const bad = await postRegistrations(request(feed.token, file([`${share.isinCode},BE,CGP,withdrawn,2025-03-01`, `${share.isinCode},Belgium,CGP,registered,2025-02-03`])));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid-file' }, errorCount: 1, errors: [{ line: 3, code: 'not-country' }] });
    expect((await cells([shareId]))[`${shareId}|BE|CGP`]).toEqual(['2025-02-03', null]);

    expect((await postRegistrations(request(feed.token, body, 'application/json'))).status).toBe(415);
    const huge = await postRegistrations(request(feed.token, `isin,country,investor_profile,status,date\n${'x'.repeat(3 * 1024 * 1024)}`));
    expect(huge.status).toBe(413);
    expect(await auditCount()).toBe(count);
  });
});

describe('country-restricted documents', () => {
  it('stores, changes and audits the countries of a document; an unknown country is refused; the API keeps them when it does not say', async () => {
    const db = await getDb();
    const { shareId } = await ids();
    const pdf = samplePdf('Swiss representative');
    const uploaded = await uploadDocument(db, { owner: { shareId }, typeCode: 'PROSPECTUS', locale: 'fr', publishedAt: '2025-04-01', fileName: 'ch.pdf', bytes: pdf, countries: ['ch'] }, editor);
    if (!uploaded.ok) throw new Error(uploaded.error);
    const [row] = await db.select({ countries: t.documents.countries }).from(t.documents).where(eq(t.documents.id, uploaded.id));
    expect(row?.countries).toEqual(['CH']);
    expect(await uploadDocument(db, { owner: { shareId }, typeCode: 'PROSPECTUS', locale: 'fr', publishedAt: '2025-04-01', fileName: 'ch.pdf', bytes: pdf, countries: ['CH', 'XX'] }, editor)).toEqual({ ok: false, error: 'unknown-country' });

    expect(await setDocumentCountries(db, uploaded.id, ['CH', 'LU'], editor)).toEqual({ ok: true, changed: true });
    expect(await lastAudit('document')).toMatchObject({ entityId: String(uploaded.id), action: 'restrict', before: { countries: ['CH'] }, after: { countries: ['CH', 'LU'] } });
    expect(await setDocumentCountries(db, uploaded.id, ['LU', 'CH'], editor)).toEqual({ ok: true, changed: false });
    expect(await setDocumentCountries(db, uploaded.id, ['NOPE'], editor)).toEqual({ ok: false, error: 'unknown-country' });
    expect(await setDocumentCountries(db, 99999999, [], editor)).toEqual({ ok: false, error: 'unknown-document' });

    // The same file through the API, without `countries`: unchanged, still restricted.
    const feed = await token('documents');
    const form = new FormData();
    for (const [k, v] of Object.entries({ isin: share.isinCode, type: 'PROSPECTUS', language: 'fr', date: '2025-04-01', title: 'Prospectus - ch' })) form.set(k, v);
    const [current] = await db.select({ title: t.documents.title }).from(t.documents).where(eq(t.documents.id, uploaded.id));
    form.set('title', current?.title ?? '');
    form.set('file', new File([pdf as Uint8Array<ArrayBuffer>], 'ch.pdf', { type: 'application/pdf' }));
    const res = await postDocuments(new Request('http://localhost/api/admin/v1/documents', { method: 'POST', headers: { authorization: `Bearer ${feed.token}` }, body: form }));
    expect(await res.json()).toMatchObject({ outcome: 'unchanged', id: uploaded.id });
    const [after] = await db.select({ countries: t.documents.countries }).from(t.documents).where(eq(t.documents.id, uploaded.id));
    expect(after?.countries).toEqual(['CH', 'LU']);
  });
});

describe('the countries’ pages in the pages editor', () => {
  it('lists a country-XX page with its country, and edits it with its history', async () => {
    const db = await getDb();
    await db.delete(t.pages).where(eq(t.pages.code, 'country-CH'));
    await db.insert(t.pages).values({ code: 'country-CH', title: { fr: 'Informations pour les investisseurs en Suisse', en: 'Information for investors in Switzerland' }, description: { fr: 'Suisse' }, position: 90 });
    const [component] = await db.insert(t.pageComponents).values({ pageCode: 'country-CH', code: 'facilities', position: 0 }).returning({ id: t.pageComponents.id });
    await db.insert(t.componentTexts).values({ componentId: component?.id ?? -1, code: 'main', position: 0, content: { fr: 'Représentant : Banque Exemple, Genève.' } });

    const listed = (await listPagesForStaff(db)).find((p) => p.code === 'country-CH');
    expect(listed?.country).toEqual({ code: 'CH', title: { fr: 'Suisse', en: 'Switzerland', es: 'Suiza' } });
    expect((await listPagesForStaff(db)).find((p) => p.code === 'legal-notices')?.country).toBeNull();

    const snapshot = (await pageSnapshot(db, 'country-CH')) as PageSnapshot;
    const values = new Map<string, string>([
      ['title.fr', snapshot.title.fr ?? ''],
      ['title.en', snapshot.title.en ?? ''],
      ['description.fr', 'Suisse'],
      [`${textField('facilities', 'main')}.fr`, 'Représentant : Banque Exemple, Genève.'],
      [`${textField('facilities', 'main')}.en`, 'Representative: Example Bank, Geneva.'],
    ]);
    const { snapshot: edited, errors } = readPageForm({ get: (n) => values.get(n) ?? '', getAll: (n) => (values.has(n) ? [values.get(n) ?? ''] : []) }, snapshot);
    expect(errors).toEqual({});
    expect(await savePage(db, 'country-CH', edited, editor)).toMatchObject({ ok: true, changed: true });
    expect((await pageSnapshot(db, 'country-CH'))?.components[0]?.texts[0]?.content.en).toBe('Representative: Example Bank, Geneva.');
    expect((await listPageVersions(db, 'country-CH')).length).toBe(2);
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'page'), eq(t.auditLog.entityId, 'country-CH'), eq(t.auditLog.actorLabel, editor.label)));
    expect(entry).toBeDefined();
  });
});
