import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ChangeKind } from '@/domain/staff/approval';
import type { CompanyInput } from '@/domain/content/company-form';
import type { FundInput, ShareInput } from '@/domain/funds/input';
import type { NewsValues } from '@/domain/news/input';
import type { PageSnapshot } from '@/domain/content/page-edit';
import { gridInstructions, isActive } from '@/domain/registrations/matrix';
import type { Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { deleteDocument, documentForReview, documentSlotState, setDocumentCountries, setDocumentPublished, uploadDocument, type DocumentUpload } from '@/server/documents/commands';
import { fundForStaff, shareForStaff } from '@/server/funds/staff-queries';
import { updateFundAum } from '@/server/funds/aum';
import { archiveFund, archiveShare, createFund, createShare, updateFund, updateShare } from '@/server/funds/commands';
import { correctNav } from '@/server/navs/import';
import { registrationGrid, saveRegistrationGrid, type RegistrationGrid } from '@/server/registrations/commands';
import { deleteNewsDocument, newsDocumentState, uploadNewsDocument, type NewsDocumentUpload } from '@/server/news/documents';
import { deleteNews, unpublishNews, updateNews } from '@/server/news/commands';
import { saveCompany } from '@/server/pages/company';
import { savePage } from '@/server/pages/commands';
import { companyForStaff, pageSnapshot } from '@/server/pages/staff-queries';

/**
 * What each kind of proposed change reads and runs (docs/approval.md). `read` gives the target's state
 * as it is now (hashed when the change is proposed and again when it is approved and published: a
 * different hash is a conflict) and a readable label; `after` the state the review screen compares;
 * `apply` runs THE existing command of the back-office with the stored input: one code path for what
 * a change does, whether it was approved or published at once.
 */
export type Target = { key: string; label: string; state: unknown };
export type Applied = { ok: true; changed: boolean } | { ok: false; error: string };

type Command<I> = {
  read(db: Executor, input: I): Promise<Target | null>;
  after(before: unknown, input: I): unknown;
  apply(db: Db, input: I, actor: Actor, file: Uint8Array | null): Promise<Applied>;
};

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

export type ChangeInput = {
  'page.save': PageSaveInput;
  'company.save': CompanyInput;
  'fund.create': FundCreateInput;
  'fund.update': FundUpdateInput;
  'fund.archive': { fundId: number };
  'fund.aum': FundAumInput;
  'share.create': ShareCreateInput;
  'share.update': ShareUpdateInput;
  'share.archive': { shareId: number };
  'nav.correct': NavCorrectInput;
  'document.upload': DocumentUploadInput;
  'document.publish': DocumentPublishInput;
  'document.countries': DocumentCountriesInput;
  'document.delete': { documentId: number };
  'news.publish': NewsPublishInput;
  'news.unpublish': { id: number };
  'news.delete': { id: number };
  'news.attach': NewsAttachInput;
  'news.detach': { newsId: number; documentId: number };
  'registration.grid': RegistrationGridInput;
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

const pick = (title: unknown): string => (title && typeof title === 'object' ? String((title as Record<string, unknown>).fr ?? '') : String(title ?? ''));

const failed = (errors: Record<string, string>): Applied => ({ ok: false, error: Object.values(errors).join(', ') || 'invalid' });

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
  const { updatedAt: _u, ...state } = row;
  return { key: String(row.id), label: `${row.title} (${row.locale})`, state: { ...state, fundIds: links.map((l) => l.fundId).sort((a, b) => a - b) } };
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

export const COMMANDS: { [K in ChangeKind]: Command<ChangeInput[K]> } = {
  'page.save': {
    async read(db, input) {
      const state = await pageSnapshot(db, input.code);
      return state ? { key: input.code, label: pick(state.title) || input.code, state } : null;
    },
    after: (_before, input) => input.snapshot,
    apply: async (db, input, actor) => saved(await savePage(db, input.code, input.snapshot, actor), 'unknown'),
  },
  'company.save': {
    async read(db) {
      const state = await companyForStaff(db);
      return state ? { key: 'company', label: pick(state.title) || 'company', state } : null;
    },
    after: (before, input) => ({ ...(before as object), ...input }),
    apply: async (db, input, actor) => saved(await saveCompany(db, input, actor), 'unknown'),
  },
  'fund.create': {
    read: (db, input) => newFundTarget(db, input.raw),
    after: (before, input) => ({ ...(before as object), ...input.raw }),
    apply: async (db, input, actor) => {
      const r = await createFund(db, input.raw, actor);
      return r.ok ? { ok: true, changed: true } : failed(r.errors);
    },
  },
  'fund.archive': {
    read: (db, input) => fundTarget(db, input.fundId),
    after: (before) => ({ ...(before as object), active: false }),
    apply: async (db, input, actor) => {
      const r = await archiveFund(db, input.fundId, actor);
      return r.ok ? { ok: true, changed: r.changed } : failed(r.errors);
    },
  },
  'fund.aum': {
    async read(db, input) {
      const fund = await fundForStaff(db, input.fundId);
      if (!fund) return null;
      return { key: String(fund.id), label: pick(fund.title), state: { aumValue: fund.aumValue, aumCurrencyCode: fund.aumCurrencyCode, aumDate: fund.aumDate } };
    },
    after: (before, input) => ({ ...(before as object), aumValue: Math.round(input.value * 100) / 100, aumDate: input.date, ...(input.currency ? { aumCurrencyCode: input.currency.trim().toUpperCase() } : {}) }),
    apply: async (db, input, actor) => {
      const r = await updateFundAum(db, input.fundId, { value: input.value, date: input.date, currency: input.currency }, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error };
    },
  },
  'share.create': {
    read: (db, input) => newShareTarget(db, input.fundId, input.raw),
    after: (before, input) => ({ ...(before as object), ...input.raw }),
    apply: async (db, input, actor) => {
      const r = await createShare(db, input.fundId, input.raw, actor);
      return r.ok ? { ok: true, changed: true } : failed(r.errors);
    },
  },
  'share.archive': {
    read: (db, input) => shareTarget(db, input.shareId),
    after: (before) => ({ ...(before as object), active: false }),
    apply: async (db, input, actor) => {
      const r = await archiveShare(db, input.shareId, actor);
      return r.ok ? { ok: true, changed: r.changed } : failed(r.errors);
    },
  },
  'document.publish': {
    read: (db, input) => documentTarget(db, input.documentId),
    after: (before, input) => ({ ...(before as object), published: input.published }),
    apply: async (db, input, actor) => {
      const r = await setDocumentPublished(db, input.documentId, input.published, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error };
    },
  },
  'document.countries': {
    read: (db, input) => documentTarget(db, input.documentId),
    after: (before, input) => ({ ...(before as object), countries: [...new Set(input.countries.map((c) => c.trim().toUpperCase()))].sort() }),
    apply: async (db, input, actor) => {
      const r = await setDocumentCountries(db, input.documentId, input.countries, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error };
    },
  },
  'document.delete': {
    read: (db, input) => documentTarget(db, input.documentId),
    after: () => ({ deleted: true }),
    apply: async (db, input, actor) => {
      const r = await deleteDocument(db, input.documentId, actor);
      return r.ok ? { ok: true, changed: true } : { ok: false, error: r.error };
    },
  },
  'news.unpublish': {
    read: (db, input) => newsTarget(db, input.id),
    after: (before) => ({ ...(before as object), status: 'draft', publishAt: null }),
    apply: async (db, input, actor) => {
      const r = await unpublishNews(db, input.id, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: 'unknown' };
    },
  },
  'news.delete': {
    read: (db, input) => newsTarget(db, input.id),
    after: () => ({ deleted: true }),
    apply: async (db, input, actor) => ((await deleteNews(db, input.id, actor)).ok ? { ok: true, changed: true } : { ok: false, error: 'unknown' }),
  },
  'news.attach': {
    read: (db, input) => newsDocumentTarget(db, input.newsId),
    after: (_before, input) => ({ title: input.title ?? '', fileName: input.fileName, sha256: input.sha256, publishedAt: input.publishedAt }),
    apply: async (db, input, actor, file) => {
      if (!file) return { ok: false, error: 'empty' };
      const { sha256: _sha, size: _size, ...upload } = input;
      const r = await uploadNewsDocument(db, { ...upload, bytes: file }, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error };
    },
  },
  'news.detach': {
    async read(db, input) {
      const target = await newsDocumentTarget(db, input.newsId);
      // Only the current document is read by the public; another version is not a proposal's target.
      return target && (target.state as { id?: number } | null)?.id === input.documentId ? target : null;
    },
    after: () => ({ deleted: true }),
    apply: async (db, input, actor) => ((await deleteNewsDocument(db, input.newsId, input.documentId, actor)).ok ? { ok: true, changed: true } : { ok: false, error: 'unknown' }),
  },
  'fund.update': {
    read: (db, input) => fundTarget(db, input.fundId),
    after: (before, input) => ({ ...(before as object), ...input.patch }),
    apply: async (db, input, actor) => {
      const r = await updateFund(db, input.fundId, input.patch, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: Object.values(r.errors).join(', ') || 'invalid' };
    },
  },
  'share.update': {
    read: (db, input) => shareTarget(db, input.shareId),
    after: (before, input) => ({ ...(before as object), ...input.patch }),
    apply: async (db, input, actor) => {
      const r = await updateShare(db, input.shareId, input.patch, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: Object.values(r.errors).join(', ') || 'invalid' };
    },
  },
  'nav.correct': {
    async read(db, input) {
      const isin = input.isin.trim().toUpperCase();
      const [share] = await db.select({ id: t.shares.id, name: t.shares.name }).from(t.shares).where(eq(t.shares.isinCode, isin));
      if (!share) return null;
      const [row] = await db.select({ nav: t.navs.nav }).from(t.navs).where(and(eq(t.navs.shareId, share.id), eq(t.navs.date, input.date)));
      return { key: `${isin}@${input.date}`, label: `${share.name} (${isin}) ${input.date}`, state: { isin, date: input.date, nav: row?.nav ?? null } };
    },
    after: (before, input) => ({ ...(before as object), nav: input.nav }),
    apply: async (db, input, actor) => {
      const r = await correctNav(db, input, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error };
    },
  },
  'document.upload': {
    async read(db, input) {
      const slot = await documentSlotState(db, input.owner, input.typeCode, input.locale);
      if (!slot) return null;
      const owner = JSON.stringify(input.owner);
      return { key: `${owner}/${input.typeCode}/${input.locale}`, label: `${slot.ownerName} · ${input.typeCode} · ${input.locale}`, state: slot.current };
    },
    after: (_before, input) => ({ title: input.title ?? '', fileName: input.fileName, sha256: input.sha256, publishedAt: input.publishedAt, published: input.published ?? true, countries: input.countries ?? [] }),
    apply: async (db, input, actor, file) => {
      if (!file) return { ok: false, error: 'empty' };
      const { sha256: _sha, size: _size, ...upload } = input;
      const r = await uploadDocument(db, { ...upload, bytes: file }, actor);
      return r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error };
    },
  },
  'news.publish': {
    read: (db, input) => newsTarget(db, input.id),
    after: (before, input) => ({ ...(before as object), ...input.value }),
    apply: async (db, input, actor) => {
      const value = { ...input.value, publishAt: input.value.publishAt === null ? null : new Date(input.value.publishAt) };
      const r = await updateNews(db, input.id, value, actor);
      if (r.ok) return { ok: true, changed: r.changed };
      return { ok: false, error: 'notFound' in r ? 'unknown' : Object.values(r.errors).join(', ') };
    },
  },
  'registration.grid': {
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
    apply: async (db, input, actor) => {
      const r = await saveRegistrationGrid(db, input.fundId, input.ticked, input.date, actor);
      return r.ok ? { ok: true, changed: r.changed > 0 } : { ok: false, error: r.error };
    },
  },
};
