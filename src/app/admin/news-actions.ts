'use server';

/**
 * The server actions of the news screens. Each checks the request first (requireStaffAction: same
 * origin, signed in, `content.write`; a forbidden one answers 403 and changes nothing), reads and
 * checks the form (src/domain/news-input.ts: every field bounded, the body cleaned by the site's one
 * cleaner), then calls the service (src/server/news), which writes, audits and publishes in one go.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { Locale } from '@/env';
import { createHash } from 'node:crypto';
import { isIsoDate } from '@/domain/dates';
import { checkDocumentFile, MAX_DOCUMENT_BYTES } from '@/domain/document-file';
import { readNewsInput, type NewsErrors, type NewsFormInput, type NewsValues } from '@/domain/news-input';
import { adminTranslator } from '@/i18n/admin';
import { dataTranslator } from '@/i18n/data';
import type { FormState } from '@/components/admin/action-form';
import { badEffectiveAt, proposalAnswer, readApprovalForm } from './approval-form';
import { requiresApproval, submitChange, type SubmitResult } from '@/server/approval/service';
import { requireStaffAction, type Staff } from '@/server/auth/staff';
import { newsForStaff } from '@/server/queries/news-admin';
import { getDb } from '@/server/db';
import { deleteNewsDocument, newsDocumentState, uploadNewsDocument } from '@/server/news/documents';
import { createNews, deleteNews, unpublishNews, updateNews } from '@/server/news/manage';

let seq = 0;
const next = () => ++seq;

/** Longer than any field takes (the body's limit): not sent back to the browser. */
const ECHO_LIMIT = 200_000;

/** The posted text fields, to draw the form again after an error; an oversized value is not echoed. */
function submitted(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, raw] of form.entries()) {
    if (typeof raw !== 'string' || key.startsWith('$ACTION') || key.length > 64) continue;
    const value = raw.length > ECHO_LIMIT ? '' : raw;
    const previous = values[key];
    values[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return values;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
// More values than any form offers are cut: the domain then reports them (too many funds).
const list = (form: FormData, name: string) =>
  form
    .getAll(name)
    .slice(0, 100)
    .filter((v): v is string => typeof v === 'string');

function readForm(form: FormData): NewsFormInput {
  return {
    locale: text(form, 'locale'),
    title: text(form, 'title'),
    slug: text(form, 'slug'),
    categoryCode: text(form, 'categoryCode'),
    publishedAt: text(form, 'publishedAt'),
    summary: text(form, 'summary'),
    body: text(form, 'body'),
    externalUrl: text(form, 'externalUrl'),
    author: text(form, 'author'),
    fundIds: list(form, 'fundIds'),
    visibleTo: list(form, 'visibleTo'),
    state: text(form, 'state'),
    publishAt: text(form, 'publishAt'),
  };
}

function invalid(locale: Locale, errors: NewsErrors, form: FormData): FormState {
  const t = adminTranslator(locale);
  type Key = Parameters<typeof t>[0];
  const translated = Object.fromEntries(
    Object.entries(errors).map(([field, code]) => {
      const key = `news.errors.${code}` as Key;
      return [field, t.has(key) ? t(key) : String(code)];
    }),
  );
  return { status: 'error', message: t('news.invalid'), errors: translated, values: submitted(form), seq: next() };
}

/** Submitting an article for publication, under the approval policy: the publication is the proposed change. */
async function proposePublication(id: number, value: NewsValues, actor: Staff['actor'], form: FormData): Promise<SubmitResult> {
  const { locale: _locale, publishAt, ...rest } = value;
  const note = form.get('approvalNote');
  return submitChange(await getDb(), 'news.publish', { id, value: { ...rest, publishAt: publishAt ? publishAt.toISOString() : null } }, actor, {
    note: typeof note === 'string' ? note : '',
  });
}

async function proposeRemoval(staff: Staff, kind: 'news.unpublish' | 'news.delete', id: number): Promise<FormState> {
  const t = adminTranslator(staff.locale);
  const outcome = await submitChange(await getDb(), kind, { id }, staff.actor);
  revalidatePath('/admin', 'layout');
  return proposalAnswer(t, outcome, next(), () => t('news.saved'));
}

function done(message: string): FormState {
  revalidatePath('/admin/news', 'layout');
  return { status: 'ok', message, seq: next() };
}

/** Creates one language of an article; `translationOf` is an item of the article it translates. */
export async function createNewsAction(translationOf: number | null, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const read = readNewsInput(readForm(form));
  if (!read.ok) return invalid(staff.locale, read.errors, form);
  const underPolicy = read.value.state !== 'draft' && requiresApproval('news');
  // Under the policy the article is saved as a draft, and its publication is the proposed change.
  const result = await createNews(await getDb(), underPolicy ? { ...read.value, state: 'draft', publishAt: null } : read.value, staff.actor, translationOf);
  if (!result.ok) return invalid(staff.locale, result.errors, form);
  if (underPolicy) await proposePublication(result.id, read.value, staff.actor, form);
  revalidatePath('/admin/news', 'layout');
  redirect(`/admin/news/${result.id}?done=created`);
}

export async function updateNewsAction(id: number, locale: string, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  // The language of an item never changes: the one it was drawn with is checked, not a posted one.
  const read = readNewsInput({ ...readForm(form), locale });
  if (!read.ok) return invalid(staff.locale, read.errors, form);
  if (read.value.state !== 'draft' && requiresApproval('news')) {
    const db = await getDb();
    const item = await newsForStaff(db, id);
    if (!item) return { status: 'error', message: t('news.notFound'), seq: next() };
    // A draft keeps its texts as typed; a published article stays as it is until the change is approved.
    if (item.status === 'draft') {
      const draft = await updateNews(db, id, { ...read.value, state: 'draft', publishAt: null }, staff.actor);
      if (!draft.ok) return 'notFound' in draft ? { status: 'error', message: t('news.notFound'), seq: next() } : invalid(staff.locale, draft.errors, form);
    }
    const outcome = await proposePublication(id, read.value, staff.actor, form);
    revalidatePath('/admin', 'layout');
    return { ...proposalAnswer(t, outcome, next(), () => t('news.saved')) };
  }
  const result = await updateNews(await getDb(), id, read.value, staff.actor);
  if (!result.ok) return 'notFound' in result ? { status: 'error', message: t('news.notFound'), seq: next() } : invalid(staff.locale, result.errors, form);
  return done(result.changed ? t('news.saved') : t('news.unchanged'));
}

export async function unpublishNewsAction(id: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  // Taking a published article off the site changes what the public reads: under the policy, it is proposed.
  if (requiresApproval('news') && (await newsForStaff(await getDb(), id))?.status === 'published') return proposeRemoval(staff, 'news.unpublish', id);
  const result = await unpublishNews(await getDb(), id, staff.actor);
  if (!result.ok) return { status: 'error', message: t('news.notFound'), seq: next() };
  return done(result.changed ? t('news.unpublished') : t('news.alreadyDraft'));
}

export async function deleteNewsAction(id: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  // A draft is nobody's reading: deleting it needs no approval; deleting a published article does.
  if (requiresApproval('news') && (await newsForStaff(await getDb(), id))?.status === 'published') return proposeRemoval(staff, 'news.delete', id);
  const result = await deleteNews(await getDb(), id, staff.actor);
  if (!result.ok) return { status: 'error', message: adminTranslator(staff.locale)('news.notFound'), seq: next() };
  revalidatePath('/admin/news', 'layout');
  redirect('/admin/news?done=deleted');
}

// ------------------------------------------------------------------ documents

const DOCUMENT_FIELD: Record<string, string> = { empty: 'file', 'too-large': 'file', 'not-pdf': 'file', 'bad-locale': 'locale', 'bad-date': 'publishedAt', 'bad-title': 'title' };

export async function uploadNewsDocumentAction(newsId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  const d = dataTranslator(staff.locale);
  const file = form.get('file');
  const fail = (code: string): FormState => {
    const key = `document.${code}` as 'document.empty';
    return {
      status: 'error',
      message: t('news.invalid'),
      errors: { [DOCUMENT_FIELD[code] ?? 'file']: d.has(key) ? d(key, { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 }) : t('news.notFound') },
      values: submitted(form),
      seq: next(),
    };
  };
  if (!(file instanceof File) || file.size === 0) return fail('empty');
  if (file.size > MAX_DOCUMENT_BYTES) return fail('too-large');
  const title = text(form, 'title').trim();
  const upload = { newsId, publishedAt: text(form, 'publishedAt'), title: title === '' ? undefined : title, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  // A published article's document is read by the public: under the policy, attaching one is proposed.
  if (requiresApproval('news') && (await newsForStaff(await getDb(), newsId))?.status === 'published') {
    const approval = readApprovalForm(form);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    const problem = checkDocumentFile({ name: upload.fileName, size: upload.bytes.byteLength, bytes: upload.bytes }, MAX_DOCUMENT_BYTES);
    if (problem) return fail(problem);
    if (!isIsoDate(upload.publishedAt)) return fail('bad-date');
    if (upload.title !== undefined && upload.title.length > 300) return fail('bad-title');
    const { bytes, ...rest } = upload;
    const input = { ...rest, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength };
    const outcome = await submitChange(await getDb(), 'news.attach', input, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt, file: bytes });
    revalidatePath('/admin', 'layout');
    return proposalAnswer(t, outcome, next(), () => t('news.documents.uploaded'));
  }
  const result = await uploadNewsDocument(await getDb(), upload, staff.actor);
  if (!result.ok) return fail(result.error);
  if (!result.changed) return done(t('news.unchanged'));
  return done(result.replacedId ? t('news.documents.replaced') : t('news.documents.uploaded'));
}

export async function deleteNewsDocumentAction(newsId: number, documentId: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  const current = (await newsDocumentState(await getDb(), newsId))?.current?.id === documentId;
  if (requiresApproval('news') && current && (await newsForStaff(await getDb(), newsId))?.status === 'published') {
    const outcome = await submitChange(await getDb(), 'news.detach', { newsId, documentId }, staff.actor);
    revalidatePath('/admin', 'layout');
    return proposalAnswer(t, outcome, next(), () => t('news.documents.deleted'));
  }
  const result = await deleteNewsDocument(await getDb(), newsId, documentId, staff.actor);
  if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq: next() };
  return done(t('news.documents.deleted'));
}
