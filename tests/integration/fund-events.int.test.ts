/**
 * A fund's events and notices (issue 34, docs/back-office.md "Fund events", docs/api.md "Fund
 * events"): through the approval door (proposed by an editor, nothing stored until a second person
 * approves; an event and its first notice PDF in one proposal; changed, given notices, deleted; bad
 * input refused with its codes) and through the import API's scope `events` (token scope, body
 * bounds, 404 for unknown ids). On a PostgreSQL shared by every test file, it reads only its own rows.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postEvent } from '../../src/app/api/admin/v1/events/route';
import { DELETE as deleteEventRoute, PUT as putEvent } from '../../src/app/api/admin/v1/events/[id]/route';
import { POST as postNotice } from '../../src/app/api/admin/v1/events/[id]/notices/route';
import type { TokenScope } from '../../src/domain/staff/roles';
import { withFileHash } from '../../src/server/approval/door';
import { approveChange, proposalById, proposalFile, type Person } from '../../src/server/approval/service';
import { saveChange } from '../../src/server/approval/door';
import { createApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { eventForStaff, eventsOfFund } from '../../src/server/events/staff-queries';
import { MAX_EVENT_JSON_BYTES } from '../../src/server/import-api/events';
import { sampleExe, samplePdf } from '../support/sample-documents';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const system = { type: 'system' as const, label: `fund events ${run}` };

type FundRow = { id: number; slug: string; shares: { id: number; isin: string; active: boolean }[] };
const fundsUsed: FundRow[] = [];

async function fundWithShares(): Promise<FundRow[]> {
  const db = await getDb();
  const rows = await db.select({ id: t.funds.id, slug: t.funds.slug }).from(t.funds).where(eq(t.funds.active, true)).orderBy(t.funds.id);
  const out: FundRow[] = [];
  for (const f of rows) {
    const shares = await db.select({ id: t.shares.id, isin: t.shares.isinCode, active: t.shares.active }).from(t.shares).where(and(eq(t.shares.fundId, f.id), eq(t.shares.active, true)));
    if (shares.length >= 2) out.push({ ...f, shares });
    if (out.length === 2) break;
  }
  return out;
}

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `events-${run}`));
  fundsUsed.push(...(await fundWithShares()));
  if (fundsUsed.length < 2) throw new Error('the demo has two active funds with two share classes each');
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

const values = (shareIds: number[], over: Record<string, unknown> = {}) => ({
  type: 'suspension',
  tool: '',
  shareIds: shareIds.map(String),
  announcedOn: '2026-11-20',
  effectiveOn: '2026-11-23',
  endsOn: '',
  title: { fr: `Suspension ${run}`, en: `Suspension ${run}`, es: '' },
  body: { fr: 'Les souscriptions et rachats sont suspendus.', en: 'Subscriptions and redemptions are suspended.' },
  ...over,
});

async function approve(outcome: Awaited<ReturnType<typeof saveChange>>): Promise<number> {
  if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(outcome)}`);
  const db = await getDb();
  expect(await approveChange(db, outcome.id, people.editor)).toEqual({ ok: false, error: 'own' });
  expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
  return outcome.id;
}

async function eventsTitled(fundId: number, title: string) {
  return (await eventsOfFund(await getDb(), fundId)).filter((e) => e.title.fr === title);
}

describe('fund events through the approval door', () => {
  it('an event and its first notice PDF in one proposal: nothing stored until approved, then both, audited', async () => {
    const db = await getDb();
    const fund = fundsUsed[0] as FundRow;
    const ids = fund.shares.map((s) => s.id);
    const pdf = samplePdf(`Avis ${run}`);
    const upload = withFileHash({ locale: 'fr', countries: ['lu', 'BE'], fileName: 'avis-suspension.pdf', bytes: pdf });
    const outcome = await saveChange(db, 'event.save', { fundId: fund.id, id: null, raw: values(ids), notice: upload.input }, people.editor, { file: upload.file, note: 'Suspension' });
    expect(outcome.mode).toBe('proposed');
    if (outcome.mode !== 'proposed') return;
    expect(await eventsTitled(fund.id, `Suspension ${run}`)).toEqual([]);
    // The reviewer reads the event: its share classes by ISIN, its texts per language, its notice.
    const proposal = await proposalById(db, outcome.id);
    expect(proposal).toMatchObject({ kind: 'event.save', area: 'funds', hasFile: true });
    const after = proposal?.after as Record<string, unknown>;
    expect(after).toMatchObject({ fund: fund.slug, type: 'suspension', effectiveOn: '2026-11-23', title: { fr: `Suspension ${run}` } });
    for (const share of fund.shares) expect(String(after.shares)).toContain(share.isin);
    expect(after.notices).toEqual({ 'fr · BE, LU': expect.stringContaining('avis-suspension.pdf') });
    // The proposed PDF downloads from the review screen under its own name.
    expect(await proposalFile(db, outcome.id)).toEqual({ bytes: expect.any(Uint8Array), fileName: 'avis-suspension.pdf' });

    await approve(outcome);
    const [event] = await eventsTitled(fund.id, `Suspension ${run}`);
    expect(event).toMatchObject({ type: 'suspension', tool: null, announcedOn: '2026-11-20', effectiveOn: '2026-11-23', endsOn: null });
    expect(event?.shares.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(event?.notices).toEqual([expect.objectContaining({ locale: 'fr', countries: ['BE', 'LU'], fileName: 'avis-suspension.pdf' })]);
    const [doc] = await db.select().from(t.documents).where(eq(t.documents.eventId, event?.id ?? -1));
    expect(doc).toMatchObject({ documentTypeCode: 'FUND_NOTICE', fundId: fund.id, shareId: null, locale: 'fr', published: true, publishedAt: '2026-11-20' });
    const audit = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'fund_event'), eq(t.auditLog.entityId, String(event?.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('changes an event, gives it a notice in another language and removes it, then deletes it: each once approved', async () => {
    const db = await getDb();
    const fund = fundsUsed[0] as FundRow;
    const first = fund.shares[0] as FundRow['shares'][number];
    const title = `Outil ${run}`;
    await approve(await saveChange(db, 'event.save', { fundId: fund.id, id: null, raw: values([first.id], { type: 'lmt-activated', tool: 'redemption-gate', title: { fr: title } }), notice: null }, people.editor));
    const [event] = await eventsTitled(fund.id, title);
    if (!event) throw new Error('event not stored');

    const update = values(
      fund.shares.map((s) => s.id),
      { type: 'lmt-activated', tool: 'redemption-gate', endsOn: '2026-12-01', title: { fr: title, es: `Herramienta ${run}` } },
    );
    const proposed = await saveChange(db, 'event.save', { fundId: fund.id, id: event.id, raw: update, notice: null }, people.editor);
    expect((await eventForStaff(db, event.id))?.endsOn).toBeNull();
    await approve(proposed);
    const changed = await eventForStaff(db, event.id);
    expect(changed).toMatchObject({ endsOn: '2026-12-01', title: { fr: title, es: `Herramienta ${run}` } });
    expect(changed?.shares).toHaveLength(fund.shares.length);
    // The same values again: nothing to propose.
    expect(await saveChange(db, 'event.save', { fundId: fund.id, id: event.id, raw: update, notice: null }, people.editor)).toEqual({ mode: 'unchanged' });
    // An event is reached from its own fund only.
    expect(await saveChange(db, 'event.save', { fundId: (fundsUsed[1] as FundRow).id, id: event.id, raw: update, notice: null }, people.editor)).toEqual({ mode: 'unknown' });

    const upload = withFileHash({ eventId: event.id, locale: 'en', countries: [], fileName: 'notice.pdf', bytes: samplePdf(`Notice ${run}`) });
    const attach = await saveChange(db, 'event.attach', upload.input, people.editor, { file: upload.file });
    expect((await eventForStaff(db, event.id))?.notices).toEqual([]);
    await approve(attach);
    const withNotice = await eventForStaff(db, event.id);
    expect(withNotice?.notices).toEqual([expect.objectContaining({ locale: 'en', countries: [], fileName: 'notice.pdf' })]);

    const noticeId = withNotice?.notices[0]?.id ?? -1;
    await approve(await saveChange(db, 'event.detach', { eventId: event.id, documentId: noticeId }, people.editor));
    expect((await eventForStaff(db, event.id))?.notices).toEqual([]);
    expect(await saveChange(db, 'event.detach', { eventId: event.id, documentId: noticeId }, people.editor)).toEqual({ mode: 'unknown' });

    const deletion = await saveChange(db, 'event.delete', { eventId: event.id }, people.editor);
    expect(await eventForStaff(db, event.id)).not.toBeNull();
    await approve(deletion);
    expect(await eventForStaff(db, event.id)).toBeNull();
    const audit = await db.select({ action: t.auditLog.action }).from(t.auditLog).where(and(eq(t.auditLog.entity, 'fund_event'), eq(t.auditLog.entityId, String(event.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses bad input with its codes, and stores nothing', async () => {
    const db = await getDb();
    const [fund, other] = fundsUsed as [FundRow, FundRow];
    // Its editor's proposals only: another file's proposals are not this test's to count.
    const proposals = () => db.$count(t.proposedChange, eq(t.proposedChange.authorId, people.editor.id));
    const before = await proposals();
    const bad = await saveChange(
      db,
      'event.save',
      { fundId: fund.id, id: null, raw: values([], { type: 'lmt-activated', endsOn: '2026-11-01', title: { en: 'No French' } }), notice: null },
      people.editor,
    );
    expect(bad).toEqual({ mode: 'invalid', problems: { fields: { tool: 'tool-required', shareIds: 'no-shares', endsOn: 'ends-before-effective', 'title.fr': 'required' } } });
    // A share class of another fund.
    expect(await saveChange(db, 'event.save', { fundId: fund.id, id: null, raw: values([other.shares[0]?.id ?? 0]), notice: null }, people.editor)).toEqual({
      mode: 'invalid',
      problems: { fields: { shareIds: 'unknown-share' } },
    });
    // A notice that is not a PDF, or in no language of the site.
    const exe = withFileHash({ locale: 'de', countries: [], fileName: 'avis.pdf', bytes: sampleExe() });
    expect(await saveChange(db, 'event.save', { fundId: fund.id, id: null, raw: values([fund.shares[0]?.id ?? 0]), notice: exe.input }, people.editor, { file: exe.file })).toEqual({
      mode: 'invalid',
      problems: { fields: { noticeFile: 'not-pdf' } },
    });
    const german = withFileHash({ locale: 'de', countries: ['XX'], fileName: 'avis.pdf', bytes: samplePdf() });
    expect(await saveChange(db, 'event.save', { fundId: fund.id, id: null, raw: values([fund.shares[0]?.id ?? 0]), notice: german.input }, people.editor, { file: german.file })).toEqual({
      mode: 'invalid',
      problems: { fields: { noticeLocale: 'bad-locale' } },
    });
    // No such fund.
    expect(await saveChange(db, 'event.save', { fundId: 999_999_999, id: null, raw: values([1]), notice: null }, people.editor)).toEqual({ mode: 'unknown' });
    expect(await proposals()).toBe(before);
  });
});

async function token(scope: TokenScope) {
  return (await createApiToken(await getDb(), { name: `${scope} ${run}`, scope, days: 30, createdBy: null }, system)).token;
}

const json = (method: string, path: string, bearer: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe('the import API scope events', () => {
  it('checks the scope, bounds the body, answers bad input and unknown ids, then creates, changes, adds a notice and deletes', async () => {
    const db = await getDb();
    const fund = fundsUsed[1] as FundRow;
    const [one, two] = fund.shares as [FundRow['shares'][number], FundRow['shares'][number]];
    const feed = await token('events');
    const navs = await token('navs');
    const event = { fund: fund.slug, type: 'merger', shares: [one.isin.toLowerCase()], announcedOn: '2026-11-25', effectiveOn: '2027-01-15', title: { fr: `Fusion ${run}` }, body: { fr: 'Le fonds sera absorbé.' } };

    const forbidden = await postEvent(json('POST', '/api/admin/v1/events', navs, event));
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect((await postEvent(new Request('http://localhost/api/admin/v1/events', { method: 'POST', body: '{}' }))).status).toBe(401);

    const wrongType = await postEvent(json('POST', '/api/admin/v1/events', feed, event, { 'content-type': 'text/plain' }));
    expect(wrongType.status).toBe(415);
    const tooLarge = await postEvent(json('POST', '/api/admin/v1/events', feed, { ...event, body: { fr: 'x'.repeat(MAX_EVENT_JSON_BYTES) } }));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('too-large');
    const notJson = await postEvent(json('POST', '/api/admin/v1/events', feed, '{"fund":'));
    expect(notJson.status).toBe(400);

    const invalid = await postEvent(json('POST', '/api/admin/v1/events', feed, { ...event, type: 'lmt-lifted', endsOn: '2027-01-01', title: {} }));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ error: { code: 'invalid-event' }, fields: { tool: 'tool-required', endsOn: 'ends-before-effective', 'title.fr': 'required' } });
    const noShares = await postEvent(json('POST', '/api/admin/v1/events', feed, { ...event, shares: [] }));
    expect(await noShares.json()).toMatchObject({ error: { code: 'invalid-event' }, fields: { shares: 'no-shares' } });
    const unknownFund = await postEvent(json('POST', '/api/admin/v1/events', feed, { ...event, fund: 'no-such-fund' }));
    expect(unknownFund.status).toBe(422);
    expect(((await unknownFund.json()) as { error: { code: string } }).error.code).toBe('unknown-fund');
    const otherIsin = (fundsUsed[0] as FundRow).shares[0]?.isin;
    const unknownIsin = await postEvent(json('POST', '/api/admin/v1/events', feed, { ...event, shares: [otherIsin] }));
    expect(await unknownIsin.json()).toMatchObject({ error: { code: 'unknown-isin' }, isins: [otherIsin] });
    expect(await eventsTitled(fund.id, `Fusion ${run}`)).toEqual([]);

    const created = await postEvent(json('POST', '/api/admin/v1/events', feed, event));
    expect(created.status).toBe(201);
    const { id, outcome } = (await created.json()) as { id: number; outcome: string };
    expect(outcome).toBe('created');
    expect((await eventForStaff(db, id))?.shares.map((s) => s.isin)).toEqual([one.isin]);

    const changed = await putEvent(json('PUT', `/api/admin/v1/events/${id}`, feed, { ...event, fund: undefined, shares: [one.isin, two.isin] }), params(String(id)));
    expect(await changed.json()).toEqual({ outcome: 'changed', id });
    expect((await eventForStaff(db, id))?.shares).toHaveLength(2);
    const again = await putEvent(json('PUT', `/api/admin/v1/events/${id}`, feed, { ...event, shares: [two.isin, one.isin] }), params(String(id)));
    expect(await again.json()).toEqual({ outcome: 'unchanged', id });
    const moved = await putEvent(json('PUT', `/api/admin/v1/events/${id}`, feed, { ...event, fund: (fundsUsed[0] as FundRow).slug }), params(String(id)));
    expect(moved.status).toBe(422);
    expect((await putEvent(json('PUT', '/api/admin/v1/events/999999999', feed, event), params('999999999'))).status).toBe(404);
    expect((await putEvent(json('PUT', '/api/admin/v1/events/abc', feed, event), params('abc'))).status).toBe(404);

    const pdf = (path: string, bytes: Uint8Array, bearer = feed) => new Request(`http://localhost${path}`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/pdf' }, body: bytes as Uint8Array<ArrayBuffer> });
    const noticePath = `/api/admin/v1/events/${id}/notices`;
    expect((await postNotice(pdf(`${noticePath}?locale=fr`, samplePdf(), navs), params(String(id)))).status).toBe(403);
    expect(await (await postNotice(pdf(`${noticePath}?locale=de`, samplePdf()), params(String(id)))).json()).toMatchObject({ error: { code: 'bad-language' } });
    expect(await (await postNotice(pdf(`${noticePath}?locale=fr&countries=BE,ZZ`, samplePdf()), params(String(id)))).json()).toMatchObject({ error: { code: 'unknown-country' } });
    expect(await (await postNotice(pdf(`${noticePath}?locale=fr`, sampleExe()), params(String(id)))).json()).toMatchObject({ error: { code: 'not-pdf' } });
    expect((await postNotice(pdf('/api/admin/v1/events/999999999/notices?locale=fr', samplePdf()), params('999999999'))).status).toBe(404);
    const notice = await postNotice(pdf(`${noticePath}?locale=fr&countries=be,lu`, samplePdf(`Fusion ${run}`)), params(String(id)));
    expect(notice.status).toBe(200);
    expect(await notice.json()).toMatchObject({ outcome: 'changed', replacedId: null });
    expect((await eventForStaff(db, id))?.notices).toEqual([expect.objectContaining({ locale: 'fr', countries: ['BE', 'LU'] })]);

    const deleted = await deleteEventRoute(new Request(`http://localhost/api/admin/v1/events/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${feed}` } }), params(String(id)));
    expect(await deleted.json()).toEqual({ outcome: 'deleted', id });
    expect(await eventForStaff(db, id)).toBeNull();
    expect(await db.select().from(t.documents).where(inArray(t.documents.eventId, [id]))).toEqual([]);
    expect((await deleteEventRoute(new Request(`http://localhost/api/admin/v1/events/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${feed}` } }), params(String(id)))).status).toBe(404);
    const audit = await db.select({ actorType: t.auditLog.actorType, action: t.auditLog.action }).from(t.auditLog).where(and(eq(t.auditLog.entity, 'fund_event'), eq(t.auditLog.entityId, String(id))));
    expect(audit.every((a) => a.actorType === 'token')).toBe(true);
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});
