/**
 * The one door (issue 31, decision 037, docs/approval.md): with approval required for every area,
 * the ways round the second person that the actions' own decisions left are closed at the door:
 * taking a published article back to draft, swapping an article's PDF after its publication was
 * submitted, the back-office's CSV files (a corrected NAV, a withdrawn registration), a superseded
 * document the archive serves, and an approved change whose publication never happened or failed.
 * On a PostgreSQL shared by every test file, it reads only its own rows.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNavCsv } from '../../src/domain/csv/navs';
import { parseRegistrationCsv } from '../../src/domain/csv/registrations';
import { readNewsInput } from '../../src/domain/news/input';
import { saveChange, withFileHash } from '../../src/server/approval/door';
import { approveChange, isConflicting, proposalById, publishDueProposals, RETRY_MINUTES, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { seedDemo } from '../../src/server/db/seed/seed';
import { uploadDocument } from '../../src/server/documents/commands';
import { createNews } from '../../src/server/news/commands';
import { newsDocumentState, uploadNewsDocument } from '../../src/server/news/documents';
import { newsArticle } from '../support/news-articles';
import { samplePdf } from '../support/sample-documents';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance' | 'data', Person>;
const system = { type: 'system' as const, label: `approval door ${run}` };
const ALL = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance', 'data'] as const, `door-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

const publishedArticle = (title: string) => newsArticle(title, 'published', system);

const statusOf = async (id: number) => (await (await getDb()).select({ status: t.news.status }).from(t.news).where(eq(t.news.id, id)))[0]?.status;

describe('articles', () => {
  it('taking a published article back to draft waits for approval; a draft is then deleted at once', async () => {
    const db = await getDb();
    const article = await publishedArticle(`Door takedown ${run}`);
    const outcome = await saveChange(db, 'news.draft', { id: article.id, value: { ...article.value, state: 'draft' } }, people.editor, { areas: ALL });
    expect(outcome.mode).toBe('proposed');
    expect(await statusOf(article.id)).toBe('published');
    // Deleting it while it is still published waits too.
    expect((await saveChange(db, 'news.delete', { id: article.id }, people.editor, { areas: ALL })).mode).toBe('proposed');
    expect(await statusOf(article.id)).toBe('published');
    if (outcome.mode !== 'proposed') return;
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await statusOf(article.id)).toBe('draft');
  });

  it('a PDF swapped on a draft after its publication was submitted makes the publication a conflict', async () => {
    const db = await getDb();
    const read = readNewsInput({ locale: 'en', title: `Door PDF ${run}`, slug: '', categoryCode: 'company', publishedAt: '2026-11-26', summary: 'A summary', body: '<p>Text</p>', externalUrl: '', author: '', fundIds: [], visibleTo: [], state: 'draft', publishAt: '' });
    if (!read.ok) throw new Error('input');
    const created = await createNews(db, read.value, system);
    if (!created.ok) throw new Error('article');
    // A draft's PDF is nobody's reading: attached at once.
    const first = withFileHash({ newsId: created.id, publishedAt: '2026-11-26', fileName: 'reviewed.pdf', bytes: samplePdf(`Reviewed ${run}`) });
    expect((await saveChange(db, 'news.attach', first.input, people.editor, { areas: ALL, file: first.file })).mode).toBe('published');
    const { locale: _l, publishAt: _p, ...value } = read.value;
    const publication = await saveChange(db, 'news.publish', { id: created.id, value: { ...value, state: 'published', publishAt: null } }, people.editor, { areas: ALL });
    if (publication.mode !== 'proposed') throw new Error(`proposal expected, got ${publication.mode}`);
    expect((await proposalById(db, publication.id))?.before).toMatchObject({ document: { fileName: 'reviewed.pdf' } });
    expect(await isConflicting(db, { kind: 'news.publish', input: { id: created.id }, beforeHash: (await proposalById(db, publication.id))?.beforeHash ?? '' })).toBe(false);
    // Another PDF on the still-draft article, by any way in: the reviewed one is no longer what would be published.
    const swapped = await uploadNewsDocument(db, { newsId: created.id, publishedAt: '2026-11-26', fileName: 'swapped.pdf', bytes: samplePdf(`Swapped ${run}`) }, system);
    expect(swapped.ok).toBe(true);
    expect((await proposalById(db, publication.id))?.conflicting).toBe(true);
    expect(await approveChange(db, publication.id, people.compliance)).toEqual({ ok: false, error: 'conflict' });
    expect(await statusOf(created.id)).toBe('draft');
    expect((await newsDocumentState(db, created.id))?.current?.fileName).toBe('swapped.pdf');
  });
});

describe('back-office CSV files', () => {
  it('a NAV file that corrects a stored NAV is one proposal holding the difference; approval applies it; the same file again is unchanged', async () => {
    const db = await getDb();
    // A NAV of the seed (up to its last day): the newest NAV of the table may be one another file imported and reads back.
    const [stored] = await db
      .select({ isin: t.shares.isinCode, date: t.navs.date, nav: t.navs.nav })
      .from(t.navs)
      .innerJoin(t.shares, eq(t.shares.id, t.navs.shareId))
      .where(lte(t.navs.date, DEMO_AS_OF))
      .orderBy(desc(t.navs.date), t.shares.isinCode)
      .limit(1);
    if (!stored) throw new Error('the demo has NAVs');
    const corrected = Math.round((stored.nav + 1.2345) * 10_000) / 10_000;
    const text = `isin,date,nav\n${stored.isin},${stored.date},${corrected}\n`;
    const parsed = parseNavCsv(text);
    if (!parsed.ok) throw new Error('parse');
    const input = { rows: parsed.rows, fileName: `navs-${run}.csv`, sha256: createHash('sha256').update(text).digest('hex') };
    const outcome = await saveChange(db, 'import.navs', input, people.data, { areas: ALL });
    if (outcome.mode !== 'proposed') throw new Error(`proposal expected, got ${outcome.mode}`);
    const proposal = await proposalById(db, outcome.id);
    expect(proposal).toMatchObject({ area: 'funds', kind: 'import.navs', status: 'pending' });
    expect(proposal?.before).toMatchObject({ difference: { added: 0, changed: 1, changes: [{ old: stored.nav, new: corrected, date: stored.date }] } });
    const navNow = async () => (await db.select({ nav: t.navs.nav }).from(t.navs).innerJoin(t.shares, eq(t.shares.id, t.navs.shareId)).where(and(eq(t.shares.isinCode, stored.isin), eq(t.navs.date, stored.date))))[0]?.nav;
    expect(await navNow()).toBe(stored.nav);
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await navNow()).toBe(corrected);
    expect(await saveChange(db, 'import.navs', input, people.data, { areas: ALL })).toEqual({ mode: 'unchanged' });
    // Without the policy the same kind of file is applied at once.
    const back = `isin,date,nav\n${stored.isin},${stored.date},${stored.nav}\n`;
    const again = parseNavCsv(back);
    if (!again.ok) throw new Error('parse');
    expect(await saveChange(db, 'import.navs', { rows: again.rows, fileName: 'back.csv', sha256: 'b' }, people.data, { areas: [] })).toMatchObject({ mode: 'published', changed: true });
    expect(await navNow()).toBe(stored.nav);
  });

  it('a registrations file that withdraws a share from a country (a de-notification) waits, and its proposal names the withdrawal', async () => {
    const db = await getDb();
    const [cell] = await db
      .select({ isin: t.shares.isinCode, country: t.shareRegistrations.countryCode, profile: t.shareRegistrations.investorProfile, from: t.shareRegistrations.registeredOn })
      .from(t.shareRegistrations)
      .innerJoin(t.shares, eq(t.shares.id, t.shareRegistrations.shareId))
      .where(sql`${t.shareRegistrations.withdrawnOn} IS NULL`)
      .limit(1);
    if (!cell) throw new Error('the demo has registrations');
    const text = `isin,country,investor_profile,status,date\n${cell.isin},${cell.country},${cell.profile},withdrawn,2099-01-01\n`;
    const parsed = parseRegistrationCsv(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const outcome = await saveChange(db, 'import.registrations', { rows: parsed.rows, fileName: 'withdraw.csv', sha256: createHash('sha256').update(text).digest('hex') }, people.data, { areas: ALL });
    if (outcome.mode !== 'proposed') throw new Error(`proposal expected, got ${JSON.stringify(outcome)}`);
    expect((await proposalById(db, outcome.id))?.before).toMatchObject({ difference: { withdrawn: 1, registered: 0 } });
    const still = await db
      .select({ withdrawnOn: t.shareRegistrations.withdrawnOn })
      .from(t.shareRegistrations)
      .innerJoin(t.shares, eq(t.shares.id, t.shareRegistrations.shareId))
      .where(and(eq(t.shares.isinCode, cell.isin), eq(t.shareRegistrations.countryCode, cell.country), eq(t.shareRegistrations.investorProfile, cell.profile)));
    expect(still[0]?.withdrawnOn).toBeNull();
  });
});

describe('superseded documents', () => {
  it('restricting, taking off line or deleting a superseded version the archive serves waits for approval', async () => {
    const db = await getDb();
    const [share] = await db.select({ id: t.shares.id }).from(t.shares).limit(1);
    if (!share) throw new Error('share');
    const old = await uploadDocument(db, { owner: { shareId: share.id }, typeCode: 'PROSPECTUS', locale: 'es', publishedAt: '2026-01-02', fileName: `old-${run}.pdf`, bytes: samplePdf(`old ${run}`), published: true, countries: [] }, system);
    const current = await uploadDocument(db, { owner: { shareId: share.id }, typeCode: 'PROSPECTUS', locale: 'es', publishedAt: '2026-06-02', fileName: `new-${run}.pdf`, bytes: samplePdf(`new ${run}`), published: true, countries: [] }, system);
    if (!old.ok || !current.ok) throw new Error('uploads');
    expect((await db.select({ supersededAt: t.documents.supersededAt }).from(t.documents).where(eq(t.documents.id, old.id)))[0]?.supersededAt).not.toBeNull();
    for (const [kind, input] of [
      ['document.countries', { documentId: old.id, countries: ['CH'] }],
      ['document.publish', { documentId: old.id, published: false }],
      ['document.delete', { documentId: old.id }],
    ] as const) {
      expect((await saveChange(db, kind, input as never, people.editor, { areas: ALL })).mode, kind).toBe('proposed');
    }
    const [row] = await db.select({ published: t.documents.published, countries: t.documents.countries }).from(t.documents).where(eq(t.documents.id, old.id));
    expect(row).toEqual({ published: true, countries: [] });
  });
});

describe('the sweep', () => {
  it('publishes an approved change that was never published, and retries one whose publication failed', async () => {
    const db = await getDb();
    const article = await publishedArticle(`Door sweep ${run}`);
    const outcome = await saveChange(db, 'news.unpublish', { id: article.id }, people.editor, { areas: ALL });
    if (outcome.mode !== 'proposed') throw new Error('proposal');
    // Approved, and the process stopped before publishing it: no effective date.
    await db.update(t.proposedChange).set({ status: 'approved', reviewerId: people.compliance.id, reviewerLabel: people.compliance.label }).where(eq(t.proposedChange.id, outcome.id));
    expect(await publishDueProposals(db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(article.id)).toBe('draft');
    expect((await proposalById(db, outcome.id))?.status).toBe('published');

    // A change whose command fails: it stays approved with its error, is shown as such, and is tried again later.
    const failing = await publishedArticle(`Door failing ${run}`);
    const bad = await saveChange(db, 'news.publish', { id: failing.id, value: { ...failing.value, title: 'Changed' } }, people.editor, { areas: ALL });
    if (bad.mode !== 'proposed') throw new Error('proposal');
    await db.update(t.proposedChange).set({ input: sql`jsonb_set(${t.proposedChange.input}, '{value,categoryCode}', '"no-such-category"')` }).where(eq(t.proposedChange.id, bad.id));
    expect(await approveChange(db, bad.id, people.compliance)).toEqual({ ok: false, error: 'failed' });
    const failed = await proposalById(db, bad.id);
    expect(failed?.status).toBe('approved');
    expect(failed?.lastError).toBe('unknown-category');
    const attempts = async () => (await db.select({ id: t.auditLog.id }).from(t.auditLog).where(and(eq(t.auditLog.entity, 'proposal'), eq(t.auditLog.entityId, String(bad.id)), eq(t.auditLog.action, 'publish-failed')))).length;
    expect(await attempts()).toBe(1);
    await publishDueProposals(db);
    expect(await attempts()).toBe(1);
    await db.update(t.proposedChange).set({ updatedAt: sql`now() - make_interval(mins => ${RETRY_MINUTES + 1})` }).where(eq(t.proposedChange.id, bad.id));
    await publishDueProposals(db);
    expect(await attempts()).toBe(2);
    expect((await proposalById(db, bad.id))?.status).toBe('approved');
  });
});
