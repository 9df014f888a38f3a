'use server';

/**
 * The server actions of the fund data screens (funds, share classes, AUM, documents, NAVs and the
 * CSV imports), built with staffAction (same origin, signed in, role; a forbidden one answers 403
 * and changes nothing). Each reads the form, calls the service in src/server (which validates,
 * writes, audits and publishes), and answers a FormState with translated texts for the form's
 * live region and fields.
 */
import { createHash } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { Locale } from '@/env';
import { parseBenchmarkCsv, type BenchmarkRow } from '@/domain/csv/benchmarks';
import { isIsoDate } from '@/domain/dates';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { validateFund, validateShare, type FundInput, type ShareInput } from '@/domain/funds/input';
import { field } from '@/domain/forms/form-input';
import { partnerErrorsOnRows, readFundForm, readShareForm } from '@/domain/funds/form';
import type { ApprovalArea, ChangeKind } from '@/domain/staff/approval';
import type { CsvError } from '@/domain/csv/import';
import { parseNavCsv, type NavRow } from '@/domain/csv/navs';
import { parsePortfolioCsv, type PortfolioRow } from '@/domain/csv/portfolio';
import { parseRegistrationCsv, type RegistrationRow } from '@/domain/csv/registrations';
import { parseScenarioCsv, type ScenarioRow } from '@/domain/csv/scenarios';
import { dataTranslator } from '@/i18n/data';
import type { FormState } from '@/components/admin/action-form';
import type { ImportState, ImportKind } from '@/components/admin/import-form';
import { requiresApproval, submitChange } from '@/server/approval/service';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import type { ChangeInput } from '@/server/approval/commands';
import type { Actor } from '@/server/audit/record';
import { commitBenchmarkImport, previewBenchmarkImport, type BenchmarkPreview } from '@/server/benchmarks/import';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import { deleteDocument, documentForReview, listFundDocuments, setDocumentCountries, setDocumentPublished, uploadDocument, type DocumentOwner } from '@/server/documents/commands';
import { fundForStaff, shareForStaff, sharesOfFund } from '@/server/funds/staff-queries';
import { updateFundAum } from '@/server/funds/aum';
import { archiveFund, archiveShare, createFund, createShare, updateFund, updateShare } from '@/server/funds/commands';
import { commitNavImport, correctNav, previewNavImport, type NavPreview } from '@/server/navs/import';
import { commitPortfolioImport, previewPortfolioImport, type PortfolioPreview } from '@/server/portfolios/import';
import { commitRegistrationImport, previewRegistrationImport, type RegistrationPreview } from '@/server/registrations/commands';
import { commitScenarioImport, previewScenarioImport, type ScenarioPreview } from '@/server/scenarios/import';
import { approvalInput, proposalAnswer, proposedDocument } from './approval-form';
import { ImportPreview } from './import-preview';

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

/** The answer to a proposal: the back-office's counts and lists change, the public site does not. */
function proposed(answer: FormState): FormState {
  revalidatePath('/admin', 'layout');
  return answer;
}

function done(message: string, seq: number): FormState {
  revalidatePath('/admin/funds', 'layout');
  return { status: 'ok', message, seq };
}

/** Every fund form may carry the approval's note and effective date (the one-click ones too). */
const withApproval = z.object(approvalInput);
type Approval = z.output<typeof withApproval>;

/**
 * A change of what the public reads, under the approval policy: stored as a proposed change with
 * the form's note and effective date, for another person to approve (docs/approval.md). `unknown`
 * answers a target the command cannot read (gone, or a slug or ISIN taken since).
 */
async function propose<K extends ChangeKind>(ctx: StaffActionContext, approval: Approval, kind: K, input: ChangeInput[K], unknown: () => FormState): Promise<FormState> {
  const { staff, t, seq } = ctx;
  const outcome = await submitChange(await getDb(), kind, input, staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
  if (outcome.mode === 'error') return unknown();
  return proposed(proposalAnswer(t, outcome, seq, () => t('data.saved')));
}

const notFound = ({ t, seq }: StaffActionContext) => (): FormState => ({ status: 'error', message: t('data.notFound'), seq });
const unknownDocument = ({ staff, seq }: StaffActionContext) => (): FormState => ({ status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq });

/** Whether a change of this document waits for approval: only a change of a current version reaches the public. */
async function documentNeedsApproval(area: ApprovalArea, documentId: number): Promise<boolean> {
  if (!requiresApproval(area)) return false;
  const doc = await documentForReview(await getDb(), documentId);
  return doc !== null && doc.state.current;
}

// ------------------------------------------------------------------ funds

export const createFundAction = staffAction('funds.write', withApproval, async (approval, ctx, _state: FormState): Promise<FormState> => {
  const { raw, errors, partnerRows } = readFundForm(ctx.read, { withAum: true });
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  if (requiresApproval('funds')) {
    // Checked now as the command will check it, so the author sees the errors, not the reviewer.
    const check = validateFund(raw);
    if (!check.ok) return invalid(ctx, partnerErrorsOnRows(check.errors, partnerRows));
    return propose(ctx, approval, 'fund.create', { raw: raw as Record<string, unknown> }, () => invalid(ctx, { slug: 'taken' }));
  }
  const result = await createFund(await getDb(), raw, ctx.staff.actor);
  if (!result.ok) return invalid(ctx, partnerErrorsOnRows(result.errors, partnerRows));
  revalidatePath('/admin/funds', 'layout');
  redirect(`/admin/funds/${result.id}?done=created`);
});

export const updateFundAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  const { raw, errors, partnerRows } = readFundForm(ctx.read, { withAum: false });
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  if (requiresApproval('funds')) {
    // Checked now as the command will check it, so the author sees the errors, not the reviewer.
    const check = validateFund({ ...(await fundForStaff(await getDb(), fundId)), ...raw });
    if (!check.ok) return invalid(ctx, partnerErrorsOnRows(check.errors, partnerRows));
    const outcome = await submitChange(await getDb(), 'fund.update', { fundId, patch: raw as Partial<FundInput> }, staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
    return proposed(proposalAnswer(t, outcome, seq, (changed) => (changed ? t('data.saved') : t('data.unchanged'))));
  }
  const result = await updateFund(await getDb(), fundId, raw, staff.actor);
  if (!result.ok) return invalid(ctx, partnerErrorsOnRows(result.errors, partnerRows));
  return done(result.changed ? t('data.saved') : t('data.unchanged'), seq);
});

export const archiveFundAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  if (requiresApproval('funds')) return propose(ctx, approval, 'fund.archive', { fundId }, notFound(ctx));
  const result = await archiveFund(await getDb(), fundId, staff.actor);
  if (!result.ok) return { status: 'error', message: t('data.notFound'), seq };
  return done(t('funds.archived'), seq);
});

const aum = z.object({ aumValue: field.text(), aumDate: field.text(), aumCurrencyCode: field.text(), ...approvalInput });

export const updateAumAction = staffAction('funds.write', aum, async (posted, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq, fail } = ctx;
  const input = { value: posted.aumValue.trim() === '' ? Number.NaN : Number(posted.aumValue.replace(/\s/g, '')), date: posted.aumDate, currency: posted.aumCurrencyCode || undefined };
  const aumError = (error: 'unknown-fund' | 'bad-value' | 'bad-date' | 'unknown-currency'): FormState => {
    const name = error === 'bad-date' ? 'aumDate' : error === 'unknown-currency' ? 'aumCurrencyCode' : 'aumValue';
    return fail({ [name]: dataTranslator(staff.locale)(`aum.${error}`) });
  };
  if (requiresApproval('funds')) {
    if (!Number.isFinite(input.value) || input.value < 0 || input.value >= 1e18) return aumError('bad-value');
    if (!isIsoDate(input.date)) return aumError('bad-date');
    return propose(ctx, posted, 'fund.aum', { fundId, ...input }, notFound(ctx));
  }
  const result = await updateFundAum(await getDb(), fundId, input, staff.actor);
  if (!result.ok) return aumError(result.error);
  return done(result.changed ? t('funds.aumSaved') : t('data.unchanged'), seq);
});

// ------------------------------------------------------------------ share classes

export const createShareAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const { raw, errors } = readShareForm(ctx.read);
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  if (requiresApproval('funds')) {
    const check = validateShare(raw);
    if (!check.ok) return invalid(ctx, check.errors);
    return propose(ctx, approval, 'share.create', { fundId, raw: raw as Record<string, unknown> }, () => invalid(ctx, { isinCode: 'taken' }));
  }
  const result = await createShare(await getDb(), fundId, raw, ctx.staff.actor);
  if (!result.ok) return invalid(ctx, result.errors);
  revalidatePath('/admin/funds', 'layout');
  redirect(`/admin/funds/${fundId}/shares/${result.id}?done=created`);
});

export const updateShareAction = staffAction('funds.write', withApproval, async (approval, ctx, shareId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  const { raw, errors } = readShareForm(ctx.read);
  if (Object.keys(errors).length > 0) return invalid(ctx, errors);
  if (requiresApproval('funds')) {
    const check = validateShare({ ...(await shareForStaff(await getDb(), shareId)), ...raw });
    if (!check.ok) return invalid(ctx, check.errors);
    const outcome = await submitChange(await getDb(), 'share.update', { shareId, patch: raw as Partial<ShareInput> }, staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
    return proposed(proposalAnswer(t, outcome, seq, (changed) => (changed ? t('data.saved') : t('data.unchanged'))));
  }
  const result = await updateShare(await getDb(), shareId, raw, staff.actor);
  if (!result.ok) return invalid(ctx, result.errors);
  return done(result.changed ? t('data.saved') : t('data.unchanged'), seq);
});

export const archiveShareAction = staffAction('funds.write', withApproval, async (approval, ctx, shareId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  if (requiresApproval('funds')) return propose(ctx, approval, 'share.archive', { shareId }, notFound(ctx));
  const result = await archiveShare(await getDb(), shareId, staff.actor);
  if (!result.ok) return { status: 'error', message: t('data.notFound'), seq };
  return done(t('shares.archived'), seq);
});

const navCorrection = z.object({ isin: field.text(), date: field.text(), nav: field.text(), ...approvalInput });

export const correctNavAction = staffAction('data.import', navCorrection, async (input, { staff, t, seq, fail }, _state: FormState): Promise<FormState> => {
  const navText = input.nav.trim();
  const d = dataTranslator(staff.locale);
  const correction = { isin: input.isin, date: input.date, nav: /^[0-9]+(\.[0-9]+)?$/.test(navText) ? Number(navText) : Number.NaN };
  // A NAV corrected by hand is fund data: it follows the policy (the import API's NAVs do not).
  if (requiresApproval('funds')) {
    const problem = !isIsoDate(correction.date) ? 'bad-date' : !(correction.nav > 0) ? 'bad-nav' : null;
    if (problem) return fail({ [problem === 'bad-date' ? 'date' : 'nav']: d(`nav.${problem}`) });
    const outcome = await submitChange(await getDb(), 'nav.correct', correction, staff.actor, { note: input.approvalNote, effectiveAt: input.effectiveAt });
    if (outcome.mode === 'error') return fail({ isin: d('nav.unknown-isin') });
    return proposed(proposalAnswer(t, outcome, seq, () => t('data.saved')));
  }
  const result = await correctNav(await getDb(), correction, staff.actor);
  if (!result.ok) {
    const name = result.error === 'bad-date' ? 'date' : result.error === 'bad-nav' ? 'nav' : 'isin';
    return fail({ [name]: d(`nav.${result.error}`) });
  }
  if (!result.changed) return done(t('data.unchanged'), seq);
  return done(result.old === null ? t('navs.added', { date: input.date, nav: String(result.nav) }) : t('navs.corrected', { date: input.date, old: String(result.old), nav: String(result.nav) }), seq);
});

// ------------------------------------------------------------------ documents

const DOCUMENT_FIELD: Record<string, string> = {
  empty: 'file',
  'too-large': 'file',
  'not-pdf': 'file',
  'unknown-owner': 'owner',
  'unknown-type': 'typeCode',
  'bad-locale': 'locale',
  'bad-date': 'publishedAt',
  'bad-title': 'title',
  'unknown-country': 'countries',
};

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

export const uploadDocumentAction = staffAction('documents.write', documentUpload, async (input, { staff, t, seq, fail: failWith }, fundId: number, _state: FormState): Promise<FormState> => {
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
  const upload = {
    owner,
    typeCode: input.typeCode,
    locale: input.locale,
    publishedAt: input.publishedAt,
    title: title === '' ? undefined : title,
    fileName: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    published: input.published,
    countries: input.countries,
  };
  if (requiresApproval('documents')) {
    const proposal = proposedDocument(upload);
    if (!proposal.ok) return fail(proposal.problem);
    const outcome = await submitChange(db, 'document.upload', proposal.input, staff.actor, { note: input.approvalNote, effectiveAt: input.effectiveAt, file: proposal.bytes });
    if (outcome.mode === 'error') return fail('unknown-type');
    return proposed(proposalAnswer(t, outcome, seq, () => t('documents.uploaded')));
  }
  const result = await uploadDocument(db, upload, staff.actor);
  if (!result.ok) return fail(result.error);
  if (!result.changed) return done(t('data.unchanged'), seq);
  return done(result.replacedId ? t('documents.replaced') : t('documents.uploaded'), seq);
});

export const setDocumentPublishedAction = staffAction(
  'documents.write',
  withApproval,
  async (approval, ctx, documentId: number, published: boolean, _state: FormState): Promise<FormState> => {
    const { staff, t, seq } = ctx;
    if (await documentNeedsApproval('documents', documentId)) return propose(ctx, approval, 'document.publish', { documentId, published }, unknownDocument(ctx));
    const result = await setDocumentPublished(await getDb(), documentId, published, staff.actor);
    if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq };
    return done(published ? t('documents.publishedDone') : t('documents.unpublishedDone'), seq);
  },
);

/** The countries of one current document of this fund or of its share classes (a document of another fund is refused). */
export const setDocumentCountriesAction = staffAction(
  'documents.write',
  z.object({ countries: field.list(), document: field.text(), ...approvalInput }),
  async (input, ctx, fundId: number, _state: FormState): Promise<FormState> => {
    const { staff, t, seq } = ctx;
    const wanted = input.countries;
    const documentId = Number(input.document);
    const d = dataTranslator(staff.locale);
    const db = await getDb();
    if (!Number.isSafeInteger(documentId) || !(await listFundDocuments(db, fundId)).some((row) => row.id === documentId)) {
      return { status: 'error', message: d('document.unknown-document'), seq };
    }
    if (await documentNeedsApproval('documents', documentId)) return propose(ctx, input, 'document.countries', { documentId, countries: wanted }, unknownDocument(ctx));
    const result = await setDocumentCountries(db, documentId, wanted, staff.actor);
    if (!result.ok) return { status: 'error', message: d(`document.${result.error}`), seq };
    if (!result.changed) return done(t('data.unchanged'), seq);
    return done(wanted.length === 0 ? t('documents.countriesAll') : t('documents.countriesSaved', { countries: wanted.join(', ') }), seq);
  },
);

export const deleteDocumentAction = staffAction('documents.write', withApproval, async (approval, ctx, documentId: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  if (await documentNeedsApproval('documents', documentId)) return propose(ctx, approval, 'document.delete', { documentId }, unknownDocument(ctx));
  const result = await deleteDocument(await getDb(), documentId, staff.actor);
  if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq };
  return done(t('documents.deleted'), seq);
});

// ------------------------------------------------------------------ CSV imports

function csvMessages(locale: Locale, errors: CsvError[]): { line: number; text: string }[] {
  const d = dataTranslator(locale);
  return errors.map((e) => ({ line: e.line, text: d('line', { line: e.line, message: d(`csv.${e.code}`, e.params) }) }));
}

type ImportPreviewData = NavPreview | BenchmarkPreview | PortfolioPreview | ScenarioPreview | RegistrationPreview;
type ImportService = {
  parse: (text: string) => { ok: true; rows: unknown[] } | { ok: false; errors: CsvError[] };
  preview: (db: Db, rows: unknown[]) => Promise<ImportPreviewData | { ok: false; errors: CsvError[] }>;
  commit: (db: Db, rows: unknown[], actor: Actor, source: string) => Promise<{ ok: true; written: number } | { ok: false; errors: CsvError[] }>;
};

/** Each kind's parser and services; the rows a parser returns are the ones its services take. */
const IMPORTS: Record<ImportKind, ImportService> = {
  navs: {
    parse: parseNavCsv,
    preview: (db, rows) => previewNavImport(db, rows as NavRow[]),
    commit: (db, rows, actor, source) => commitNavImport(db, rows as NavRow[], actor, { source }),
  },
  benchmarks: {
    parse: parseBenchmarkCsv,
    preview: (db, rows) => previewBenchmarkImport(db, rows as BenchmarkRow[]),
    commit: (db, rows, actor, source) => commitBenchmarkImport(db, rows as BenchmarkRow[], actor, { source }),
  },
  portfolios: {
    parse: parsePortfolioCsv,
    preview: (db, rows) => previewPortfolioImport(db, rows as PortfolioRow[]),
    commit: (db, rows, actor) => commitPortfolioImport(db, rows as PortfolioRow[], actor),
  },
  scenarios: {
    parse: parseScenarioCsv,
    preview: (db, rows) => previewScenarioImport(db, rows as ScenarioRow[]),
    commit: (db, rows, actor, source) => commitScenarioImport(db, rows as ScenarioRow[], actor, { source }),
  },
  registrations: {
    parse: parseRegistrationCsv,
    preview: (db, rows) => previewRegistrationImport(db, rows as RegistrationRow[]),
    commit: (db, rows, actor, source) => commitRegistrationImport(db, rows as RegistrationRow[], actor, { source }),
  },
};

/** The registration matrix is changed by those who may change it, not by the data role's imports. */
const IMPORT_PERMISSION = (kind: unknown) => (kind === 'registrations' ? 'registrations.write' : 'data.import');

const csvImport = z.object({ file: field.file(), intent: field.text(), previewHash: field.text() });

/**
 * Preview (nothing written) or commit of a CSV file. The preview answers the SHA-256 of the text
 * it read; "Confirm" posts the same file again with that hash, and a different file is refused: what
 * is written is exactly what was previewed, and no uploaded text is kept on the server meanwhile.
 */
export const importAction = staffAction(
  IMPORT_PERMISSION,
  csvImport,
  async (input, { staff, t, seq }, kind: ImportKind, _state: ImportState): Promise<ImportState> => {
    if (!Object.hasOwn(IMPORTS, kind)) return { status: 'error', seq };
    const file = input.file;
    if (!file) return { status: 'error', message: t('imports.noFile'), seq };
    const text = await file.text();
    const hash = createHash('sha256').update(text).digest('hex');
    const intent = input.intent === 'commit' ? 'commit' : 'preview';
    if (intent === 'commit' && input.previewHash !== hash) return { status: 'error', message: t('imports.changed'), seq };
    const db = await getDb();
    const source = `back-office:${file.name.slice(0, 200)}`;

    const service = IMPORTS[kind];
    const parsed = service.parse(text);
    if (!parsed.ok) return { status: 'error', message: t('imports.rejected', { count: parsed.errors.length }), lines: csvMessages(staff.locale, parsed.errors), seq };

    if (intent === 'preview') {
      const preview = await service.preview(db, parsed.rows);
      if (!preview.ok) return { status: 'error', message: t('imports.rejected', { count: preview.errors.length }), lines: csvMessages(staff.locale, preview.errors), seq };
      return {
        status: 'ok',
        message: t('imports.previewReady', { file: file.name }),
        hash,
        preview: <ImportPreview kind={kind} preview={preview} locale={staff.locale} />,
        seq,
      };
    }
    const committed = await service.commit(db, parsed.rows, staff.actor, source);
    if (!committed.ok) return { status: 'error', message: t('imports.rejected', { count: committed.errors.length }), lines: csvMessages(staff.locale, committed.errors), seq };
    revalidatePath('/admin/funds', 'layout');
    return { status: 'ok', message: t('imports.committed', { written: committed.written }), seq };
  },
);
