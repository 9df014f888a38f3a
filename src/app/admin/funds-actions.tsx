'use server';

/**
 * The server actions of the fund data screens (funds, share classes, AUM, documents, NAVs and the
 * CSV imports). Each one checks the request first (requireStaffAction: same origin, signed in,
 * role; a forbidden one answers 403 and changes nothing), reads the form, calls the service in
 * src/server (which validates, writes, audits and publishes), and answers a FormState with
 * translated texts for the form's live region and fields.
 */
import { createHash } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { Locale } from '@/env';
import { parseBenchmarkCsv, type BenchmarkRow } from '@/domain/benchmark-csv';
import { isIsoDate } from '@/domain/dates';
import { checkDocumentFile, MAX_DOCUMENT_BYTES } from '@/domain/document-file';
import { validateFund, validateShare, type FundInput, type ShareInput } from '@/domain/fund-input';
import { partnerErrorsOnRows, readFundForm, readShareForm, type FormReader } from '@/domain/fund-form';
import type { ApprovalArea, ChangeKind } from '@/domain/approval';
import type { CsvError } from '@/domain/import-csv';
import { parseNavCsv, type NavRow } from '@/domain/nav-csv';
import { parsePortfolioCsv, type PortfolioRow } from '@/domain/portfolio-csv';
import { parseRegistrationCsv, type RegistrationRow } from '@/domain/registration-csv';
import { parseScenarioCsv, type ScenarioRow } from '@/domain/scenario-csv';
import { adminTranslator } from '@/i18n/admin';
import { dataTranslator } from '@/i18n/data';
import type { FormState } from '@/components/admin/action-form';
import type { ImportState, ImportKind } from '@/components/admin/import-form';
import { requiresApproval, submitChange } from '@/server/approval/service';
import { requireStaffAction, type Staff } from '@/server/auth/staff';
import type { ChangeInput } from '@/server/approval/commands';
import type { Actor } from '@/server/audit/record';
import { commitBenchmarkImport, previewBenchmarkImport, type BenchmarkPreview } from '@/server/benchmarks/import';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import { deleteDocument, documentForReview, listFundDocuments, setDocumentCountries, setDocumentPublished, uploadDocument, type DocumentOwner } from '@/server/documents/manage';
import { fundForStaff, shareForStaff, sharesOfFund } from '@/server/funds/admin-read';
import { updateFundAum } from '@/server/funds/aum';
import { archiveFund, archiveShare, createFund, createShare, updateFund, updateShare } from '@/server/funds/manage';
import { commitNavImport, correctNav, previewNavImport, type NavPreview } from '@/server/navs/import';
import { commitPortfolioImport, previewPortfolioImport, type PortfolioPreview } from '@/server/portfolios/import';
import { commitRegistrationImport, previewRegistrationImport, type RegistrationPreview } from '@/server/registrations/manage';
import { commitScenarioImport, previewScenarioImport, type ScenarioPreview } from '@/server/scenarios/import';
import { badEffectiveAt, proposalAnswer, readApprovalForm } from './approval-form';
import { ImportPreview } from './import-preview';

function reader(form: FormData): FormReader {
  return {
    get: (name) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : '';
    },
    getAll: (name) => form.getAll(name).filter((v): v is string => typeof v === 'string'),
  };
}

/** The submitted text fields, to draw the form again after an error. */
function submitted(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string' || key.startsWith('$ACTION')) continue;
    const previous = values[key];
    values[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return values;
}

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

let seq = 0;
const next = () => ++seq;

function invalid(locale: Locale, errors: Record<string, string>, form: FormData): FormState {
  return { status: 'error', message: adminTranslator(locale)('data.invalid'), errors: fieldErrors(locale, errors), values: submitted(form), seq: next() };
}

/** The answer to a proposal: the back-office's counts and lists change, the public site does not. */
function proposed(answer: FormState): FormState {
  revalidatePath('/admin', 'layout');
  return answer;
}

function done(message: string): FormState {
  revalidatePath('/admin/funds', 'layout');
  return { status: 'ok', message, seq: next() };
}

/**
 * A change of what the public reads, under the approval policy: stored as a proposed change with
 * the form's note and effective date, for another person to approve (docs/approval.md). `unknown`
 * answers a target the command cannot read (gone, or a slug or ISIN taken since).
 */
async function propose<K extends ChangeKind>(staff: Staff, kind: K, input: ChangeInput[K], form: FormData, unknown: () => FormState): Promise<FormState> {
  const t = adminTranslator(staff.locale);
  const approval = readApprovalForm(form);
  if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
  const outcome = await submitChange(await getDb(), kind, input, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
  if (outcome.mode === 'error') return unknown();
  return proposed(proposalAnswer(t, outcome, next(), () => t('data.saved')));
}

const notFound = (staff: Staff) => (): FormState => ({ status: 'error', message: adminTranslator(staff.locale)('data.notFound'), seq: next() });
const unknownDocument = (staff: Staff) => (): FormState => ({ status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq: next() });

/** Whether a change of this document waits for approval: only a change of a current version reaches the public. */
async function documentNeedsApproval(area: ApprovalArea, documentId: number): Promise<boolean> {
  if (!requiresApproval(area)) return false;
  const doc = await documentForReview(await getDb(), documentId);
  return doc !== null && doc.state.current;
}

// ------------------------------------------------------------------ funds

export async function createFundAction(_state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  const { raw, errors, partnerRows } = readFundForm(reader(form), { withAum: true });
  if (Object.keys(errors).length > 0) return invalid(staff.locale, errors, form);
  if (requiresApproval('funds')) {
    // Checked now as the command will check it, so the author sees the errors, not the reviewer.
    const check = validateFund(raw);
    if (!check.ok) return invalid(staff.locale, partnerErrorsOnRows(check.errors, partnerRows), form);
    return propose(staff, 'fund.create', { raw: raw as Record<string, unknown> }, form, () => invalid(staff.locale, { slug: 'taken' }, form));
  }
  const result = await createFund(await getDb(), raw, staff.actor);
  if (!result.ok) return invalid(staff.locale, partnerErrorsOnRows(result.errors, partnerRows), form);
  revalidatePath('/admin/funds', 'layout');
  redirect(`/admin/funds/${result.id}?done=created`);
}

export async function updateFundAction(fundId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  const { raw, errors, partnerRows } = readFundForm(reader(form), { withAum: false });
  if (Object.keys(errors).length > 0) return invalid(staff.locale, errors, form);
  if (requiresApproval('funds')) {
    const approval = readApprovalForm(form);
    const t = adminTranslator(staff.locale);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    // Checked now as the command will check it, so the author sees the errors, not the reviewer.
    const check = validateFund({ ...(await fundForStaff(await getDb(), fundId)), ...raw });
    if (!check.ok) return invalid(staff.locale, partnerErrorsOnRows(check.errors, partnerRows), form);
    const outcome = await submitChange(await getDb(), 'fund.update', { fundId, patch: raw as Partial<FundInput> }, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
    return proposed(proposalAnswer(t, outcome, next(), (changed) => (changed ? t('data.saved') : t('data.unchanged'))));
  }
  const result = await updateFund(await getDb(), fundId, raw, staff.actor);
  if (!result.ok) return invalid(staff.locale, partnerErrorsOnRows(result.errors, partnerRows), form);
  const t = adminTranslator(staff.locale);
  return done(result.changed ? t('data.saved') : t('data.unchanged'));
}

export async function archiveFundAction(fundId: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  if (requiresApproval('funds')) return propose(staff, 'fund.archive', { fundId }, _form, notFound(staff));
  const result = await archiveFund(await getDb(), fundId, staff.actor);
  const t = adminTranslator(staff.locale);
  if (!result.ok) return { status: 'error', message: t('data.notFound'), seq: next() };
  return done(t('funds.archived'));
}

export async function updateAumAction(fundId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  const f = reader(form);
  const value = Number(f.get('aumValue').replace(/\s/g, ''));
  const input = { value: f.get('aumValue').trim() === '' ? Number.NaN : value, date: f.get('aumDate'), currency: f.get('aumCurrencyCode') || undefined };
  const t = adminTranslator(staff.locale);
  const aumError = (error: 'unknown-fund' | 'bad-value' | 'bad-date' | 'unknown-currency'): FormState => {
    const field = error === 'bad-date' ? 'aumDate' : error === 'unknown-currency' ? 'aumCurrencyCode' : 'aumValue';
    return { status: 'error', message: t('data.invalid'), errors: { [field]: dataTranslator(staff.locale)(`aum.${error}`) }, values: submitted(form), seq: next() };
  };
  if (requiresApproval('funds')) {
    if (!Number.isFinite(input.value) || input.value < 0 || input.value >= 1e18) return aumError('bad-value');
    if (!isIsoDate(input.date)) return aumError('bad-date');
    return propose(staff, 'fund.aum', { fundId, ...input }, form, notFound(staff));
  }
  const result = await updateFundAum(await getDb(), fundId, input, staff.actor);
  if (!result.ok) return aumError(result.error);
  return done(result.changed ? t('funds.aumSaved') : t('data.unchanged'));
}

// ------------------------------------------------------------------ share classes

export async function createShareAction(fundId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  const { raw, errors } = readShareForm(reader(form));
  if (Object.keys(errors).length > 0) return invalid(staff.locale, errors, form);
  if (requiresApproval('funds')) {
    const check = validateShare(raw);
    if (!check.ok) return invalid(staff.locale, check.errors, form);
    return propose(staff, 'share.create', { fundId, raw: raw as Record<string, unknown> }, form, () => invalid(staff.locale, { isinCode: 'taken' }, form));
  }
  const result = await createShare(await getDb(), fundId, raw, staff.actor);
  if (!result.ok) return invalid(staff.locale, result.errors, form);
  revalidatePath('/admin/funds', 'layout');
  redirect(`/admin/funds/${fundId}/shares/${result.id}?done=created`);
}

export async function updateShareAction(shareId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  const { raw, errors } = readShareForm(reader(form));
  if (Object.keys(errors).length > 0) return invalid(staff.locale, errors, form);
  if (requiresApproval('funds')) {
    const approval = readApprovalForm(form);
    const t = adminTranslator(staff.locale);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    const check = validateShare({ ...(await shareForStaff(await getDb(), shareId)), ...raw });
    if (!check.ok) return invalid(staff.locale, check.errors, form);
    const outcome = await submitChange(await getDb(), 'share.update', { shareId, patch: raw as Partial<ShareInput> }, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
    return proposed(proposalAnswer(t, outcome, next(), (changed) => (changed ? t('data.saved') : t('data.unchanged'))));
  }
  const result = await updateShare(await getDb(), shareId, raw, staff.actor);
  if (!result.ok) return invalid(staff.locale, result.errors, form);
  const t = adminTranslator(staff.locale);
  return done(result.changed ? t('data.saved') : t('data.unchanged'));
}

export async function archiveShareAction(shareId: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('funds.write');
  if (requiresApproval('funds')) return propose(staff, 'share.archive', { shareId }, _form, notFound(staff));
  const result = await archiveShare(await getDb(), shareId, staff.actor);
  const t = adminTranslator(staff.locale);
  if (!result.ok) return { status: 'error', message: t('data.notFound'), seq: next() };
  return done(t('shares.archived'));
}

export async function correctNavAction(_state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('data.import');
  const f = reader(form);
  const navText = f.get('nav').trim();
  const t = adminTranslator(staff.locale);
  const correction = { isin: f.get('isin'), date: f.get('date'), nav: /^[0-9]+(\.[0-9]+)?$/.test(navText) ? Number(navText) : Number.NaN };
  // A NAV corrected by hand is fund data: it follows the policy (the import API's NAVs do not).
  if (requiresApproval('funds')) {
    const approval = readApprovalForm(form);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    const problem = !isIsoDate(correction.date) ? 'bad-date' : !(correction.nav > 0) ? 'bad-nav' : null;
    if (problem) return { status: 'error', message: t('data.invalid'), errors: { [problem === 'bad-date' ? 'date' : 'nav']: dataTranslator(staff.locale)(`nav.${problem}`) }, values: submitted(form), seq: next() };
    const outcome = await submitChange(await getDb(), 'nav.correct', correction, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
    if (outcome.mode === 'error') return { status: 'error', message: t('data.invalid'), errors: { isin: dataTranslator(staff.locale)('nav.unknown-isin') }, values: submitted(form), seq: next() };
    return proposed(proposalAnswer(t, outcome, next(), () => t('data.saved')));
  }
  const result = await correctNav(await getDb(), correction, staff.actor);
  if (!result.ok) {
    const field = result.error === 'bad-date' ? 'date' : result.error === 'bad-nav' ? 'nav' : 'isin';
    return { status: 'error', message: t('data.invalid'), errors: { [field]: dataTranslator(staff.locale)(`nav.${result.error}`) }, values: submitted(form), seq: next() };
  }
  if (!result.changed) return done(t('data.unchanged'));
  return done(result.old === null ? t('navs.added', { date: f.get('date'), nav: String(result.nav) }) : t('navs.corrected', { date: f.get('date'), old: String(result.old), nav: String(result.nav) }));
}

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

export async function uploadDocumentAction(fundId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('documents.write');
  const f = reader(form);
  const t = adminTranslator(staff.locale);
  const d = dataTranslator(staff.locale);
  const file = form.get('file');
  const ownerValue = f.get('owner');
  const owner: DocumentOwner = ownerValue.startsWith('share:') ? { shareId: Number(ownerValue.slice(6)) } : { fundId };
  const fail = (code: string): FormState => ({
    status: 'error',
    message: t('data.invalid'),
    errors: { [DOCUMENT_FIELD[code] ?? 'file']: d(`document.${code}` as 'document.empty', { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 }) },
    values: submitted(form),
    seq: next(),
  });
  if (!(file instanceof File) || file.size === 0) return fail('empty');
  if (file.size > MAX_DOCUMENT_BYTES) return fail('too-large');
  // A share of another fund cannot be reached from this fund's screen.
  const db = await getDb();
  if ('shareId' in owner) {
    if (!(await sharesOfFund(db, fundId)).some((s) => s.id === owner.shareId)) return fail('unknown-owner');
  }
  const title = f.get('title').trim();
  const upload = {
    owner,
    typeCode: f.get('typeCode'),
    locale: f.get('locale'),
    publishedAt: f.get('publishedAt'),
    title: title === '' ? undefined : title,
    fileName: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    published: f.get('published') === 'on',
    countries: f.getAll('countries'),
  };
  if (requiresApproval('documents')) {
    const approval = readApprovalForm(form);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    // The checks the upload makes, made now: the author sees them, not the reviewer.
    const problem = checkDocumentFile({ name: upload.fileName, size: upload.bytes.byteLength, bytes: upload.bytes }, MAX_DOCUMENT_BYTES);
    if (problem) return fail(problem);
    if (!isIsoDate(upload.publishedAt)) return fail('bad-date');
    if (upload.title !== undefined && upload.title.length > 300) return fail('bad-title');
    const { bytes, ...rest } = upload;
    const input = { ...rest, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength };
    const outcome = await submitChange(db, 'document.upload', input, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt, file: bytes });
    if (outcome.mode === 'error') return fail('unknown-type');
    return proposed(proposalAnswer(t, outcome, next(), () => t('documents.uploaded')));
  }
  const result = await uploadDocument(db, upload, staff.actor);
  if (!result.ok) return fail(result.error);
  if (!result.changed) return done(t('data.unchanged'));
  return done(result.replacedId ? t('documents.replaced') : t('documents.uploaded'));
}

export async function setDocumentPublishedAction(documentId: number, published: boolean, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('documents.write');
  if (await documentNeedsApproval('documents', documentId)) return propose(staff, 'document.publish', { documentId, published }, _form, unknownDocument(staff));
  const result = await setDocumentPublished(await getDb(), documentId, published, staff.actor);
  const t = adminTranslator(staff.locale);
  if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq: next() };
  return done(published ? t('documents.publishedDone') : t('documents.unpublishedDone'));
}

/** The countries of one current document of this fund or of its share classes (a document of another fund is refused). */
export async function setDocumentCountriesAction(fundId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('documents.write');
  const f = reader(form);
  const wanted = f.getAll('countries');
  const documentId = Number(f.get('document'));
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  if (!Number.isSafeInteger(documentId) || !(await listFundDocuments(db, fundId)).some((d) => d.id === documentId)) {
    return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq: next() };
  }
  if (await documentNeedsApproval('documents', documentId)) return propose(staff, 'document.countries', { documentId, countries: wanted }, form, unknownDocument(staff));
  const result = await setDocumentCountries(db, documentId, wanted, staff.actor);
  if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)(`document.${result.error}`), seq: next() };
  if (!result.changed) return done(t('data.unchanged'));
  return done(wanted.length === 0 ? t('documents.countriesAll') : t('documents.countriesSaved', { countries: wanted.join(', ') }));
}

export async function deleteDocumentAction(documentId: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('documents.write');
  if (await documentNeedsApproval('documents', documentId)) return propose(staff, 'document.delete', { documentId }, _form, unknownDocument(staff));
  const result = await deleteDocument(await getDb(), documentId, staff.actor);
  const t = adminTranslator(staff.locale);
  if (!result.ok) return { status: 'error', message: dataTranslator(staff.locale)('document.unknown-document'), seq: next() };
  return done(t('documents.deleted'));
}

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
const IMPORT_PERMISSION = (kind: ImportKind) => (kind === 'registrations' ? 'registrations.write' : 'data.import');

/**
 * Preview (nothing written) or commit of a CSV file. The preview answers the SHA-256 of the text
 * it read; "Confirm" posts the same file again with that hash, and a different file is refused: what
 * is written is exactly what was previewed, and no uploaded text is kept on the server meanwhile.
 */
export async function importAction(kind: ImportKind, _state: ImportState, form: FormData): Promise<ImportState> {
  if (!Object.hasOwn(IMPORTS, kind)) return { status: 'error', seq: next() };
  const staff = await requireStaffAction(IMPORT_PERMISSION(kind));
  const t = adminTranslator(staff.locale);
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return { status: 'error', message: t('imports.noFile'), seq: next() };
  const text = await file.text();
  const hash = createHash('sha256').update(text).digest('hex');
  const intent = form.get('intent') === 'commit' ? 'commit' : 'preview';
  if (intent === 'commit' && form.get('previewHash') !== hash) return { status: 'error', message: t('imports.changed'), seq: next() };
  const db = await getDb();
  const source = `back-office:${file.name.slice(0, 200)}`;

  const service = IMPORTS[kind];
  const parsed = service.parse(text);
  if (!parsed.ok) return { status: 'error', message: t('imports.rejected', { count: parsed.errors.length }), lines: csvMessages(staff.locale, parsed.errors), seq: next() };

  if (intent === 'preview') {
    const preview = await service.preview(db, parsed.rows);
    if (!preview.ok) return { status: 'error', message: t('imports.rejected', { count: preview.errors.length }), lines: csvMessages(staff.locale, preview.errors), seq: next() };
    return {
      status: 'ok',
      message: t('imports.previewReady', { file: file.name }),
      hash,
      preview: <ImportPreview kind={kind} preview={preview} locale={staff.locale} />,
      seq: next(),
    };
  }
  const committed = await service.commit(db, parsed.rows, staff.actor, source);
  if (!committed.ok) return { status: 'error', message: t('imports.rejected', { count: committed.errors.length }), lines: csvMessages(staff.locale, committed.errors), seq: next() };
  revalidatePath('/admin/funds', 'layout');
  return { status: 'ok', message: t('imports.committed', { written: committed.written }), seq: next() };
}
