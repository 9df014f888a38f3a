/**
 * The door applies atomically (issue 44, item 3; docs/approval.md): a change the door lets through
 * without approval, because its target is not public, is written in a transaction that locks the
 * target and looks again. Each test pauses the door between its decision and its write
 * (`afterDecision`) and makes the target public meanwhile, as a compliance officer's approval would:
 * the change must then be proposed, never written. Before the second look, every one of these wrote
 * through: an unreviewed PDF on a published article, a published article taken back to draft, its
 * PDF removed, a public document's countries changed or an archived version deleted.
 * It reads only its own rows.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../../src/domain/staff/approval';
import { commandOf } from '../../src/server/approval/commands';
import { saveChange, withFileHash, type DoorOptions } from '../../src/server/approval/door';
import { proposalById, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { setDocumentPublished, uploadDocument } from '../../src/server/documents/commands';
import { uploadNewsDocument } from '../../src/server/news/documents';
import { newsArticle } from '../support/news-articles';
import { samplePdf } from '../support/sample-documents';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'data', Person>;
const system = { type: 'system' as const, label: `door races ${run}` };
const ALL = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'data'] as const, `races-${run}`));
});

/** The door's options with a pause between its decision and its write, in which `meanwhile` runs. */
function pausedWhile(meanwhile: () => Promise<void>, options: DoorOptions = {}): DoorOptions & { paused: () => boolean } {
  let paused = false;
  return {
    areas: ALL,
    ...options,
    afterDecision: async () => {
      paused = true;
      await meanwhile();
    },
    paused: () => paused,
  };
}

const draftArticle = (title: string) => newsArticle(title, 'draft', system);

const statusOf = async (id: number) => (await (await getDb()).select({ status: t.news.status }).from(t.news).where(eq(t.news.id, id)))[0]?.status;

/** The article's PDF versions still current (not superseded), by file name. */
async function currentPdfs(newsId: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ fileName: t.documents.fileName }).from(t.documents).where(and(eq(t.documents.newsId, newsId), isNull(t.documents.supersededAt)));
  return rows.map((r) => r.fileName).sort();
}

/** A KID of the demo's first share class, uploaded directly, in a language of its own for this test. */
async function shareDocument(name: string, published: boolean) {
  const db = await getDb();
  const [share] = await db.select({ id: t.shares.id }).from(t.shares).orderBy(t.shares.id).limit(1);
  if (!share) throw new Error('the demo has share classes');
  const uploaded = await uploadDocument(db, { owner: { shareId: share.id }, typeCode: 'KIID', locale: 'es', publishedAt: '2026-11-30', fileName: `${name}.pdf`, bytes: samplePdf(`${name} ${run}`), published, title: `${name} ${run}` }, system);
  if (!uploaded.ok) throw new Error(`document not uploaded: ${uploaded.error}`);
  return uploaded.id;
}

async function expectProposed(outcome: { mode: string; id?: number }, kind: string) {
  expect(outcome.mode).toBe('proposed');
  const proposal = await proposalById(await getDb(), (outcome as { id: number }).id);
  expect(proposal).toMatchObject({ kind, status: 'pending' });
}

describe('a target made public between the door’s decision and its write', () => {
  it('every command that decides by reachesPublic locks what it reads (a news creation, always a draft, has nothing to lock)', () => {
    const unlocked = CHANGE_KINDS.filter((kind) => {
      const command = commandOf(kind);
      return command.reachesPublic !== undefined && command.lock === undefined;
    });
    expect(unlocked).toEqual(['news.create']);
  });

  it('a PDF attached to a draft that is published meanwhile is proposed, not written', async () => {
    const db = await getDb();
    const article = await draftArticle(`Race attach ${run}`);
    const upload = withFileHash({ newsId: article.id, publishedAt: '2026-11-26', fileName: 'unreviewed.pdf', bytes: samplePdf(`Unreviewed ${run}`) });
    const options = pausedWhile(article.publish, { file: upload.file });
    const outcome = await saveChange(db, 'news.attach', upload.input, people.editor, options);
    expect(options.paused()).toBe(true);
    await expectProposed(outcome, 'news.attach');
    expect(await statusOf(article.id)).toBe('published');
    expect(await currentPdfs(article.id)).toEqual([]);
  });

  it('a draft’s edit, when the article is published meanwhile, does not take it back to draft', async () => {
    const db = await getDb();
    const article = await draftArticle(`Race draft ${run}`);
    const options = pausedWhile(article.publish);
    const outcome = await saveChange(db, 'news.draft', { id: article.id, value: { ...article.value, title: `Race draft edited ${run}`, state: 'draft' } }, people.editor, options);
    expect(options.paused()).toBe(true);
    await expectProposed(outcome, 'news.draft');
    expect(await statusOf(article.id)).toBe('published');
  });

  it('a draft’s PDF removed while the article is published meanwhile stays on the article', async () => {
    const db = await getDb();
    const article = await draftArticle(`Race detach ${run}`);
    const attached = await uploadNewsDocument(db, { newsId: article.id, publishedAt: '2026-11-26', fileName: 'reviewed.pdf', bytes: samplePdf(`Reviewed ${run}`) }, system);
    if (!attached.ok) throw new Error('PDF not attached');
    const options = pausedWhile(article.publish);
    const outcome = await saveChange(db, 'news.detach', { newsId: article.id, documentId: attached.id }, people.editor, options);
    expect(options.paused()).toBe(true);
    await expectProposed(outcome, 'news.detach');
    expect(await currentPdfs(article.id)).toEqual(['reviewed.pdf']);
  });

  it('an off-line document’s countries, when it is put on line meanwhile, are proposed, not changed', async () => {
    const db = await getDb();
    const id = await shareDocument('race-countries', false);
    const options = pausedWhile(async () => {
      expect(await setDocumentPublished(db, id, true, system)).toEqual({ ok: true, changed: true });
    });
    const outcome = await saveChange(db, 'document.countries', { documentId: id, countries: ['FR'] }, people.data, options);
    expect(options.paused()).toBe(true);
    await expectProposed(outcome, 'document.countries');
    const [row] = await db.select({ countries: t.documents.countries, published: t.documents.published }).from(t.documents).where(eq(t.documents.id, id));
    expect(row).toEqual({ countries: [], published: true });
  });

  it('an off-line, superseded version put back on line meanwhile is not deleted', async () => {
    const db = await getDb();
    const older = await shareDocument('race-delete-v1', true);
    await shareDocument('race-delete-v2', true);
    expect(await setDocumentPublished(db, older, false, system)).toEqual({ ok: true, changed: true });
    const options = pausedWhile(async () => {
      expect(await setDocumentPublished(db, older, true, system)).toEqual({ ok: true, changed: true });
    });
    const outcome = await saveChange(db, 'document.delete', { documentId: older }, people.data, options);
    expect(options.paused()).toBe(true);
    await expectProposed(outcome, 'document.delete');
    expect(await db.select({ id: t.documents.id }).from(t.documents).where(eq(t.documents.id, older))).toHaveLength(1);
  });

  it('without a change meanwhile, the same saves are written at once, and the lock is released', async () => {
    const db = await getDb();
    const article = await draftArticle(`Race none ${run}`);
    const upload = withFileHash({ newsId: article.id, publishedAt: '2026-11-26', fileName: 'draft.pdf', bytes: samplePdf(`Draft ${run}`) });
    const options = pausedWhile(async () => {}, { file: upload.file });
    expect((await saveChange(db, 'news.attach', upload.input, people.editor, options)).mode).toBe('published');
    expect(await currentPdfs(article.id)).toEqual(['draft.pdf']);
    // The article's row is free again: its publication goes through.
    await article.publish();
    expect(await statusOf(article.id)).toBe('published');
  });
});
