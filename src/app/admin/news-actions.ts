'use server';

/**
 * The server actions of the news screens, built with staffAction (same origin, signed in,
 * `content.write`; a forbidden one answers 403 and changes nothing). The form is read with one
 * schema and checked by src/domain/news/input.ts (every field bounded, the body cleaned by the
 * site's one cleaner), then the service (src/server/news) writes, audits and publishes in one go.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { field } from '@/domain/forms/form-input';
import { readNewsInput, type NewsErrors, type NewsValues } from '@/domain/news/input';
import { dataTranslator } from '@/i18n/data';
import type { FormState } from '@/components/admin/action-form';
import { approvalInput, proposalAnswer, proposedDocument } from './approval-form';
import { requiresApproval, submitChange, type SubmitResult } from '@/server/approval/service';
import type { Staff } from '@/server/auth/staff';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { newsForStaff } from '@/server/news/staff-queries';
import { getDb } from '@/server/db';
import { deleteNewsDocument, newsDocumentState, uploadNewsDocument } from '@/server/news/documents';
import { createNews, deleteNews, unpublishNews, updateNews } from '@/server/news/commands';

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

/** Submitting an article for publication, under the approval policy: the publication is the proposed change. */
async function proposePublication(id: number, value: NewsValues, actor: Staff['actor'], note: string): Promise<SubmitResult> {
  const { locale: _locale, publishAt, ...rest } = value;
  return submitChange(await getDb(), 'news.publish', { id, value: { ...rest, publishAt: publishAt ? publishAt.toISOString() : null } }, actor, { note });
}

async function proposeRemoval({ staff, t, seq }: StaffActionContext, kind: 'news.unpublish' | 'news.delete', id: number): Promise<FormState> {
  const outcome = await submitChange(await getDb(), kind, { id }, staff.actor);
  revalidatePath('/admin', 'layout');
  return proposalAnswer(t, outcome, seq, () => t('news.saved'));
}

/** Whether the article is on line: under the policy, what changes what the public reads is proposed. */
const published = async (id: number) => (await newsForStaff(await getDb(), id))?.status === 'published';

function done(message: string, seq: number): FormState {
  revalidatePath('/admin/news', 'layout');
  return { status: 'ok', message, seq };
}

const newsInput = ({ approvalNote: _note, ...input }: Article) => input;

/** Creates one language of an article; `translationOf` is an item of the article it translates. */
export const createNewsAction = staffAction('content.write', article, async (input, ctx, translationOf: number | null, _state: FormState): Promise<FormState> => {
  const { staff } = ctx;
  const read = readNewsInput(newsInput(input));
  if (!read.ok) return invalid(ctx, read.errors);
  const underPolicy = read.value.state !== 'draft' && requiresApproval('news');
  // Under the policy the article is saved as a draft, and its publication is the proposed change.
  const result = await createNews(await getDb(), underPolicy ? { ...read.value, state: 'draft', publishAt: null } : read.value, staff.actor, translationOf);
  if (!result.ok) return invalid(ctx, result.errors);
  if (underPolicy) await proposePublication(result.id, read.value, staff.actor, input.approvalNote);
  revalidatePath('/admin/news', 'layout');
  redirect(`/admin/news/${result.id}?done=created`);
});

export const updateNewsAction = staffAction('content.write', article, async (input, ctx, id: number, locale: string, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  // The language of an item never changes: the one it was drawn with is checked, not a posted one.
  const read = readNewsInput({ ...newsInput(input), locale });
  if (!read.ok) return invalid(ctx, read.errors);
  if (read.value.state !== 'draft' && requiresApproval('news')) {
    const db = await getDb();
    const item = await newsForStaff(db, id);
    if (!item) return { status: 'error', message: t('news.notFound'), seq };
    // A draft keeps its texts as typed; a published article stays as it is until the change is approved.
    if (item.status === 'draft') {
      const draft = await updateNews(db, id, { ...read.value, state: 'draft', publishAt: null }, staff.actor);
      if (!draft.ok) return 'notFound' in draft ? { status: 'error', message: t('news.notFound'), seq } : invalid(ctx, draft.errors);
    }
    const outcome = await proposePublication(id, read.value, staff.actor, input.approvalNote);
    revalidatePath('/admin', 'layout');
    return { ...proposalAnswer(t, outcome, seq, () => t('news.saved')) };
  }
  const result = await updateNews(await getDb(), id, read.value, staff.actor);
  if (!result.ok) return 'notFound' in result ? { status: 'error', message: t('news.notFound'), seq } : invalid(ctx, result.errors);
  return done(result.changed ? t('news.saved') : t('news.unchanged'), seq);
});

const noFields = z.object({});

export const unpublishNewsAction = staffAction('content.write', noFields, async (_input, ctx, id: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  // Taking a published article off the site changes what the public reads: under the policy, it is proposed.
  if (requiresApproval('news') && (await published(id))) return proposeRemoval(ctx, 'news.unpublish', id);
  const result = await unpublishNews(await getDb(), id, staff.actor);
  if (!result.ok) return { status: 'error', message: t('news.notFound'), seq };
  return done(result.changed ? t('news.unpublished') : t('news.alreadyDraft'), seq);
});

export const deleteNewsAction = staffAction('content.write', noFields, async (_input, ctx, id: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  // A draft is nobody's reading: deleting it needs no approval; deleting a published article does.
  if (requiresApproval('news') && (await published(id))) return proposeRemoval(ctx, 'news.delete', id);
  const result = await deleteNews(await getDb(), id, staff.actor);
  if (!result.ok) return { status: 'error', message: t('news.notFound'), seq };
  revalidatePath('/admin/news', 'layout');
  redirect('/admin/news?done=deleted');
});

// ------------------------------------------------------------------ documents

const DOCUMENT_FIELD: Record<string, string> = { empty: 'file', 'too-large': 'file', 'not-pdf': 'file', 'bad-locale': 'locale', 'bad-date': 'publishedAt', 'bad-title': 'title' };

export const uploadNewsDocumentAction = staffAction(
  'content.write',
  z.object({ file: field.file(), publishedAt: field.text(), title: field.text(), ...approvalInput }),
  async (input, { staff, t, seq, fail: failWith }, newsId: number, _state: FormState): Promise<FormState> => {
    const d = dataTranslator(staff.locale);
    const fail = (code: string): FormState => {
      const key = `document.${code}` as 'document.empty';
      return failWith({ [DOCUMENT_FIELD[code] ?? 'file']: d.has(key) ? d(key, { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 }) : t('news.notFound') }, t('news.invalid'));
    };
    const file = input.file;
    if (!file) return fail('empty');
    if (file.size > MAX_DOCUMENT_BYTES) return fail('too-large');
    const title = input.title.trim();
    const upload = { newsId, publishedAt: input.publishedAt, title: title === '' ? undefined : title, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    // A published article's document is read by the public: under the policy, attaching one is proposed.
    if (requiresApproval('news') && (await published(newsId))) {
      const proposal = proposedDocument(upload);
      if (!proposal.ok) return fail(proposal.problem);
      const outcome = await submitChange(await getDb(), 'news.attach', proposal.input, staff.actor, { note: input.approvalNote, effectiveAt: input.effectiveAt, file: proposal.bytes });
      revalidatePath('/admin', 'layout');
      return proposalAnswer(t, outcome, seq, () => t('news.documents.uploaded'));
    }
    const result = await uploadNewsDocument(await getDb(), upload, staff.actor);
    if (!result.ok) return fail(result.error);
    if (!result.changed) return done(t('news.unchanged'), seq);
    return done(result.replacedId ? t('news.documents.replaced') : t('news.documents.uploaded'), seq);
  },
);

export const deleteNewsDocumentAction = staffAction(
  'content.write',
  noFields,
  async (_input, { staff, t, seq }, newsId: number, documentId: number, _state: FormState): Promise<FormState> => {
    // Only the current document of a published article is read by the public.
    const state = requiresApproval('news') ? await newsDocumentState(await getDb(), newsId) : null;
    if (state?.item.status === 'published' && state.current?.id === documentId) {
      const outcome = await submitChange(await getDb(), 'news.detach', { newsId, documentId }, staff.actor);
      revalidatePath('/admin', 'layout');
      return proposalAnswer(t, outcome, seq, () => t('news.documents.deleted'));
    }
    const result = await deleteNewsDocument(await getDb(), newsId, documentId, staff.actor);
    if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq };
    return done(t('news.documents.deleted'), seq);
  },
);
