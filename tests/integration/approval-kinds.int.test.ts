/**
 * Four eyes on every change of what the public reads (issue 22, docs/approval.md), beyond the
 * saves of approval.int.test.ts: creating and archiving funds and share classes, the AUM, a
 * document's visibility, countries and deletion, an article's document, and taking an article off
 * the site or deleting it. Each waits for a second person, changes nothing public until approved, and then runs the
 * back-office's own command. On a PostgreSQL shared by every test file, it reads only its own rows.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isinWithCheckDigit } from '../../src/domain/funds/isin';
import { readNewsInput } from '../../src/domain/news/input';
import { diffByLanguage } from '../../src/domain/staff/approval';
import { pagePreview } from '../../src/app/admin/(staff)/reviews/_view';
import { editOwner } from '../../src/server/approval/edit-owner';
import { approveChange, isConflicting, proposalById, type Person } from '../../src/server/approval/service';
import { saveChange } from '../../src/server/approval/door';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { uploadDocument } from '../../src/server/documents/commands';
import { newsDocumentState } from '../../src/server/news/documents';
import { savePage } from '../../src/server/pages/commands';
import { pageSnapshot } from '../../src/server/pages/staff-queries';
import { createNews } from '../../src/server/news/commands';
import { samplePdf } from '../support/sample-documents';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const system = { type: 'system' as const, label: `approval kinds ${run}` };

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `kinds-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

const digits = run.replace(/[^0-9]/g, '').padEnd(9, '7').slice(0, 9);
const slug = `aurore-quatre-yeux-${run}`;
const newFund = {
  slug,
  categoryCode: 'equities',
  title: { fr: `Aurore Quatre Yeux ${run}`, en: `Aurore Four Eyes ${run}` },
  description: { fr: 'Un fonds de test.' },
  philosophy: { fr: 'Prudence.' },
  classification: { fr: 'Actions internationales' },
  riskLevel: 5,
  sfdrArticle: 8,
  minRecommendedInvestmentDuration: 5,
  aumValue: 10_000_000,
  aumCurrencyCode: 'EUR',
  aumDate: '2026-11-20',
  visibleTo: ['RETAIL'],
};
const isin = isinWithCheckDigit(`FR${digits}`);
const newShare = { slug: 'part-c', name: 'C EUR', isinCode: isin, managementGoal: { fr: 'Battre son indice.' }, inceptionDate: '2026-11-02', inceptionNav: 100, sriLevel: 5, currencyCode: 'EUR', isMain: true, visibleTo: ['RETAIL'] };

/** Proposes as the editor, checks nothing changed, approves as the compliance officer. */
async function proposeAndApprove(propose: () => ReturnType<typeof saveChange>, unchanged: () => Promise<void>): Promise<number> {
  const db = await getDb();
  const outcome = await propose();
  if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(outcome)}`);
  await unchanged();
  expect(await approveChange(db, outcome.id, people.editor)).toEqual({ ok: false, error: 'own' });
  expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
  expect(await proposalById(db, outcome.id)).toMatchObject({ status: 'published' });
  return outcome.id;
}

async function fundBySlug() {
  const db = await getDb();
  const [row] = await db.select().from(t.funds).where(eq(t.funds.slug, slug));
  return row;
}

describe('funds and share classes under approval', () => {
  it('creates a fund and a share class, sets the AUM, archives both: each only once approved', async () => {
    const db = await getDb();
    await proposeAndApprove(
      () => saveChange(db, 'fund.create', { raw: newFund }, people.editor, { note: 'Nouveau fonds' }),
      async () => expect(await fundBySlug()).toBeUndefined(),
    );
    const fund = await fundBySlug();
    expect(fund).toMatchObject({ slug, active: true });
    if (!fund) return;
    // The same slug again: its target is taken, the proposal is refused at once.
    expect(await saveChange(db, 'fund.create', { raw: newFund }, people.editor)).toEqual({ mode: 'unknown' });

    await proposeAndApprove(
      () => saveChange(db, 'share.create', { fundId: fund.id, raw: newShare }, people.editor),
      async () => expect(await db.select().from(t.shares).where(eq(t.shares.isinCode, isin))).toEqual([]),
    );
    const [share] = await db.select().from(t.shares).where(eq(t.shares.isinCode, isin));
    expect(share).toMatchObject({ name: 'C EUR', active: true });
    if (!share) return;

    await proposeAndApprove(
      () => saveChange(db, 'fund.aum', { fundId: fund.id, value: 12_345_678.9, date: '2026-11-25' }, people.editor),
      async () => expect((await fundBySlug())?.aumValue).toBe(10_000_000),
    );
    expect(await fundBySlug()).toMatchObject({ aumValue: 12_345_678.9, aumDate: '2026-11-25' });

    await proposeAndApprove(
      () => saveChange(db, 'share.archive', { shareId: share.id }, people.editor),
      async () => expect((await db.select().from(t.shares).where(eq(t.shares.id, share.id)))[0]?.active).toBe(true),
    );
    expect((await db.select().from(t.shares).where(eq(t.shares.id, share.id)))[0]?.active).toBe(false);

    await proposeAndApprove(
      () => saveChange(db, 'fund.archive', { fundId: fund.id }, people.editor),
      async () => expect((await fundBySlug())?.active).toBe(true),
    );
    expect((await fundBySlug())?.active).toBe(false);
    // Archiving an archived fund is no change: nothing to propose.
    expect(await saveChange(db, 'fund.archive', { fundId: fund.id }, people.editor)).toEqual({ mode: 'unchanged' });
  });

  it('a second creation of the same fund conflicts once the first is published', async () => {
    const db = await getDb();
    const raw = { ...newFund, slug: `${slug}-bis` };
    const first = await saveChange(db, 'fund.create', { raw }, people.editor);
    const second = await saveChange(db, 'fund.create', { raw }, people.compliance);
    if (first.mode !== 'proposed' || second.mode !== 'proposed') throw new Error('two proposals expected');
    expect(await approveChange(db, first.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    const row = await proposalById(db, second.id);
    if (!row) throw new Error('proposal missing');
    expect(await isConflicting(db, row)).toBe(true);
    expect(await approveChange(db, second.id, people.editor)).toEqual({ ok: false, error: 'conflict' });
  });
});

describe('documents under approval', () => {
  it('restricts a current document to countries, takes it off line and deletes it: each only once approved', async () => {
    const db = await getDb();
    const [share] = await db.select({ id: t.shares.id }).from(t.shares).limit(1);
    if (!share) throw new Error('the demo has share classes');
    const uploaded = await uploadDocument(db, { owner: { shareId: share.id }, typeCode: 'KIID', locale: 'es', publishedAt: '2026-11-26', title: `KID ${run}`, fileName: 'kid.pdf', bytes: samplePdf(`KID ${run}`) }, system);
    if (!uploaded.ok) throw new Error(uploaded.error);
    const row = async () => (await db.select().from(t.documents).where(eq(t.documents.id, uploaded.id)))[0];

    await proposeAndApprove(
      () => saveChange(db, 'document.countries', { documentId: uploaded.id, countries: ['es', 'CH'] }, people.editor),
      async () => expect((await row())?.countries).toEqual([]),
    );
    expect([...((await row())?.countries ?? [])].sort()).toEqual(['CH', 'ES']);

    await proposeAndApprove(
      () => saveChange(db, 'document.publish', { documentId: uploaded.id, published: false }, people.editor),
      async () => expect((await row())?.published).toBe(true),
    );
    expect((await row())?.published).toBe(false);

    await proposeAndApprove(
      () => saveChange(db, 'document.delete', { documentId: uploaded.id }, people.editor),
      async () => expect(await row()).toBeDefined(),
    );
    expect(await row()).toBeUndefined();
    expect(await saveChange(db, 'document.delete', { documentId: uploaded.id }, people.editor)).toEqual({ mode: 'unknown' });
  });
});

describe('the amend link of a document or NAV change', () => {
  it('names the fund whose screen lists the document, the share class whose screen corrects its NAVs, and none once the document is gone', async () => {
    const db = await getDb();
    const [share] = await db.select({ id: t.shares.id, fundId: t.shares.fundId, isin: t.shares.isinCode }).from(t.shares).limit(1);
    if (!share) throw new Error('the demo has share classes');
    const uploaded = await uploadDocument(db, { owner: { shareId: share.id }, typeCode: 'KIID', locale: 'es', publishedAt: '2026-11-26', title: `KID link ${run}`, fileName: 'kid.pdf', bytes: samplePdf(`KID link ${run}`) }, system);
    if (!uploaded.ok) throw new Error(uploaded.error);
    const owner = (kind: string, input: Record<string, unknown>) => editOwner(db, kind, input);
    for (const kind of ['document.publish', 'document.countries', 'document.delete']) {
      expect(await owner(kind, { documentId: uploaded.id })).toEqual({ fundId: share.fundId, shareId: null });
    }
    expect(await owner('document.upload', { owner: { shareId: share.id } })).toEqual({ fundId: share.fundId, shareId: share.id });
    expect(await owner('document.upload', { owner: { isin: share.isin.toLowerCase() } })).toEqual({ fundId: share.fundId, shareId: share.id });
    expect(await owner('document.upload', { owner: { fundId: share.fundId } })).toEqual({ fundId: share.fundId, shareId: null });
    expect(await owner('nav.correct', { isin: ` ${share.isin.toLowerCase()} `, date: '2026-11-26', nav: 100 })).toEqual({ fundId: share.fundId, shareId: share.id });
    expect(await owner('nav.correct', { isin: 'XX0000000000', date: '2026-11-26', nav: 100 })).toEqual({ fundId: null, shareId: null });
    expect(await owner('document.delete', { documentId: 2_000_000_000 })).toEqual({ fundId: null, shareId: null });
    expect(await owner('document.delete', { documentId: 'x' })).toEqual({ fundId: null, shareId: null });
    expect(await owner('news.publish', { id: 1 })).toEqual({ fundId: null, shareId: null });
  });
});

describe('news under approval', () => {
  it('takes a published article off the site, then deletes it: each only once approved', async () => {
    const db = await getDb();
    const read = readNewsInput({
      locale: 'en',
      title: `Four eyes article ${run}`,
      slug: '',
      categoryCode: 'company',
      publishedAt: '2026-11-26',
      summary: 'A summary',
      body: '<p>Text</p>',
      externalUrl: '',
      author: '',
      fundIds: [],
      visibleTo: [],
      state: 'published',
      publishAt: '',
    });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const created = await createNews(db, read.value, system);
    if (!created.ok) throw new Error('article not created');
    const status = async () => (await db.select({ status: t.news.status }).from(t.news).where(and(eq(t.news.id, created.id))))[0]?.status;

    // Its document: attached, then deleted, each only once approved.
    const pdf = samplePdf(`Article PDF ${run}`);
    const attachedDocument = async () => (await newsDocumentState(db, created.id))?.current ?? null;
    await proposeAndApprove(
      () =>
        saveChange(db, 'news.attach', { newsId: created.id, publishedAt: '2026-11-26', fileName: 'note.pdf', sha256: createHash('sha256').update(pdf).digest('hex'), size: pdf.byteLength }, people.editor, { file: pdf }),
      async () => expect(await attachedDocument()).toBeNull(),
    );
    const attached = await attachedDocument();
    expect(attached).toMatchObject({ fileName: 'note.pdf' });
    if (!attached) return;
    await proposeAndApprove(
      () => saveChange(db, 'news.detach', { newsId: created.id, documentId: attached.id }, people.editor),
      async () => expect(await attachedDocument()).not.toBeNull(),
    );
    expect(await attachedDocument()).toBeNull();

    await proposeAndApprove(
      () => saveChange(db, 'news.unpublish', { id: created.id }, people.editor),
      async () => expect(await status()).toBe('published'),
    );
    expect(await status()).toBe('draft');

    // Back to draft, it is nobody's reading: the door deletes it at once, under the same policy.
    expect(await saveChange(db, 'news.delete', { id: created.id }, people.editor)).toMatchObject({ mode: 'published', changed: true });
    expect(await status()).toBeUndefined();
  });
});

describe('a page restore under approval', () => {
  it('stores the version it brings back as its after-state: the review shows what returns, and previews it', async () => {
    const db = await getDb();
    const code = 'about-us';
    const current = await pageSnapshot(db, code);
    if (!current) throw new Error('about-us not seeded');
    const titled = (fr: string) => ({ ...current, title: { ...(current.title as Record<string, string>), fr } });
    const earlier = await savePage(db, code, titled(`Qui sommes-nous, avant ${run}`), system);
    expect(await savePage(db, code, titled(`Qui sommes-nous, après ${run}`), system)).toMatchObject({ ok: true, changed: true });
    if (!earlier.ok || earlier.version === null) throw new Error('version expected');
    const restoredVersion = earlier.version;

    const outcome = await saveChange(db, 'page.restore', { code, number: restoredVersion }, people.editor, { note: `restore ${run}` });
    if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(outcome)}`);
    const row = await proposalById(db, outcome.id);
    // The after-state is the version's content: the difference is the title coming back, not every field deleted.
    expect(row?.after).toEqual(titled(`Qui sommes-nous, avant ${run}`));
    const diff = diffByLanguage(row?.before, row?.after);
    expect(diff.fr).toEqual([expect.objectContaining({ before: `Qui sommes-nous, après ${run}`, after: `Qui sommes-nous, avant ${run}` })]);
    expect([...diff.en, ...diff.es, ...diff.all]).toEqual([]);
    // The review screen previews the page as the restore brings it back.
    expect(pagePreview(row?.kind ?? '', row?.input ?? {}, row?.after)).toEqual({ code, snapshot: titled(`Qui sommes-nous, avant ${run}`) });
    // Nothing changes until approved; approved, the page is the version's.
    expect((await pageSnapshot(db, code))?.title).toMatchObject({ fr: `Qui sommes-nous, après ${run}` });
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await pageSnapshot(db, code)).toEqual(titled(`Qui sommes-nous, avant ${run}`));
  });
});
