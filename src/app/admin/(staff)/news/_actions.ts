'use server';

/**
 * The server actions of the news screens, built with staffAction (same origin, signed in,
 * `content.write`; a forbidden one answers 403 and changes nothing). The form is read with one
 * schema and checked by src/domain/news/input.ts (every field bounded, the body cleaned by the
 * site's one cleaner), then the change goes through the approval door (src/server/approval/door.ts),
 * which proposes it or has the service (src/server/news) write, audit and publish it.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { field } from '@/domain/forms/form-input';
import { readNewsInput, type NewsErrors, type NewsValues } from '@/domain/news/input';
import { dataTranslator } from '@/i18n/data';
import type { FormState } from '@/components/admin/action-form';
import { approvalInput, doorAnswer, proposalStored, withTaggingWarning } from '@/app/admin/approval-form';
import type { Problems } from '@/server/approval/commands';
import { saveChange, withFileHash } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';

// More values than any form offers are cut: the domain then reports them (too many funds).
const upTo100 = () => field.list().transform((values) => values.slice(0, 100));

/** The article form; src/domain/news/input.ts checks each field. */
const article = z.object({
  locale: field.text(),
  title: field.text(),
  slug: field.text(),
  categoryCode: field.text(),
  publishedAt: field.text(),
  summary: field.text(),
  body: field.text(),
  externalUrl: field.text(),
  author: field.text(),
  fundIds: upTo100(),
  visibleTo: upTo100(),
  state: field.text(),
  publishAt: field.text(),
  approvalNote: approvalInput.approvalNote,
});
type Article = z.output<typeof article>;

function invalid({ t, values, seq }: StaffActionContext, errors: NewsErrors): FormState {
  type Key = Parameters<typeof t>[0];
  const translated = Object.fromEntries(
    Object.entries(errors).map(([name, code]) => {
      const key = `news.errors.${code}` as Key;
      return [name, t.has(key) ? t(key) : String(code)];
    }),
  );
  return { status: 'error', message: t('news.invalid'), errors: translated, values, seq };
}

/** The article's values as a change of it stores them (its language never changes; the time as ISO text). */
function articleValue(value: NewsValues) {
  const { locale: _locale, publishAt, ...rest } = value;
  return { ...rest, publishAt: publishAt ? publishAt.toISOString() : null };
}

function done(message: string, seq: number): FormState {
  revalidatePath('/admin/news', 'layout');
  return { status: 'ok', message, seq };
}

const notFound = ({ t, seq }: StaffActionContext) => (): FormState => ({ status: 'error', message: t('news.notFound'), seq });

/** The article's service refused the values: its errors on their fields. */
const refused = (ctx: StaffActionContext) => (problems: Problems): FormState => invalid(ctx, problems.fields as NewsErrors);

const newsInput = ({ approvalNote: _note, ...input }: Article) => input;

/**
 * Creates one language of an article; `translationOf` is an item of the article it translates. The
 * article is stored as a draft (nobody reads it), then its publication, if asked, goes through the
 * door like any other: under the policy it waits for approval.
 */
export const createNewsAction = staffAction('content.write', article, async (input, ctx, translationOf: number | null, _state: FormState): Promise<FormState> => {
  const { staff } = ctx;
  const read = readNewsInput(newsInput(input));
  if (!read.ok) return invalid(ctx, read.errors);
  const db = await getDb();
  const created = await saveChange(db, 'news.create', { value: { ...articleValue(read.value), locale: read.value.locale }, translationOf }, staff.actor);
  if (created.mode !== 'published' || !created.result.ok) return doorAnswer(ctx, created, { published: () => invalid(ctx, {}), invalid: refused(ctx) });
  const id = created.result.id;
  if (read.value.state !== 'draft') {
    const published = await saveChange(db, 'news.publish', { id, value: articleValue(read.value) }, staff.actor, { note: input.approvalNote });
    if (published.mode === 'proposed') proposalStored();
  }
  revalidatePath('/admin/news', 'layout');
  redirect(`/admin/news/${id}?done=created`);
});

/**
 * Saves an article: its texts and its state, both ways. Whether it waits is the door's: a draft's
 * texts are nobody's reading (saved at once), publishing or scheduling it, taking a published one
 * back to draft (a takedown) or editing a published one wait under the policy.
 */
export const updateNewsAction = staffAction('content.write', article, async (input, ctx, id: number, locale: string, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  // The language of an item never changes: the one it was drawn with is checked, not a posted one.
  const read = readNewsInput({ ...newsInput(input), locale });
  if (!read.ok) return invalid(ctx, read.errors);
  const kind = read.value.state === 'draft' ? 'news.draft' : 'news.publish';
  const outcome = await saveChange(await getDb(), kind, { id, value: articleValue(read.value) }, staff.actor, { note: input.approvalNote });
  return doorAnswer(ctx, outcome, {
    published: (_result, changed) => done(changed ? t('news.saved') : t('news.unchanged'), seq),
    invalid: refused(ctx),
    unknown: notFound(ctx),
  });
});

const noFields = z.object({});

export const unpublishNewsAction = staffAction('content.write', noFields, async (_input, ctx, id: number, _state: FormState): Promise<FormState> => {
  const { t, seq } = ctx;
  const outcome = await saveChange(await getDb(), 'news.unpublish', { id }, ctx.staff.actor);
  return doorAnswer(ctx, outcome, { published: (_r, changed) => done(changed ? t('news.unpublished') : t('news.alreadyDraft'), seq), unknown: notFound(ctx) });
});

export const deleteNewsAction = staffAction('content.write', noFields, async (_input, ctx, id: number, _state: FormState): Promise<FormState> => {
  const outcome = await saveChange(await getDb(), 'news.delete', { id }, ctx.staff.actor);
  if (outcome.mode !== 'published') return doorAnswer(ctx, outcome, { published: () => notFound(ctx)(), unknown: notFound(ctx) });
  revalidatePath('/admin/news', 'layout');
  redirect('/admin/news?done=deleted');
});

// ------------------------------------------------------------------ documents

const DOCUMENT_FIELD: Record<string, string> = { empty: 'file', 'too-large': 'file', 'not-pdf': 'file', 'bad-locale': 'locale', 'bad-date': 'publishedAt', 'bad-title': 'title' };

export const uploadNewsDocumentAction = staffAction(
  'content.write',
  z.object({ file: field.file(), publishedAt: field.text(), title: field.text(), ...approvalInput }),
  async (input, ctx, newsId: number, _state: FormState): Promise<FormState> => {
    const { staff, t, seq, fail: failWith } = ctx;
    const d = dataTranslator(staff.locale);
    const fail = (code: string): FormState => {
      const key = `document.${code}` as 'document.empty';
      return failWith({ [DOCUMENT_FIELD[code] ?? 'file']: d.has(key) ? d(key, { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 }) : t('news.notFound') }, t('news.invalid'));
    };
    const file = input.file;
    if (!file) return fail('empty');
    if (file.size > MAX_DOCUMENT_BYTES) return fail('too-large');
    const title = input.title.trim();
    const upload = withFileHash({ newsId, publishedAt: input.publishedAt, title: title === '' ? undefined : title, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    const outcome = await saveChange(await getDb(), 'news.attach', upload.input, staff.actor, { note: input.approvalNote, effectiveAt: input.effectiveAt, file: upload.file });
    const answer = doorAnswer(ctx, outcome, {
      published: (result, changed) => (!changed ? done(t('news.unchanged'), seq) : done(result.ok && result.replacedId ? t('news.documents.replaced') : t('news.documents.uploaded'), seq)),
      invalid: (problems) => fail(Object.values(problems.fields)[0] ?? 'empty'),
      unknown: notFound(ctx),
    });
    return withTaggingWarning(ctx, outcome, answer, upload.file);
  },
);

export const deleteNewsDocumentAction = staffAction(
  'content.write',
  noFields,
  async (_input, ctx, newsId: number, documentId: number, _state: FormState): Promise<FormState> => {
    const { staff, t, seq } = ctx;
    const outcome = await saveChange(await getDb(), 'news.detach', { newsId, documentId }, staff.actor);
    return doorAnswer(ctx, outcome, {
      published: () => done(t('news.documents.deleted'), seq),
      unknown: () => ({ status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq }),
    });
  },
);
