'use server';

/**
 * The server actions of the fund data screens (funds, share classes, AUM, documents and NAVs), built with staffAction (same origin, signed in, role; a forbidden one answers 403
 * and changes nothing). Each reads the form into a change's input and hands it to the approval door
 * (src/server/approval/door.ts), which validates it with the command's own checks and proposes or
 * applies it; the action turns the outcome into a FormState with translated texts for the form's
 * live region and fields.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { Locale } from '@/env';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import type { FundInput, ShareInput } from '@/domain/funds/input';
import { field } from '@/domain/forms/form-input';
import { partnerErrorsOnRows, readFundForm, readShareForm } from '@/domain/funds/form';
import { dataTranslator } from '@/i18n/data';
import type { FormState } from '@/components/admin/action-form';
import { saveChange, withFileHash } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { DOCUMENT_FIELD } from '@/server/approval/commands';
import { getDb } from '@/server/db';
import { listFundDocuments, type DocumentOwner } from '@/server/documents/commands';
import { sharesOfFund } from '@/server/funds/staff-queries';
import { approvalInput, doorAnswer, withTaggingWarning } from '@/app/admin/approval-form';

function fieldErrors(locale: Locale, errors: Record<string, string>): Record<string, string> {
  const t = dataTranslator(locale);
  type Key = Parameters<typeof t>[0];
  return Object.fromEntries(
    Object.entries(errors).map(([field, code]) => {
      const key = `field.${code}` as Key;
      return [field, t.has(key) ? t(key) : code];
    }),
  );
}

/** The domain's error codes (src/domain/funds/input.ts), translated for the fields. */
const invalid = ({ staff, fail }: StaffActionContext, errors: Record<string, string>): FormState => fail(fieldErrors(staff.locale, errors));

function done(message: string, seq: number): FormState {
  revalidatePath('/admin/funds', 'layout');
  return { status: 'ok', message, seq };
}

/** Every fund form may carry the approval's note and effective date (the one-click ones too). */
const withApproval = z.object(approvalInput);
type Approval = z.output<typeof withApproval>;
const options = (approval: Approval) => ({ note: approval.approvalNote, effectiveAt: approval.effectiveAt });

const notFound = ({ t, seq }: StaffActionContext) => (): FormState => ({ status: 'error', message: t('data.notFound'), seq });
const unknownDocument = ({ staff, seq }: StaffActionContext) => (): FormState => ({ status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq });
const savedOrNot = ({ t, seq }: StaffActionContext) => (_result: unknown, changed: boolean) => done(changed ? t('data.saved') : t('data.unchanged'), seq);

// ------------------------------------------------------------------ funds

export const createFundAction = staffAction('funds.write', withApproval, async (approval, ctx, _state: FormState): Promise<FormState> => {
  const { raw, errors, partnerRows } = readFundForm(ctx.read, { withAum: true });
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  const outcome = await saveChange(await getDb(), 'fund.create', { raw: raw as Record<string, unknown> }, ctx.staff.actor, options(approval));
  if (outcome.mode === 'published' && outcome.result.ok) {
    revalidatePath('/admin/funds', 'layout');
    redirect(`/admin/funds/${outcome.result.id}?done=created`);
  }
  return doorAnswer(ctx, outcome, {
    published: () => invalid(ctx, {}),
    invalid: (problems) => invalid(ctx, partnerErrorsOnRows(problems.fields, partnerRows)),
    unknown: () => invalid(ctx, { slug: 'taken' }),
  });
});

export const updateFundAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { raw, errors, partnerRows } = readFundForm(ctx.read, { withAum: false });
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  const outcome = await saveChange(await getDb(), 'fund.update', { fundId, patch: raw as Partial<FundInput> }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, { published: savedOrNot(ctx), invalid: (problems) => invalid(ctx, partnerErrorsOnRows(problems.fields, partnerRows)), unknown: notFound(ctx) });
});

export const archiveFundAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const outcome = await saveChange(await getDb(), 'fund.archive', { fundId }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, { published: () => done(ctx.t('funds.archived'), ctx.seq), unknown: notFound(ctx) });
});

const aum = z.object({ aumValue: field.text(), aumDate: field.text(), aumCurrencyCode: field.text(), ...approvalInput });

export const updateAumAction = staffAction('funds.write', aum, async (posted, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq, fail } = ctx;
  const input = { value: posted.aumValue.trim() === '' ? Number.NaN : Number(posted.aumValue.replace(/\s/g, '')), date: posted.aumDate, currency: posted.aumCurrencyCode || undefined };
  const outcome = await saveChange(await getDb(), 'fund.aum', { fundId, ...input }, staff.actor, options(posted));
  const d = dataTranslator(staff.locale);
  return doorAnswer(ctx, outcome, {
    published: (_r, changed) => done(changed ? t('funds.aumSaved') : t('data.unchanged'), seq),
    invalid: (problems) => fail(Object.fromEntries(Object.entries(problems.fields).map(([name, code]) => [name, d(`aum.${code}` as 'aum.bad-value')]))),
    unknown: notFound(ctx),
  });
});

// ------------------------------------------------------------------ share classes

export const createShareAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { raw, errors } = readShareForm(ctx.read);
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  const outcome = await saveChange(await getDb(), 'share.create', { fundId, raw: raw as Record<string, unknown> }, ctx.staff.actor, options(approval));
  if (outcome.mode === 'published' && outcome.result.ok) {
    revalidatePath('/admin/funds', 'layout');
    redirect(`/admin/funds/${fundId}/shares/${outcome.result.id}?done=created`);
  }
  return doorAnswer(ctx, outcome, { published: () => invalid(ctx, {}), invalid: (problems) => invalid(ctx, problems.fields), unknown: () => invalid(ctx, { isinCode: 'taken' }) });
});

export const updateShareAction = staffAction('funds.write', withApproval, async (approval, ctx, shareId: number, _state: FormState): Promise<FormState> => {
  const { raw, errors } = readShareForm(ctx.read);
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  const outcome = await saveChange(await getDb(), 'share.update', { shareId, patch: raw as Partial<ShareInput> }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, { published: savedOrNot(ctx), invalid: (problems) => invalid(ctx, problems.fields), unknown: notFound(ctx) });
});

export const archiveShareAction = staffAction('funds.write', withApproval, async (approval, ctx, shareId: number, _state: FormState): Promise<FormState> => {
  const outcome = await saveChange(await getDb(), 'share.archive', { shareId }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, { published: () => done(ctx.t('shares.archived'), ctx.seq), unknown: notFound(ctx) });
});

const navCorrection = z.object({ isin: field.text(), date: field.text(), nav: field.text(), ...approvalInput });

/** A NAV corrected by hand is fund data: it goes through the door (the import API's NAVs do not). */
export const correctNavAction = staffAction('data.import', navCorrection, async (input, ctx, _state: FormState): Promise<FormState> => {
  const { staff, t, seq, fail } = ctx;
  const navText = input.nav.trim();
  const d = dataTranslator(staff.locale);
  const correction = { isin: input.isin, date: input.date, nav: /^[0-9]+(\.[0-9]+)?$/.test(navText) ? Number(navText) : Number.NaN };
  const outcome = await saveChange(await getDb(), 'nav.correct', correction, staff.actor, options(input));
  return doorAnswer(ctx, outcome, {
    published: (result, changed) => {
      if (!result.ok || !changed) return done(t('data.unchanged'), seq);
      return done(result.old === null ? t('navs.added', { date: input.date, nav: String(result.nav) }) : t('navs.corrected', { date: input.date, old: String(result.old), nav: String(result.nav) }), seq);
    },
    invalid: (problems) => fail(Object.fromEntries(Object.entries(problems.fields).map(([name, code]) => [name, d(`nav.${code}` as 'nav.bad-date')]))),
    unknown: () => fail({ isin: d('nav.unknown-isin') }),
  });
});

// ------------------------------------------------------------------ documents

const documentUpload = z.object({
  file: field.file(),
  owner: field.text(),
  typeCode: field.text(),
  locale: field.text(),
  publishedAt: field.text(),
  title: field.text(),
  published: field.checkbox(),
  countries: field.list(),
  ...approvalInput,
});

export const uploadDocumentAction = staffAction('documents.write', documentUpload, async (input, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq, fail: failWith } = ctx;
  const d = dataTranslator(staff.locale);
  const owner: DocumentOwner = input.owner.startsWith('share:') ? { shareId: Number(input.owner.slice(6)) } : { fundId };
  const fail = (code: string): FormState => failWith({ [DOCUMENT_FIELD[code] ?? 'file']: d(`document.${code}` as 'document.empty', { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 }) });
  const file = input.file;
  if (!file) return fail('empty');
  if (file.size > MAX_DOCUMENT_BYTES) return fail('too-large');
  // A share of another fund cannot be reached from this fund's screen.
  const db = await getDb();
  if ('shareId' in owner) {
    if (!(await sharesOfFund(db, fundId)).some((s) => s.id === owner.shareId)) return fail('unknown-owner');
  }
  const title = input.title.trim();
  const upload = withFileHash({
    owner,
    typeCode: input.typeCode,
    locale: input.locale,
    publishedAt: input.publishedAt,
    title: title === '' ? undefined : title,
    fileName: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    published: input.published,
    countries: input.countries,
  });
  const outcome = await saveChange(db, 'document.upload', upload.input, staff.actor, { ...options(input), file: upload.file });
  const answer = doorAnswer(ctx, outcome, {
    published: (result, changed) => (!changed ? done(t('data.unchanged'), seq) : done(result.ok && result.replacedId ? t('documents.replaced') : t('documents.uploaded'), seq)),
    invalid: (problems) => fail(Object.values(problems.fields)[0] ?? 'empty'),
    unknown: () => fail('unknown-type'),
  });
  return withTaggingWarning(ctx, outcome, answer, upload.file);
});

/** A document version of this fund or of its share classes (a document of another fund is refused). */
async function ofFund(fundId: number, documentId: number): Promise<boolean> {
  return Number.isSafeInteger(documentId) && (await listFundDocuments(await getDb(), fundId)).some((row) => row.id === documentId);
}

export const setDocumentPublishedAction = staffAction(
  'documents.write',
  withApproval,
  async (approval, ctx, documentId: number, published: boolean, _state: FormState): Promise<FormState> => {
    const { t, seq } = ctx;
    const outcome = await saveChange(await getDb(), 'document.publish', { documentId, published: published === true }, ctx.staff.actor, options(approval));
    return doorAnswer(ctx, outcome, { published: () => done(published ? t('documents.publishedDone') : t('documents.unpublishedDone'), seq), unknown: unknownDocument(ctx) });
  },
);

/** The countries of one document of this fund or of its share classes (a document of another fund is refused). */
export const setDocumentCountriesAction = staffAction(
  'documents.write',
  z.object({ countries: field.list(), document: field.text(), ...approvalInput }),
  async (input, ctx, fundId: number, _state: FormState): Promise<FormState> => {
    const { staff, t, seq } = ctx;
    const wanted = input.countries;
    const documentId = Number(input.document);
    const d = dataTranslator(staff.locale);
    if (!(await ofFund(fundId, documentId))) return unknownDocument(ctx)();
    const outcome = await saveChange(await getDb(), 'document.countries', { documentId, countries: wanted }, staff.actor, options(input));
    return doorAnswer(ctx, outcome, {
      published: (_r, changed) => (!changed ? done(t('data.unchanged'), seq) : done(wanted.length === 0 ? t('documents.countriesAll') : t('documents.countriesSaved', { countries: wanted.join(', ') }), seq)),
      invalid: () => ({ status: 'error', message: d('document.unknown-country'), seq }),
      unknown: unknownDocument(ctx),
    });
  },
);

export const deleteDocumentAction = staffAction('documents.write', withApproval, async (approval, ctx, documentId: number, _state: FormState): Promise<FormState> => {
  const outcome = await saveChange(await getDb(), 'document.delete', { documentId }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, { published: () => done(ctx.t('documents.deleted'), ctx.seq), unknown: unknownDocument(ctx) });
});
