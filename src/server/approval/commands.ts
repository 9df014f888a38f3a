import 'server-only';
import { env } from '@/env';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ChangeKind } from '@/domain/staff/approval';
import type { BenchmarkRow } from '@/domain/csv/benchmarks';
import type { CsvError } from '@/domain/csv/import';
import type { FindatexLine } from '@/domain/distribution/findatex/read';
import type { NavRow } from '@/domain/csv/navs';
import type { PortfolioRow } from '@/domain/csv/portfolio';
import type { RegistrationRow } from '@/domain/csv/registrations';
import type { DividendRow } from '@/domain/dividends/csv';
import type { ScenarioRow } from '@/domain/csv/scenarios';
import { isIsoDate } from '@/domain/dates';
import { checkDocumentFile, MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { validateFund, validateShare } from '@/domain/funds/input';
import type { CompanyInput } from '@/domain/content/company-form';
import { identityProblems } from '@/domain/content/house-identity';
import { languageChoiceProblems, type LanguageChoice } from '@/domain/language/offered';
import type { FundInput, ShareInput } from '@/domain/funds/input';
import type { NewsValues } from '@/domain/news/input';
import type { PageSnapshot } from '@/domain/content/page-edit';
import { templateGaps } from '@/domain/content/country-page';
import { gridInstructions, isActive } from '@/domain/registrations/matrix';
import type { Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { checkCountries, deleteDocument, documentForReview, documentSlotState, setDocumentCountries, setDocumentPublished, uploadDocument, uploadDocuments, type DocumentUpload } from '@/server/documents/commands';
import { documentBatchCommand, type DocumentBatchInput } from '@/server/documents/bulk-import';
import { pdfTagged } from '@/server/documents/tagging';
import { fundForStaff, shareForStaff } from '@/server/funds/staff-queries';
import { updateFundAum } from '@/server/funds/aum';
import { archiveFund, archiveShare, createFund, createShare, updateFund, updateShare } from '@/server/funds/commands';
import { fundSustainabilityCommand, shareDistributionCommand, type FundSustainabilityInput, type ShareDistributionInput } from '@/server/distribution/change';
import { saveFundSustainability, saveShareDistribution } from '@/server/distribution/commands';
import { commitNavImport, correctNav, previewNavImport } from '@/server/navs/import';
import { commitBenchmarkImport, previewBenchmarkImport } from '@/server/benchmarks/import';
import { commitPortfolioImport, previewPortfolioImport } from '@/server/portfolios/import';
import { commitScenarioImport, previewScenarioImport } from '@/server/scenarios/import';
import { commitFindatexImport, previewFindatexImport } from '@/server/distribution/import';
import { commitCatalogImport, previewCatalogImport } from '@/server/distribution/catalog-import';
import { commitDividendImport, previewDividendImport } from '@/server/dividends/import';
import { commitRegistrationImport, previewRegistrationImport, registrationGrid, saveRegistrationGrid, type RegistrationGrid } from '@/server/registrations/commands';
import { eventAttachCommand, eventDeleteCommand, eventDetachCommand, eventSaveCommand, type EventAttachInput, type EventDeleteInput, type EventDetachInput, type EventSaveInput } from '@/server/events/change';
import { deleteNewsDocument, newsDocumentState, uploadNewsDocument, type NewsDocumentUpload } from '@/server/news/documents';
import { createNews, deleteNews, unpublishNews, updateNews } from '@/server/news/commands';
import { saveCompany } from '@/server/pages/company';
import { houseImageCommand, type HouseImageInput } from '@/server/house-images/change';
import { saveLanguages } from '@/server/site/languages';
import { languageChoiceState, languagesForStaff } from '@/server/site/languages-queries';
import { createCountryPage, restorePageVersion, savePage } from '@/server/pages/commands';
import { companyForStaff, countryForPage, getPageVersion, pageSnapshot } from '@/server/pages/staff-queries';

/**
 * Every change of what the public reads, one command per kind (docs/approval.md, decision 037): the
 * one door (door.ts) runs them all, whether the change waits for a second person or not.
 * - `validate` checks the input as the command will (the author sees the errors, not the reviewer);
 *   its answer is a map of field → error code, or, for a file, its lines.
 * - `reachesPublic` says whether the change touches what the public reads now or would read after
 *   it (a draft article's text does not): a change that does not is applied at once under any policy.
 * - `read` gives the target's state as it is now, everything a reviewer approves, attachments
 *   included (hashed when the change is proposed and again when it is approved and published: a
 *   different hash is a conflict) and a readable label; `after` the state the review screen compares;
 *   `unchanged` whether a proposal would change nothing (by default: after equals the state).
 * - `run` runs THE existing service with the stored input, and `applied` reads its answer.
 */
export type { Applied, Command, FieldProblems, Problems, Target } from './command-types';
import type { Applied, Command, FieldProblems, Problems, Target } from './command-types';

/** One kind's command, its input given and its service's answer inferred. */
const define =
  <K extends ChangeKind>() =>
  <R>(command: Command<ChangeInput[K], R>) =>
    command;

export type PageSaveInput = { code: string; snapshot: PageSnapshot };
export type FundUpdateInput = { fundId: number; patch: Partial<FundInput> };
export type ShareUpdateInput = { shareId: number; patch: Partial<ShareInput> };
export type NavCorrectInput = { isin: string; date: string; nav: number };
export type DocumentUploadInput = Omit<DocumentUpload, 'bytes'> & { sha256: string; size: number };
/** A news item's values, publishAt as ISO text (it is stored as JSON). */
/** A fund's registration grid as saved: the ticked cells' keys (`${shareId}|${country}|${profile}`) and the date they take effect. */
export type RegistrationGridInput = { fundId: number; ticked: string[]; date: string };
export type NewsPublishInput = { id: number; value: Omit<NewsValues, 'locale' | 'publishAt'> & { publishAt: string | null } };
/** A new fund's or share class's form values, as the create commands validate them. */
export type FundCreateInput = { raw: Record<string, unknown> };
export type ShareCreateInput = { fundId: number; raw: Record<string, unknown> };
export type FundAumInput = { fundId: number; value: number; date: string; currency?: string };
export type DocumentPublishInput = { documentId: number; published: boolean };
export type DocumentCountriesInput = { documentId: number; countries: string[] };
export type NewsAttachInput = Omit<NewsDocumentUpload, 'bytes'> & { sha256: string; size: number };
export type NewsCreateInput = { value: Omit<NewsPublishInput['value'], 'state'> & { locale: NewsValues['locale'] }; translationOf: number | null };
export type PageRestoreInput = { code: string; number: number };
/** A country's new information page (docs/decisions/035): the country's code and the texts, on the template's structure. */
export type PageCreateInput = { country: string; snapshot: PageSnapshot };
/** A back-office CSV file, parsed: its rows, its name and the SHA-256 of its text. */
export type ImportInput<Row> = { rows: Row[]; fileName: string; sha256: string };

export type ChangeInput = {
  'page.save': PageSaveInput;
  'company.save': CompanyInput;
  'company.image': HouseImageInput;
  'languages.save': LanguageChoice;
  'fund.create': FundCreateInput;
  'fund.update': FundUpdateInput;
  'fund.archive': { fundId: number };
  'fund.aum': FundAumInput;
  'share.create': ShareCreateInput;
  'share.update': ShareUpdateInput;
  'share.archive': { shareId: number };
  'share.distribution': ShareDistributionInput;
  'fund.sustainability': FundSustainabilityInput;
  'nav.correct': NavCorrectInput;
  'document.upload': DocumentUploadInput;
  'document.publish': DocumentPublishInput;
  'document.countries': DocumentCountriesInput;
  'document.delete': { documentId: number };
  'news.create': NewsCreateInput;
  'news.publish': NewsPublishInput;
  'news.draft': NewsPublishInput;
  'news.unpublish': { id: number };
  'news.delete': { id: number };
  'news.attach': NewsAttachInput;
  'news.detach': { newsId: number; documentId: number };
  'registration.grid': RegistrationGridInput;
  'page.restore': PageRestoreInput;
  'page.create': PageCreateInput;
  'import.navs': ImportInput<NavRow>;
  'import.benchmarks': ImportInput<BenchmarkRow>;
  'import.portfolios': ImportInput<PortfolioRow>;
  'import.scenarios': ImportInput<ScenarioRow>;
  'import.registrations': ImportInput<RegistrationRow>;
  'import.findatex': ImportInput<FindatexLine>;
  'import.catalog': ImportInput<FindatexLine>;
  'import.dividends': ImportInput<DividendRow>;
  /** Share class documents dropped together (imports screen): each file's ISIN, type, language, size and hash; the bytes are the proposal's one attachment. */
  'import.documents': DocumentBatchInput;
  'event.save': EventSaveInput;
  'event.delete': EventDeleteInput;
  'event.attach': EventAttachInput;
  'event.detach': EventDetachInput;
};

/** A grid's cells as a reviewer reads them: "FR0010… · ES · RETAIL" → "since 2026-01-05" or "withdrawn on …". */
function readableCells(grid: RegistrationGrid, cells: Record<string, { registeredOn: string; withdrawnOn: string | null }>): Record<string, string> {
  const isin = new Map(grid.shares.map((s) => [String(s.id), s.isin]));
  const out: Record<string, string> = {};
  for (const [key, dates] of Object.entries(cells).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [shareId, country, profile] = key.split('|');
    out[`${isin.get(shareId ?? '') ?? shareId} · ${country} · ${profile}`] = dates.withdrawnOn ? `${dates.registeredOn} → ${dates.withdrawnOn}` : `${dates.registeredOn} →`;
  }
  return out;
}

const saved = (r: { ok: true; changed: boolean } | { ok: false }, error = 'invalid'): Applied => (r.ok ? { ok: true, changed: r.changed } : { ok: false, error });
const problem = (name: string, code: string): Problems => ({ fields: { [name]: code } });
const fields = (errors: FieldProblems): Problems | null => (Object.keys(errors).length > 0 ? { fields: errors } : null);
const invalidFields = (errors: FieldProblems): Applied => ({ ok: false, error: Object.values(errors).join(', ') || 'invalid', problems: { fields: errors } });

const pick = (title: unknown): string => (title && typeof title === 'object' ? String((title as Record<string, unknown>).fr ?? '') : String(title ?? ''));

const failed = invalidFields;

/** The form field each document problem belongs to. */
export const DOCUMENT_FIELD: Record<string, string> = {
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

/** A PDF as its upload will check it: the file, its date and its title. */
async function documentProblems(input: { fileName: string; publishedAt: string; title?: string; size: number }, file: Uint8Array | null): Promise<Problems | null> {
  const problems = documentFileProblems(input, file);
  // Read before the door decides (pdfTagged keeps the answer for these bytes): the write that may
  // follow the decision then has nothing slow left to wait for (issue 44).
  if (!problems && file) await pdfTagged(file);
  return problems;
}

function documentFileProblems(input: { fileName: string; publishedAt: string; title?: string; size: number }, file: Uint8Array | null): Problems | null {
  const problem = file ? checkDocumentFile({ name: input.fileName, size: file.byteLength, bytes: file }, MAX_DOCUMENT_BYTES) : 'empty';
  if (problem) return { fields: { file: problem } };
  if (!isIsoDate(input.publishedAt)) return { fields: { publishedAt: 'bad-date' } };
  if (input.title !== undefined && input.title.length > 300) return { fields: { title: 'bad-title' } };
  if (file && createHash('sha256').update(file).digest('hex') !== (input as { sha256?: string }).sha256) return { fields: { file: 'empty' } };
  return null;
}

/** Whether an article is read by the public: published now or scheduled (a draft is nobody's reading). */
async function articleIsPublic(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ status: t.news.status }).from(t.news).where(eq(t.news.id, id));
  return row?.status === 'published';
}

/** Holds an article's row until the transaction ends (the door's second look: door.ts). */
async function lockArticle(tx: Executor, id: number): Promise<void> {
  await tx.select({ id: t.news.id }).from(t.news).where(eq(t.news.id, id)).for('update');
}

/** Holds a document version's row until the transaction ends (the door's second look: door.ts). */
async function lockDocument(tx: Executor, id: number): Promise<void> {
  await tx.select({ id: t.documents.id }).from(t.documents).where(eq(t.documents.id, id)).for('update');
}

/** Whether a document version is read by the public: on line, current or in the library's archive. */
async function documentIsPublic(db: Executor, documentId: number): Promise<boolean> {
  return (await documentForReview(db, documentId))?.state.published ?? false;
}

type ImportCommit = { ok: true; written: number } | { ok: false; errors: CsvError[] };
type ImportPreviewResult = { ok: true } | { ok: false; errors: CsvError[] };

/**
 * A back-office CSV file (docs/approval.md): its target is the difference it makes to the stored
 * data, as its preview computes it (new values, corrected values with old and new, registrations
 * added and withdrawn); a file that would change nothing is unchanged, and one whose difference has
 * changed since it was proposed is a conflict. Approval applies the file's rows.
 */
function importCommand<Row>(
  preview: (db: Executor, rows: Row[]) => Promise<ImportPreviewResult>,
  commit: (db: Db, rows: Row[], actor: Actor, source: string) => Promise<ImportCommit>,
  nothing: (preview: Record<string, unknown>) => boolean,
): Command<ImportInput<Row>, ImportCommit> {
  return {
    async validate(db, input) {
      const result = await preview(db, input.rows);
      return result.ok ? null : { fields: {}, lines: result.errors };
    },
    async read(db, input) {
      const result = await preview(db, input.rows);
      if (!result.ok) return null;
      return { key: `file:${input.sha256}`, label: input.fileName.slice(0, 200), state: { file: input.fileName, difference: result } };
    },
    after: (before) => ({ ...(before as object), applied: true }),
    unchanged: (state) => nothing(((state as { difference?: Record<string, unknown> } | null)?.difference ?? {}) as Record<string, unknown>),
    run: (db, input, actor) => commit(db, input.rows, actor, `back-office:${input.fileName.slice(0, 200)}`),
    applied: (r) => (r.ok ? { ok: true, changed: r.written > 0 } : { ok: false, error: 'invalid', problems: { fields: {}, lines: r.errors } }),
  };
}

async function fundTarget(db: Executor, fundId: number): Promise<Target | null> {
  const fund = await fundForStaff(db, fundId);
  if (!fund) return null;
  return { key: String(fund.id), label: pick(fund.title), state: { ...fund, eligibilityCodes: [...fund.eligibilityCodes].sort() } };
}

async function shareTarget(db: Executor, shareId: number): Promise<Target | null> {
  const share = await shareForStaff(db, shareId);
  return share ? { key: String(share.id), label: `${share.name} (${share.isinCode})`, state: share } : null;
}

async function documentTarget(db: Executor, documentId: number): Promise<Target | null> {
  const doc = await documentForReview(db, documentId);
  return doc ? { key: String(documentId), label: `${doc.ownerName} · ${doc.state.typeCode} · ${doc.state.locale}`, state: doc.state } : null;
}

async function newsTarget(db: Executor, id: number): Promise<Target | null> {
  const [row] = await db.select().from(t.news).where(eq(t.news.id, id));
  if (!row) return null;
  const links = await db.select({ fundId: t.newsFunds.fundId }).from(t.newsFunds).where(eq(t.newsFunds.newsId, id));
  // The article's PDF is part of what a reviewer approves: swapping it after submission is a conflict.
  const attached = await newsDocumentState(db, id);
  const document = attached?.current ? { fileName: attached.current.fileName, sha256: attached.current.sha256, title: attached.current.title } : null;
  const { updatedAt: _u, ...state } = row;
  return { key: String(row.id), label: `${row.title} (${row.locale})`, state: { ...state, fundIds: links.map((l) => l.fundId).sort((a, b) => a - b), document } };
}

async function newsDocumentTarget(db: Executor, newsId: number): Promise<Target | null> {
  const found = await newsDocumentState(db, newsId);
  return found ? { key: String(found.item.id), label: `${found.item.title} (${found.item.locale})`, state: found.current } : null;
}

/**
 * What a creation is made on: its slug (or ISIN) still free. Taken, there is no target: the proposal
 * is refused, and one made before is a conflict.
 */
async function newFundTarget(db: Executor, raw: Record<string, unknown>): Promise<Target | null> {
  const slug = String(raw.slug ?? '');
  const [taken] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, slug));
  return taken ? null : { key: `new:${slug}`, label: pick(raw.title) || slug, state: { slug } };
}

async function newShareTarget(db: Executor, fundId: number, raw: Record<string, unknown>): Promise<Target | null> {
  const fund = await fundForStaff(db, fundId);
  if (!fund) return null;
  const isin = String(raw.isinCode ?? '').trim().toUpperCase();
  const [taken] = await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, isin));
  return taken ? null : { key: `new:${isin}`, label: `${String(raw.name ?? '')} (${isin}) · ${pick(fund.title)}`, state: { fund: fund.slug, isin } };
}

export const COMMANDS = {
  'page.save': define<'page.save'>()({
    async read(db, input) {
      const state = await pageSnapshot(db, input.code);
      return state ? { key: input.code, label: pick(state.title) || input.code, state } : null;
    },
    after: (_before, input) => input.snapshot,
    run: (db, input, actor) => savePage(db, input.code, input.snapshot, actor),
    applied: (r) => saved(r, 'unknown'),
  }),
  'page.restore': define<'page.restore'>()({
    async validate(db, input) {
      return (await getPageVersion(db, input.code, input.number)) ? null : { fields: { version: 'unknown-version' } };
    },
    async read(db, input) {
      const state = await pageSnapshot(db, input.code);
      return state ? { key: input.code, label: pick(state.title) || input.code, state } : null;
    },
    // The version's content: the reviewer sees what the restore brings back, and its preview (issue 44).
    after: async (_before, input, db) => (await getPageVersion(db, input.code, input.number))?.snapshot ?? null,
    unchanged: () => false,
    run: (db, input, actor) => restorePageVersion(db, input.code, input.number, actor),
    applied: (r) => saved(r, r.ok ? 'unknown' : r.error),
  }),
  'page.create': define<'page.create'>()({
    // The country must be one of the country table's (not the international choice), still without a page, and every gap of the template filled.
    async validate(db, input) {
      const country = typeof input.country === 'string' ? await countryForPage(db, input.country) : null;
      if (!country) return problem('country', 'unknown-country');
      if (await pageSnapshot(db, `country-${country.code}`)) return problem('country', 'exists');
      const gaps = templateGaps(input.snapshot);
      return gaps.length > 0 ? { fields: Object.fromEntries(gaps.map((name) => [name, 'gap'])) } : null;
    },
    // What a creation is made on: the country, its page still missing; created since, there is no target (a conflict).
    async read(db, input) {
      const country = await countryForPage(db, input.country);
      if (!country || (await pageSnapshot(db, `country-${country.code}`))) return null;
      return { key: `new:country-${country.code}`, label: `${pick(input.snapshot.title) || pick(country.title)} (country-${country.code})`, state: null };
    },
    after: (_before, input) => ({ country: input.country, ...input.snapshot }),
    run: (db, input, actor) => createCountryPage(db, input.country, input.snapshot, actor),
    applied: (r) => (r.ok ? { ok: true, changed: true } : r.error === 'exists' ? invalidFields({ country: 'exists' }) : { ok: false, error: r.error }),
  }),
  'company.save': define<'company.save'>()({
    // The identity's rule (LEI check digits, e-mails, colours and their contrast) holds whoever posts: the form reads it, the door checks it again.
    validate: async (_db, input) => fields(Object.fromEntries(Object.entries(identityProblems(input.identity)).map(([name, code]) => [`identity.${name}`, code]))),
    async read(db) {
      const state = await companyForStaff(db);
      return state ? { key: 'company', label: pick(state.title) || 'company', state } : null;
    },
    after: (before, input) => ({ ...(before as object), ...input }),
    run: (db, input, actor) => saveCompany(db, input, actor),
    applied: (r) => saved(r, 'unknown'),
  }),
  'company.image': houseImageCommand,
  'languages.save': define<'languages.save'>()({
    // At least one language, each shipped and in the language table, none twice; countries of the country table (docs/decisions/061).
    async validate(db, input) {
      const { languages, countries } = await languagesForStaff(db);
      return fields(languageChoiceProblems(input, { languages: languages.map((l) => l.locale), countries: countries.map((c) => c.code), defaultCountry: env().DEFAULT_COUNTRY }) ?? {});
    },
    async read(db) {
      return { key: 'languages', label: 'languages', state: await languageChoiceState(db) };
    },
    after: (_before, input) => ({ languages: input.languages, countries: input.countries }),
    // The countries' order is the table's: the same set is no change.
    unchanged: (state, after) => {
      const a = state as LanguageChoice;
      const b = after as LanguageChoice;
      return a.languages.join(',') === b.languages.join(',') && a.countries.length === b.countries.length && b.countries.every((c) => a.countries.includes(c));
    },
    run: (db, input, actor) => saveLanguages(db, input, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : invalidFields({ languages: r.error })),
  }),
  'fund.create': define<'fund.create'>()({
    validate: async (_db, input) => {
      const check = validateFund(input.raw);
      return check.ok ? null : fields(check.errors);
    },
    read: (db, input) => newFundTarget(db, input.raw),
    after: (before, input) => ({ ...(before as object), ...input.raw }),
    run: (db, input, actor) => createFund(db, input.raw, actor),
    applied: (r) => (r.ok ? { ok: true, changed: true } : failed(r.errors)),
  }),
  'fund.update': define<'fund.update'>()({
    validate: async (db, input) => {
      const current = await fundForStaff(db, input.fundId);
      if (!current) return null;
      const check = validateFund({ ...current, ...input.patch });
      return check.ok ? null : fields(check.errors);
    },
    read: (db, input) => fundTarget(db, input.fundId),
    after: (before, input) => ({ ...(before as object), ...input.patch }),
    run: (db, input, actor) => updateFund(db, input.fundId, input.patch, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : failed(r.errors)),
  }),
  'fund.archive': define<'fund.archive'>()({
    read: (db, input) => fundTarget(db, input.fundId),
    after: (before) => ({ ...(before as object), active: false }),
    run: (db, input, actor) => archiveFund(db, input.fundId, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : failed(r.errors)),
  }),
  'fund.aum': define<'fund.aum'>()({
    validate: async (_db, input) => {
      if (!Number.isFinite(input.value) || input.value < 0 || input.value >= 1e18) return problem('aumValue', 'bad-value');
      if (!isIsoDate(input.date)) return problem('aumDate', 'bad-date');
      return null;
    },
    async read(db, input) {
      const fund = await fundForStaff(db, input.fundId);
      if (!fund) return null;
      return { key: String(fund.id), label: pick(fund.title), state: { aumValue: fund.aumValue, aumCurrencyCode: fund.aumCurrencyCode, aumDate: fund.aumDate } };
    },
    after: (before, input) => ({ ...(before as object), aumValue: Math.round(input.value * 100) / 100, aumDate: input.date, ...(input.currency ? { aumCurrencyCode: input.currency.trim().toUpperCase() } : {}) }),
    run: (db, input, actor) => updateFundAum(db, input.fundId, { value: input.value, date: input.date, currency: input.currency }, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : invalidFields({ [r.error === 'bad-date' ? 'aumDate' : r.error === 'unknown-currency' ? 'aumCurrencyCode' : 'aumValue']: r.error })),
  }),
  'share.create': define<'share.create'>()({
    validate: async (_db, input) => {
      const check = validateShare(input.raw);
      return check.ok ? null : fields(check.errors);
    },
    read: (db, input) => newShareTarget(db, input.fundId, input.raw),
    after: (before, input) => ({ ...(before as object), ...input.raw }),
    run: (db, input, actor) => createShare(db, input.fundId, input.raw, actor),
    applied: (r) => (r.ok ? { ok: true, changed: true } : failed(r.errors)),
  }),
  'share.update': define<'share.update'>()({
    validate: async (db, input) => {
      const current = await shareForStaff(db, input.shareId);
      if (!current) return null;
      const check = validateShare({ ...current, ...input.patch });
      return check.ok ? null : fields(check.errors);
    },
    read: (db, input) => shareTarget(db, input.shareId),
    after: (before, input) => ({ ...(before as object), ...input.patch }),
    run: (db, input, actor) => updateShare(db, input.shareId, input.patch, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : failed(r.errors)),
  }),
  'share.archive': define<'share.archive'>()({
    read: (db, input) => shareTarget(db, input.shareId),
    after: (before) => ({ ...(before as object), active: false }),
    run: (db, input, actor) => archiveShare(db, input.shareId, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : failed(r.errors)),
  }),
  'share.distribution': shareDistributionCommand(saveShareDistribution),
  'fund.sustainability': fundSustainabilityCommand(saveFundSustainability),
  'nav.correct': define<'nav.correct'>()({
    validate: async (_db, input) => (!isIsoDate(input.date) ? problem('date', 'bad-date') : !(input.nav > 0) ? problem('nav', 'bad-nav') : null),
    async read(db, input) {
      const isin = input.isin.trim().toUpperCase();
      const [share] = await db.select({ id: t.shares.id, name: t.shares.name }).from(t.shares).where(eq(t.shares.isinCode, isin));
      if (!share) return null;
      const [row] = await db.select({ nav: t.navs.nav }).from(t.navs).where(and(eq(t.navs.shareId, share.id), eq(t.navs.date, input.date)));
      return { key: `${isin}@${input.date}`, label: `${share.name} (${isin}) ${input.date}`, state: { isin, date: input.date, nav: row?.nav ?? null } };
    },
    after: (before, input) => ({ ...(before as object), nav: input.nav }),
    run: (db, input, actor) => correctNav(db, input, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : invalidFields({ [r.error === 'bad-date' ? 'date' : r.error === 'bad-nav' ? 'nav' : 'isin']: r.error })),
  }),
  'document.upload': define<'document.upload'>()({
    validate: async (_db, input, file) => documentProblems(input, file),
    async read(db, input) {
      const slot = await documentSlotState(db, input.owner, input.typeCode, input.locale);
      if (!slot) return null;
      const owner = JSON.stringify(input.owner);
      return { key: `${owner}/${input.typeCode}/${input.locale}`, label: `${slot.ownerName} · ${input.typeCode} · ${input.locale}`, state: slot.current };
    },
    after: (_before, input) => ({ title: input.title ?? '', fileName: input.fileName, sha256: input.sha256, publishedAt: input.publishedAt, published: input.published ?? true, countries: input.countries ?? [] }),
    async run(db, input, actor, file) {
      if (!file) return { ok: false as const, error: 'empty' as const };
      const { sha256: _sha, size: _size, ...upload } = input;
      return uploadDocument(db, { ...upload, bytes: file }, actor);
    },
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : invalidFields({ [DOCUMENT_FIELD[r.error] ?? 'file']: r.error })),
  }),
  'document.publish': define<'document.publish'>()({
    reachesPublic: async (db, input) => input.published || (await documentIsPublic(db, input.documentId)),
    lock: (tx, input) => lockDocument(tx, input.documentId),
    read: (db, input) => documentTarget(db, input.documentId),
    after: (before, input) => ({ ...(before as object), published: input.published }),
    run: (db, input, actor) => setDocumentPublished(db, input.documentId, input.published, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error }),
  }),
  'document.countries': define<'document.countries'>()({
    validate: async (db, input) => ((await checkCountries(db, input.countries)) ? null : { fields: { countries: 'unknown-country' } }),
    reachesPublic: (db, input) => documentIsPublic(db, input.documentId),
    lock: (tx, input) => lockDocument(tx, input.documentId),
    read: (db, input) => documentTarget(db, input.documentId),
    after: (before, input) => ({ ...(before as object), countries: [...new Set(input.countries.map((c) => c.trim().toUpperCase()))].sort() }),
    run: (db, input, actor) => setDocumentCountries(db, input.documentId, input.countries, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : r.error === 'unknown-document' ? { ok: false, error: r.error } : invalidFields({ countries: r.error })),
  }),
  'document.delete': define<'document.delete'>()({
    // Deleting the current version, even off line, brings the previous one back: that reaches the public too.
    async reachesPublic(db, input) {
      const doc = await documentForReview(db, input.documentId);
      return doc !== null && (doc.state.published || doc.state.current);
    },
    lock: (tx, input) => lockDocument(tx, input.documentId),
    read: (db, input) => documentTarget(db, input.documentId),
    after: () => ({ deleted: true }),
    run: (db, input, actor) => deleteDocument(db, input.documentId, actor),
    applied: (r) => (r.ok ? { ok: true, changed: true } : { ok: false, error: r.error }),
  }),
  'news.create': define<'news.create'>()({
    // A new article is stored as a draft, which nobody reads; its publication is the next change.
    reachesPublic: async () => false,
    read: async (_db, input) => ({ key: `new:${input.value.slug}`, label: input.value.title, state: null }),
    after: (_before, input) => input.value,
    run: (db, input, actor) => createNews(db, { ...input.value, state: 'draft', publishAt: null }, actor, input.translationOf),
    applied: (r) => (r.ok ? { ok: true, changed: true } : invalidFields(r.errors)),
  }),
  'news.publish': define<'news.publish'>()({
    read: (db, input) => newsTarget(db, input.id),
    after: (before, input) => ({ ...(before as object), ...input.value }),
    run: (db, input, actor) => updateNews(db, input.id, { ...input.value, publishAt: input.value.publishAt === null ? null : new Date(input.value.publishAt) }, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : 'notFound' in r ? { ok: false, error: 'unknown' } : invalidFields(r.errors)),
  }),
  'news.draft': define<'news.draft'>()({
    // Back to draft: a published article leaves the site (a takedown waits); a draft's text is nobody's reading.
    reachesPublic: (db, input) => articleIsPublic(db, input.id),
    lock: (tx, input) => lockArticle(tx, input.id),
    read: (db, input) => newsTarget(db, input.id),
    after: (before, input) => ({ ...(before as object), ...input.value, status: 'draft', publishAt: null }),
    run: (db, input, actor) => updateNews(db, input.id, { ...input.value, state: 'draft', publishAt: null }, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : 'notFound' in r ? { ok: false, error: 'unknown' } : invalidFields(r.errors)),
  }),
  'news.unpublish': define<'news.unpublish'>()({
    reachesPublic: (db, input) => articleIsPublic(db, input.id),
    lock: (tx, input) => lockArticle(tx, input.id),
    read: (db, input) => newsTarget(db, input.id),
    after: (before) => ({ ...(before as object), status: 'draft', publishAt: null }),
    run: (db, input, actor) => unpublishNews(db, input.id, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : { ok: false, error: 'unknown' }),
  }),
  'news.delete': define<'news.delete'>()({
    reachesPublic: (db, input) => articleIsPublic(db, input.id),
    lock: (tx, input) => lockArticle(tx, input.id),
    read: (db, input) => newsTarget(db, input.id),
    after: () => ({ deleted: true }),
    run: (db, input, actor) => deleteNews(db, input.id, actor),
    applied: (r) => (r.ok ? { ok: true, changed: true } : { ok: false, error: 'unknown' }),
  }),
  'news.attach': define<'news.attach'>()({
    validate: async (_db, input, file) => documentProblems(input, file),
    reachesPublic: (db, input) => articleIsPublic(db, input.newsId),
    lock: (tx, input) => lockArticle(tx, input.newsId),
    read: (db, input) => newsDocumentTarget(db, input.newsId),
    after: (_before, input) => ({ title: input.title ?? '', fileName: input.fileName, sha256: input.sha256, publishedAt: input.publishedAt }),
    async run(db, input, actor, file) {
      if (!file) return { ok: false as const, error: 'empty' as const };
      const { sha256: _sha, size: _size, ...upload } = input;
      return uploadNewsDocument(db, { ...upload, bytes: file }, actor);
    },
    applied: (r) => (r.ok ? { ok: true, changed: r.changed } : invalidFields({ [DOCUMENT_FIELD[r.error] ?? 'file']: r.error })),
  }),
  'news.detach': define<'news.detach'>()({
    // Only the current document of a published article is read by the public.
    async reachesPublic(db, input) {
      const found = await newsDocumentState(db, input.newsId);
      return found?.item.status === 'published' && found.current?.id === input.documentId;
    },
    lock: (tx, input) => lockArticle(tx, input.newsId),
    async read(db, input) {
      const target = await newsDocumentTarget(db, input.newsId);
      // Only the current document is read by the public; another version is not a proposal's target.
      return target && (target.state as { id?: number } | null)?.id === input.documentId ? target : null;
    },
    after: () => ({ deleted: true }),
    run: (db, input, actor) => deleteNewsDocument(db, input.newsId, input.documentId, actor),
    applied: (r) => (r.ok ? { ok: true, changed: true } : { ok: false, error: 'unknown' }),
  }),
  'registration.grid': define<'registration.grid'>()({
    validate: async (_db, input) => (/^\d{4}-\d{2}-\d{2}$/.test(input.date) && isIsoDate(input.date) ? null : { fields: { date: 'bad-date' } }),
    async read(db, input) {
      const grid = await registrationGrid(db, input.fundId);
      if (!grid) return null;
      // The state hashed for conflicts is the stored matrix; the label and the readable cells are for the reviewer.
      return { key: String(grid.fund.id), label: pick(grid.fund.title), state: { fund: grid.fund.slug, cells: readableCells(grid, grid.cells), stored: grid.cells, shares: grid.shares.map((s) => ({ id: s.id, isin: s.isin })) } };
    },
    after: (before, input) => {
      const state = before as { fund: string; stored: RegistrationGrid['cells']; shares: { id: number; isin: string }[] };
      const stored = new Map(Object.entries(state.stored));
      const next = { ...state.stored };
      const ticked = new Set(input.ticked);
      const keys = [...new Set([...stored.keys(), ...input.ticked])];
      for (const { key, status } of gridInstructions(keys, ticked, stored)) {
        const was = stored.get(key);
        next[key] = status === 'registered' ? { registeredOn: input.date, withdrawnOn: null } : { registeredOn: was?.registeredOn ?? input.date, withdrawnOn: isActive(was) ? input.date : (was?.withdrawnOn ?? input.date) };
      }
      const grid = { shares: state.shares.map((s) => ({ ...s, slug: '', name: '', active: true, fundSlug: state.fund })) } as unknown as RegistrationGrid;
      return { ...state, cells: readableCells(grid, next), stored: next };
    },
    run: (db, input, actor) => saveRegistrationGrid(db, input.fundId, input.ticked, input.date, actor),
    applied: (r) => (r.ok ? { ok: true, changed: r.changed > 0 } : { ok: false, error: r.error }),
  }),
  'import.navs': importCommand<NavRow>(previewNavImport, (db, rows, actor, source) => commitNavImport(db, rows, actor, { source }), (d) => d.added === 0 && d.changed === 0),
  'import.benchmarks': importCommand<BenchmarkRow>(previewBenchmarkImport, (db, rows, actor, source) => commitBenchmarkImport(db, rows, actor, { source }), (d) => d.added === 0 && d.changed === 0),
  'import.portfolios': importCommand<PortfolioRow>(previewPortfolioImport, (db, rows, actor) => commitPortfolioImport(db, rows, actor), () => false),
  'import.scenarios': importCommand<ScenarioRow>(previewScenarioImport, (db, rows, actor, source) => commitScenarioImport(db, rows, actor, { source }), () => false),
  'import.registrations': importCommand<RegistrationRow>(
    previewRegistrationImport,
    (db, rows, actor, source) => commitRegistrationImport(db, rows, actor, { source }),
    (d) => d.registered === 0 && d.withdrawn === 0,
  ),
  'import.findatex': importCommand<FindatexLine>(previewFindatexImport, (db, rows, actor, source) => commitFindatexImport(db, rows, actor, { source }), (d) => d.changed === 0),
  // New funds and share classes from an EMT: nothing to create (every ISIN already in the catalogue) is no change.
  'import.catalog': importCommand<FindatexLine>(previewCatalogImport, (db, rows, actor, source) => commitCatalogImport(db, rows, actor, { source }), (d) => d.shareCount === 0),
  'import.dividends': importCommand<DividendRow>(previewDividendImport, (db, rows, actor, source) => commitDividendImport(db, rows, actor, { source }), (d) => d.added === 0 && d.changed === 0),
  // Share class documents from their file names: all stored, or none, when approved.
  'import.documents': documentBatchCommand(uploadDocuments),
  'event.save': eventSaveCommand,
  'event.delete': eventDeleteCommand,
  'event.attach': eventAttachCommand,
  'event.detach': eventDetachCommand,
} satisfies { [K in ChangeKind]: Command<ChangeInput[K], unknown> };

/** What a kind's service answers when the change is applied (the forms' messages read it). */
export type ResultOf<K extends ChangeKind> = (typeof COMMANDS)[K] extends Command<ChangeInput[K], infer R> ? R : never;

/** The command of a kind, for the door and the approval service. */
export function commandOf<K extends ChangeKind>(kind: K): Command<ChangeInput[K], ResultOf<K>> {
  return COMMANDS[kind] as unknown as Command<ChangeInput[K], ResultOf<K>>;
}

/** Runs a kind's command with its input (stored or posted): what publication does, approved or at once. */
export async function applyCommand<K extends ChangeKind>(db: Db, kind: K, input: ChangeInput[K], actor: Actor, file: Uint8Array | null): Promise<{ result: ResultOf<K>; applied: Applied }> {
  const command = commandOf(kind);
  const result = await command.run(db, input, actor, file);
  return { result, applied: command.applied(result) };
}
