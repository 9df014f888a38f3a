/**
 * Four eyes (issue 22, docs/approval.md) on the real database (PGlite in `npm test`, PostgreSQL in
 * CI): a save under the default policy waits and the public site keeps the approved state; approval
 * publishes through the same command; nobody approves their own change whatever their role; a
 * change made on a state that has changed since is refused; APPROVAL_REQUIRED empty publishes at
 * once; the import API publishes directly; effective dates; every step in the audit log; mails.
 * On a PostgreSQL shared by every test file, it reads only its own rows (its accounts, its proposals).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postDocuments } from '../../src/app/api/admin/v1/documents/route';
import { APPROVAL_AREAS } from '../../src/domain/staff/approval';
import { textField, readPageForm, type PageSnapshot } from '../../src/domain/content/page-edit';
import { ROLES, type Role } from '../../src/domain/staff/roles';
import { env, parseEnv } from '../../src/env';
import { approveChange, proposalById, publishDueProposals, rejectChange, requiresApproval, sendReviewDigest, withdrawChange, type Person } from '../../src/server/approval/service';
import { saveChange } from '../../src/server/approval/door';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { createApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { pageSnapshot } from '../../src/server/pages/staff-queries';
import { registrationGrid } from '../../src/server/registrations/commands';
import { getPage } from '../../src/server/site/queries';
import { samplePdf } from '../support/sample-documents';

const run = randomUUID().slice(0, 8);
const people = {} as Record<Role, Person & { email: string }>;
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares[1];
if (!fund || !share) throw new Error('the demo has aurore-actions-europe with two share classes');

beforeAll(async () => {
  const db = await getDb();
  for (const role of ROLES) {
    const email = `approval-${role}-${run}@fundhouse.test`;
    const created = await createStaffAccount(db, { email, role, password: 'a long enough password' }, { type: 'system', label: 'approval test' });
    if (!created.ok) throw new Error(`account ${role}: ${created.error}`);
    const [row] = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(eq(t.staffUser.email, email));
    if (!row) throw new Error('account missing');
    people[role] = { id: row.id, label: email, email };
  }
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

/** The Spanish text of the legal notices' host, as the public page shows it. */
async function publicHostEs(): Promise<string | undefined> {
  const page = await getPage('es', 'legal-notices');
  return page?.components.find((c) => c.code === 'host')?.texts.find((x) => x.code === 'text')?.content;
}

/** The legal notices as the form would post them, with the Spanish host text changed. */
async function legalNoticesWithHost(text: string): Promise<PageSnapshot> {
  const db = await getDb();
  const current = await pageSnapshot(db, 'legal-notices');
  if (!current) throw new Error('the seeded legal notices are missing');
  const values = new Map<string, string>();
  for (const l of ['fr', 'en', 'es'] as const) {
    values.set(`title.${l}`, current.title[l] ?? '');
    values.set(`description.${l}`, current.description[l] ?? '');
    for (const c of current.components) for (const x of c.texts) values.set(`${textField(c.code, x.code)}.${l}`, x.content[l] ?? '');
  }
  values.set(`${textField('host', 'text')}.es`, text);
  const { snapshot, errors } = readPageForm({ get: (n) => values.get(n) ?? '', getAll: (n) => (values.has(n) ? [values.get(n) ?? ''] : []) }, current);
  expect(errors).toEqual({});
  return snapshot;
}

async function proposalAudit(id: number) {
  const db = await getDb();
  const rows = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'proposal'), eq(t.auditLog.entityId, String(id)))).orderBy(t.auditLog.id);
  return rows.map((r) => [r.action, r.actorLabel]);
}

async function propose(author: Person, text: string, options: { areas?: readonly (typeof APPROVAL_AREAS)[number][]; effectiveAt?: Date } = {}) {
  const outcome = await saveChange(await getDb(), 'page.save', { code: 'legal-notices', snapshot: await legalNoticesWithHost(text) }, author, { note: `test ${run}`, ...options });
  return outcome;
}

describe('approval policy', () => {
  it('requires approval in every area by default, in none when APPROVAL_REQUIRED is empty, and refuses an unknown area', () => {
    expect(parseEnv({}).APPROVAL_REQUIRED).toEqual([...APPROVAL_AREAS]);
    expect(parseEnv({ APPROVAL_REQUIRED: '' }).APPROVAL_REQUIRED).toEqual([]);
    expect(() => parseEnv({ APPROVAL_REQUIRED: 'pages,navs' })).toThrow(/APPROVAL_REQUIRED/);
    // This test process sets no APPROVAL_REQUIRED: the default is what it runs with.
    expect(process.env.APPROVAL_REQUIRED).toBeUndefined();
    expect(env().APPROVAL_REQUIRED).toEqual([...APPROVAL_AREAS]);
    for (const area of APPROVAL_AREAS) expect(requiresApproval(area)).toBe(true);
  });
});

describe('four eyes', () => {
  it('keeps the public page until a compliance officer approves, then publishes through the page command, every step audited', async () => {
    const db = await getDb();
    const before = await publicHostEs();
    const text = `Alojado por Nube ${run}.`;
    const outcome = await propose(people.editor, text);
    expect(outcome.mode).toBe('proposed');
    if (outcome.mode !== 'proposed') return;
    expect(await publicHostEs()).toBe(before);

    const approved = await approveChange(db, outcome.id, people.compliance, 'Conforme.');
    expect(approved).toEqual({ ok: true, status: 'published' });
    expect(await publicHostEs()).toBe(text);
    expect(await proposalById(db, outcome.id)).toMatchObject({ status: 'published', reviewerLabel: people.compliance.label, comment: 'Conforme.' });

    expect(await proposalAudit(outcome.id)).toEqual([
      ['propose', people.editor.label],
      ['approve', people.compliance.label],
      ['publish', 'approval'],
    ]);
    // The page's own audit entry names the author and the approver.
    const [pageEntry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'page'), eq(t.auditLog.entityId, 'legal-notices'), eq(t.auditLog.actorId, people.editor.id))).orderBy(desc(t.auditLog.id)).limit(1);
    expect(pageEntry?.actorLabel).toBe(`${people.editor.label} (approved by ${people.compliance.label})`);
    // The author is told, through the outbox, as staff mail.
    const mails = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, people.editor.email));
    expect(mails.map((m) => m.kind)).toEqual(['review']);
  });

  it('refuses self-approval and self-rejection for every role, admins included; the change stays pending', async () => {
    const db = await getDb();
    for (const role of ROLES) {
      const outcome = await propose(people[role], `Propuesta de ${role} ${run}.`);
      expect(outcome.mode, role).toBe('proposed');
      if (outcome.mode !== 'proposed') continue;
      expect(await approveChange(db, outcome.id, people[role]), role).toEqual({ ok: false, error: 'own' });
      expect(await rejectChange(db, outcome.id, people[role], 'no'), role).toEqual({ ok: false, error: 'own' });
      expect((await proposalById(db, outcome.id))?.status, role).toBe('pending');
      expect(await proposalAudit(outcome.id), role).toEqual([
        ['propose', people[role].label],
        ['approve-refused', people[role].label],
      ]);
      await withdrawChange(db, outcome.id, people[role]);
    }
  });

  it('flags a change made on a state that has changed since, and refuses to approve it', async () => {
    const db = await getDb();
    const first = await propose(people.editor, `Primera ${run}.`);
    const second = await propose(people.data, `Segunda ${run}.`);
    if (first.mode !== 'proposed' || second.mode !== 'proposed') throw new Error('both are proposals');
    expect((await proposalById(db, second.id))?.conflicting).toBe(false);
    expect(await approveChange(db, first.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect((await proposalById(db, second.id))?.conflicting).toBe(true);
    expect(await approveChange(db, second.id, people.admin)).toEqual({ ok: false, error: 'conflict' });
    expect((await proposalById(db, second.id))?.status).toBe('pending');
    expect(await publicHostEs()).toBe(`Primera ${run}.`);
    // It may still be rejected, with a comment, and goes back to its author.
    expect(await rejectChange(db, second.id, people.compliance, '')).toEqual({ ok: false, error: 'comment' });
    expect(await rejectChange(db, second.id, people.compliance, 'Rehágala sobre el texto nuevo.')).toEqual({ ok: true, status: 'rejected' });
    expect(await proposalById(db, second.id)).toMatchObject({ status: 'rejected', comment: 'Rehágala sobre el texto nuevo.' });
    expect(await withdrawChange(db, second.id, people.editor)).toEqual({ ok: false, error: 'not-author' });
    expect(await withdrawChange(db, second.id, people.data)).toEqual({ ok: true, status: 'withdrawn' });
    expect(await proposalAudit(second.id)).toEqual([
      ['propose', people.data.label],
      ['reject', people.compliance.label],
      ['withdraw', people.data.label],
    ]);
  });

  it('amending (proposing the same target again) withdraws the author’s earlier change', async () => {
    const db = await getDb();
    const first = await propose(people.editor, `Borrador uno ${run}.`);
    const second = await propose(people.editor, `Borrador dos ${run}.`);
    if (first.mode !== 'proposed' || second.mode !== 'proposed') throw new Error('both are proposals');
    expect((await proposalById(db, first.id))?.status).toBe('withdrawn');
    expect((await proposalById(db, second.id))?.status).toBe('pending');
    expect((await proposalAudit(first.id)).map(([a]) => a)).toEqual(['propose', 'amend']);
    await withdrawChange(db, second.id, people.editor);
  });

  it('with APPROVAL_REQUIRED empty, a save publishes at once as today and stores no proposal', async () => {
    const db = await getDb();
    // The editor's own proposals: another file's proposals are not this test's to count.
    const proposals = () => db.$count(t.proposedChange, eq(t.proposedChange.authorId, people.editor.id));
    const before = await proposals();
    const outcome = await propose(people.editor, `Al instante ${run}.`, { areas: [] });
    expect(outcome).toMatchObject({ mode: 'published', changed: true, result: { ok: true, changed: true } });
    expect(await publicHostEs()).toBe(`Al instante ${run}.`);
    expect(await proposals()).toBe(before);
  });
});

describe('effective dates and the import API', () => {
  it('publishes an approved KID at its effective date, not before', async () => {
    const db = await getDb();
    const kid = samplePdf(`KID ${run}`);
    const outcome = await saveChange(
      db,
      'document.upload',
      { owner: { shareId: (await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, share.isinCode)))[0]?.id ?? -1 }, typeCode: 'KIID', locale: 'fr', publishedAt: '2027-01-01', fileName: 'kid.pdf', published: true, sha256: createHash('sha256').update(kid).digest('hex'), size: kid.byteLength },
      people.data,
      { effectiveAt: new Date(Date.now() + 3_600_000), file: kid },
    );
    if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${outcome.mode}`);
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'approved' });
    const current = () => db.select({ publishedAt: t.documents.publishedAt }).from(t.documents).innerJoin(t.shares, eq(t.shares.id, t.documents.shareId)).where(and(eq(t.shares.isinCode, share.isinCode), eq(t.documents.documentTypeCode, 'KIID'), eq(t.documents.locale, 'fr'), eq(t.documents.publishedAt, '2027-01-01')));
    expect(await publishDueProposals(db)).toBe(0);
    expect(await current()).toEqual([]);
    // Its time comes.
    await db.update(t.proposedChange).set({ effectiveAt: sql`now() - interval '1 second'` }).where(eq(t.proposedChange.id, outcome.id));
    expect(await publishDueProposals(db)).toBe(1);
    expect(await current()).toHaveLength(1);
    expect(await proposalById(db, outcome.id)).toMatchObject({ status: 'published', hasFile: false });
    expect((await proposalAudit(outcome.id)).map(([a]) => a)).toEqual(['propose', 'approve', 'publish']);
  });

  it('lets the import API publish a document directly under the default policy', async () => {
    expect(requiresApproval('documents')).toBe(true);
    const db = await getDb();
    const feed = await createApiToken(db, { name: `approval feed ${run}`, scope: 'documents', days: 30, createdBy: null }, { type: 'system', label: 'approval test' });
    const form = new FormData();
    for (const [k, v] of Object.entries({ isin: share.isinCode, type: 'KIID', language: 'en', date: '2027-02-02' })) form.set(k, v);
    form.set('file', new File([samplePdf(`feed ${run}`) as Uint8Array<ArrayBuffer>], 'kid.pdf', { type: 'application/pdf' }));
    // A proposal made for the token would carry its name (run-unique) as its author.
    const proposals = () => db.$count(t.proposedChange, eq(t.proposedChange.authorLabel, `approval feed ${run}`));
    const before = await proposals();
    const res = await postDocuments(new Request('http://localhost/api/admin/v1/documents', { method: 'POST', headers: { authorization: `Bearer ${feed.token}` }, body: form }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'changed' });
    expect(await proposals()).toBe(before);
  });
});

describe('approvers’ digest', () => {
  it('mails compliance officers and admins once per 15 minutes, not about their own changes', async () => {
    const db = await getDb();
    // Earlier digests of this database are older than the window (its own rows only exist here).
    await db.update(t.proposedChange).set({ notifiedAt: sql`now() - interval '1 hour'` }).where(sql`${t.proposedChange.notifiedAt} is not null`);
    const outcome = await propose(people.compliance, `Del oficial ${run}.`);
    if (outcome.mode !== 'proposed') throw new Error('proposal expected');
    expect(await sendReviewDigest(db)).toBeGreaterThan(0);
    const recipients = [people.compliance.email, people.admin.email, people.editor.email];
    // Digest subjects carry no colon (the approved and rejected mails do).
    const mails = await db.select().from(t.mailOutbox).where(and(inArray(t.mailOutbox.to, recipients), eq(t.mailOutbox.kind, 'review'), sql`${t.mailOutbox.subject} not like '%:%'`));
    const to = mails.map((m) => m.to).sort();
    // The admin is told; the compliance officer only if another change than their own waits; never the editor.
    expect(to).toContain(people.admin.email);
    expect(to).not.toContain(people.editor.email);
    expect(mails.find((m) => m.to === people.admin.email)?.text).toContain(`/admin/reviews/${outcome.id}`);
    // A second change within the window: no second digest yet.
    const later = await propose(people.editor, `Más tarde ${run}.`);
    expect(later.mode).toBe('proposed');
    expect(await sendReviewDigest(db)).toBe(0);
  });
});

describe('the registration matrix under approval', () => {
  it('a grid save waits for a second person; approved, the matrix changes through the grid command; a stale proposal conflicts', async () => {
    const db = await getDb();
    const [row] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, 'aurore-actions-europe'));
    if (!row) throw new Error('the demo fund is missing');
    const grid = await registrationGrid(db, row.id);
    if (!grid) throw new Error('no grid');
    const shareId = grid.shares[0]?.id as number;
    const key = `${shareId}|GB|CGP`;
    const active = (k: string) => grid.cells[k] !== undefined && grid.cells[k]?.withdrawnOn === null;
    const ticked = Object.keys(grid.cells).filter(active);
    const wasOn = active(key);
    const wanted = wasOn ? ticked.filter((k) => k !== key) : [...ticked, key];

    const key2 = `${shareId}|GB|INSTIT`;
    const other = active(key2) ? ticked.filter((k) => k !== key2) : [...ticked, key2];
    const outcome = await saveChange(db, 'registration.grid', { fundId: row.id, ticked: wanted, date: '2026-11-20' }, people.editor, { note: `grid ${run}` });
    // Another person's change of the same grid, made on the same state.
    const stale = await saveChange(db, 'registration.grid', { fundId: row.id, ticked: other, date: '2026-11-21' }, people.admin);
    expect(outcome.mode).toBe('proposed');
    expect(stale.mode).toBe('proposed');
    if (outcome.mode !== 'proposed' || stale.mode !== 'proposed') return;
    // Nothing changed yet; the review shows the cell's change in words.
    expect((await registrationGrid(db, row.id))?.cells[key]).toEqual(grid.cells[key]);
    const proposal = await proposalById(db, outcome.id);
    const isin = grid.shares[0]?.isin as string;
    expect(JSON.stringify(proposal?.after)).toContain(`${isin} · GB · CGP`);
    expect(await approveChange(db, outcome.id, people.editor)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    const now = (await registrationGrid(db, row.id))?.cells[key];
    expect(now?.withdrawnOn === null).toBe(!wasOn);
    // The other change was made on the matrix before that approval: it conflicts and is not applied.
    expect(await approveChange(db, stale.id, people.compliance)).toEqual({ ok: false, error: 'conflict' });
    expect((await registrationGrid(db, row.id))?.cells[key2]).toEqual(grid.cells[key2]);

    // Back as it was, approved by another person.
    const back = await saveChange(db, 'registration.grid', { fundId: row.id, ticked, date: '2026-11-22' }, people.admin);
    if (back.mode !== 'proposed') throw new Error(`expected a proposal, got ${back.mode}`);
    expect(await approveChange(db, back.id, people.compliance)).toEqual({ ok: true, status: 'published' });
  });
});
