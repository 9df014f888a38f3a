import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { env } from '@/env';
import { validateFund, validateShare, type FieldErrors, type FundInput, type ShareInput } from '@/domain/funds/input';
import type { ChangeScope } from '@/domain/content/publication';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { benchmarks, countries, currencies, documents, eligibilities, esgLabels, fundCategories, fundEligibilities, funds, investorProfiles, navs, shareRegistrations, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { recomputeShares } from '@/server/navs/recompute';
import { publishChange } from '@/server/publish/publish';

export type SaveResult = { ok: true; id: number; changed: boolean } | { ok: false; errors: FieldErrors };
export type DeleteResult = { ok: true } | { ok: false; error: 'unknown' | 'referenced'; documents?: number; navs?: number };

/** Fields whose change shows in the fund menu of every page, or in the sitemap. */
const FUND_MENU_FIELDS = ['slug', 'title', 'categoryCode', 'position', 'visibleTo', 'active'] as const;
const SHARE_MENU_FIELDS = ['slug', 'visibleTo', 'active', 'isMain'] as const;

type ShareRow = typeof shares.$inferSelect;

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The fields that differ, as the audit log keeps them. */
function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (canonical(before[key]) !== canonical(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

async function checkFundReferences(db: Executor, input: FundInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const exists = async (table: typeof fundCategories | typeof currencies | typeof benchmarks, value: string) =>
    (await db.select({ code: table.code }).from(table).where(eq(table.code, value))).length > 0;
  if (!(await exists(fundCategories, input.categoryCode))) errors.categoryCode = 'unknown';
  if (!(await exists(currencies, input.aumCurrencyCode))) errors.aumCurrencyCode = 'unknown';
  if (input.benchmarkCode && !(await exists(benchmarks, input.benchmarkCode))) errors.benchmarkCode = 'unknown';
  if (input.esgLabels.length > 0) {
    const known = new Set((await db.select({ code: esgLabels.code }).from(esgLabels).where(inArray(esgLabels.code, input.esgLabels))).map((l) => l.code));
    if (input.esgLabels.some((l) => !known.has(l))) errors.esgLabels = 'unknown';
  }
  if (input.eligibilityCodes.length > 0) {
    const known = new Set(
      (await db.select({ code: eligibilities.code }).from(eligibilities).where(inArray(eligibilities.code, input.eligibilityCodes))).map((e) => e.code),
    );
    if (input.eligibilityCodes.some((c) => !known.has(c))) errors.eligibilityCodes = 'unknown';
  }
  return errors;
}

function fundColumns(input: FundInput) {
  const { eligibilityCodes: _eligibilityCodes, ...columns } = input;
  return columns;
}

async function fundShareSlugs(db: Executor, fundId: number): Promise<string[]> {
  return (await db.select({ slug: shares.slug }).from(shares).where(eq(shares.fundId, fundId))).map((s) => s.slug);
}

/** Creates a fund (with its eligibilities), audited; it appears in the menus and the sitemap at once. */
export async function createFund(db: Db, raw: unknown, actor: Actor): Promise<SaveResult> {
  const validated = validateFund(raw);
  if (!validated.ok) return validated;
  const input = validated.value;
  const outcome = await db.transaction(async (tx) => {
    const errors = await checkFundReferences(tx, input);
    if ((await tx.select({ id: funds.id }).from(funds).where(eq(funds.slug, input.slug))).length > 0) errors.slug = 'taken';
    if (Object.keys(errors).length > 0) return { ok: false as const, errors };
    const [row] = await tx.insert(funds).values(fundColumns(input)).returning({ id: funds.id });
    if (!row) throw new Error('fund not inserted');
    if (input.eligibilityCodes.length > 0) {
      await tx.insert(fundEligibilities).values(input.eligibilityCodes.map((eligibilityCode) => ({ fundId: row.id, eligibilityCode })));
    }
    await recordAudit(tx, { actor, entity: 'fund', entityId: row.id, action: 'create', after: input });
    return { ok: true as const, id: row.id, changed: true };
  });
  if (outcome.ok) await publishChange(db, { menu: true });
  return outcome;
}

/**
 * Updates a fund with the fields given (the others are kept), audited with the fields that changed.
 * A change the menus show (title, slug, order, category, profiles, active) expires every page; any
 * other expires the fund's pages.
 */
export async function updateFund(db: Db, fundId: number, patch: Partial<FundInput>, actor: Actor): Promise<SaveResult> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(funds).where(eq(funds.id, fundId));
    if (!current) return { ok: false as const, errors: { _: 'unknown' } };
    const currentEligibilities = (await tx.select().from(fundEligibilities).where(eq(fundEligibilities.fundId, fundId))).map((e) => e.eligibilityCode).sort();
    const { id: _id, ...stored } = current;
    const validated = validateFund({ ...stored, eligibilityCodes: currentEligibilities, ...patch });
    if (!validated.ok) return validated;
    const input = validated.value;
    const errors = await checkFundReferences(tx, input);
    if (input.slug !== current.slug && (await tx.select({ id: funds.id }).from(funds).where(and(eq(funds.slug, input.slug), ne(funds.id, fundId)))).length > 0) {
      errors.slug = 'taken';
    }
    if (Object.keys(errors).length > 0) return { ok: false as const, errors };
    const diff = changedFields<Record<string, unknown>>({ ...stored, eligibilityCodes: currentEligibilities }, { ...input, eligibilityCodes: [...input.eligibilityCodes].sort() });
    if (Object.keys(diff.after).length === 0) return { ok: true as const, id: fundId, changed: false, scope: null };
    await tx.update(funds).set(fundColumns(input)).where(eq(funds.id, fundId));
    if ('eligibilityCodes' in diff.after) {
      await tx.delete(fundEligibilities).where(eq(fundEligibilities.fundId, fundId));
      if (input.eligibilityCodes.length > 0) {
        await tx.insert(fundEligibilities).values(input.eligibilityCodes.map((eligibilityCode) => ({ fundId, eligibilityCode })));
      }
    }
    // A new benchmark changes the shares' benchmark figures.
    if ('benchmarkCode' in diff.after) {
      const ids = (await tx.select({ id: shares.id }).from(shares).where(eq(shares.fundId, fundId))).map((s) => s.id);
      await recomputeShares(tx, ids, env().RISK_FREE_RATE);
    }
    await recordAudit(tx, { actor, entity: 'fund', entityId: fundId, action: 'update', before: diff.before, after: diff.after });
    const menu = FUND_MENU_FIELDS.some((field) => field in diff.after);
    const scope: ChangeScope = menu ? { menu: true } : { funds: [{ slug: input.slug, shares: await fundShareSlugs(tx, fundId) }] };
    return { ok: true as const, id: fundId, changed: true, scope };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}

/** Archives a fund: it leaves the site (active = false) and keeps its NAVs, documents and history. */
export function archiveFund(db: Db, fundId: number, actor: Actor): Promise<SaveResult> {
  return updateFund(db, fundId, { active: false }, actor);
}

async function references(db: Executor, fundId: number | null, shareIds: number[]) {
  const docs =
    (fundId === null ? 0 : await db.$count(documents, eq(documents.fundId, fundId))) +
    (shareIds.length > 0 ? await db.$count(documents, inArray(documents.shareId, shareIds)) : 0);
  const navCount = shareIds.length > 0 ? await db.$count(navs, inArray(navs.shareId, shareIds)) : 0;
  return { documents: docs, navs: navCount };
}

/** Deletes a fund created by mistake; refused while documents or NAVs refer to it or its shares (archive it instead). */
export async function deleteFund(db: Db, fundId: number, actor: Actor): Promise<DeleteResult> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(funds).where(eq(funds.id, fundId));
    if (!current) return { ok: false as const, error: 'unknown' as const };
    const shareIds = (await tx.select({ id: shares.id }).from(shares).where(eq(shares.fundId, fundId))).map((s) => s.id);
    const refs = await references(tx, fundId, shareIds);
    if (refs.documents > 0 || refs.navs > 0) return { ok: false as const, error: 'referenced' as const, ...refs };
    await tx.delete(funds).where(eq(funds.id, fundId));
    await recordAudit(tx, { actor, entity: 'fund', entityId: fundId, action: 'delete', before: current as unknown as Record<string, unknown> });
    return { ok: true as const };
  });
  if (outcome.ok) await publishChange(db, { menu: true });
  return outcome;
}

async function checkShareReferences(db: Executor, input: ShareInput, fundId: number, shareId: number | null): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if ((await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, input.currencyCode))).length === 0) errors.currencyCode = 'unknown';
  const sameIsin = await db.select({ id: shares.id }).from(shares).where(eq(shares.isinCode, input.isinCode));
  if (sameIsin.some((s) => s.id !== shareId)) errors.isinCode = 'taken';
  const sameSlug = await db
    .select({ id: shares.id })
    .from(shares)
    .where(and(eq(shares.fundId, fundId), eq(shares.slug, input.slug)));
  if (sameSlug.some((s) => s.id !== shareId)) errors.slug = 'taken';
  return errors;
}

/** A fund has one main share class: marking one as main unmarks the others. */
async function keepOneMain(tx: Executor, fundId: number, shareId: number, input: ShareInput) {
  if (input.isMain) await tx.update(shares).set({ isMain: false }).where(and(eq(shares.fundId, fundId), ne(shares.id, shareId)));
}

/** Creates a share class of a fund, audited; its (empty) figures are computed so its page renders at once. */
/**
 * A new share class is registered, from today, in the site's home country (DEFAULT_COUNTRY: where
 * the fund is authorised) for the profiles it is meant for; every other country is a decision of
 * the registration grid (docs/registrations.md). Returns what it registered, for the audit entry.
 */
async function registerInHomeCountry(tx: Executor, shareId: number, profiles: readonly string[]) {
  const country = env().DEFAULT_COUNTRY;
  const from = new Date().toISOString().slice(0, 10);
  const rows = await tx
    .insert(shareRegistrations)
    .select(
      tx
        .select({ shareId: sql<number>`${shareId}`.as('share_id'), countryCode: countries.code, investorProfile: investorProfiles.code, registeredOn: sql<string>`${from}::date`.as('registered_on'), withdrawnOn: sql<null>`NULL::date`.as('withdrawn_on') })
        .from(countries)
        .innerJoin(investorProfiles, inArray(investorProfiles.code, profiles.length > 0 ? [...profiles] : ['']))
        .where(eq(countries.code, country)),
    )
    .onConflictDoNothing()
    .returning({ profile: shareRegistrations.investorProfile });
  return { country, from, profiles: rows.map((r) => r.profile).sort() };
}

export async function createShare(db: Db, fundId: number, raw: unknown, actor: Actor): Promise<SaveResult> {
  const validated = validateShare(raw);
  if (!validated.ok) return validated;
  const input = validated.value;
  const outcome = await db.transaction(async (tx) => {
    const [fund] = await tx.select({ slug: funds.slug }).from(funds).where(eq(funds.id, fundId));
    if (!fund) return { ok: false as const, errors: { fundId: 'unknown' } };
    const errors = await checkShareReferences(tx, input, fundId, null);
    if (Object.keys(errors).length > 0) return { ok: false as const, errors };
    const [row] = await tx
      .insert(shares)
      .values({ ...input, fundId })
      .returning({ id: shares.id });
    if (!row) throw new Error('share not inserted');
    await keepOneMain(tx, fundId, row.id, input);
    await recomputeShares(tx, [row.id], env().RISK_FREE_RATE);
    const registered = await registerInHomeCountry(tx, row.id, input.visibleTo);
    await recordAudit(tx, { actor, entity: 'share', entityId: row.id, action: 'create', after: { fundId, ...input, registered } });
    return { ok: true as const, id: row.id, changed: true };
  });
  // A new share class shows in the sitemap and in the share switchers of its fund.
  if (outcome.ok) await publishChange(db, { menu: true });
  return outcome;
}

/** Updates a share class with the fields given, audited with the fields that changed. */
export async function updateShare(db: Db, shareId: number, patch: Partial<ShareInput>, actor: Actor): Promise<SaveResult> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(shares).where(eq(shares.id, shareId));
    if (!current) return { ok: false as const, errors: { _: 'unknown' } };
    const { id: _id, fundId, ...stored } = current;
    const validated = validateShare({ ...stored, ...patch });
    if (!validated.ok) return validated;
    const input = validated.value;
    const errors = await checkShareReferences(tx, input, fundId, shareId);
    if (Object.keys(errors).length > 0) return { ok: false as const, errors };
    const diff = changedFields<Record<string, unknown>>(stored as Omit<ShareRow, 'id' | 'fundId'>, input);
    if (Object.keys(diff.after).length === 0) return { ok: true as const, id: shareId, changed: false, scope: null };
    await tx.update(shares).set(input).where(eq(shares.id, shareId));
    await keepOneMain(tx, fundId, shareId, input);
    if ('inceptionDate' in diff.after || 'inceptionNav' in diff.after) await recomputeShares(tx, [shareId], env().RISK_FREE_RATE);
    await recordAudit(tx, { actor, entity: 'share', entityId: shareId, action: 'update', before: diff.before, after: diff.after });
    const [fund] = await tx.select({ slug: funds.slug }).from(funds).where(eq(funds.id, fundId));
    const menu = SHARE_MENU_FIELDS.some((field) => field in diff.after);
    const scope: ChangeScope = menu ? { menu: true } : { funds: [{ slug: fund?.slug ?? '', shares: await fundShareSlugs(tx, fundId) }] };
    return { ok: true as const, id: shareId, changed: true, scope };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}

/** Archives a share class: it leaves the site and keeps its NAVs and documents. */
export function archiveShare(db: Db, shareId: number, actor: Actor): Promise<SaveResult> {
  return updateShare(db, shareId, { active: false }, actor);
}

/** Deletes a share class created by mistake; refused while documents or NAVs refer to it. */
export async function deleteShare(db: Db, shareId: number, actor: Actor): Promise<DeleteResult> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(shares).where(eq(shares.id, shareId));
    if (!current) return { ok: false as const, error: 'unknown' as const };
    const refs = await references(tx, null, [shareId]);
    if (refs.documents > 0 || refs.navs > 0) return { ok: false as const, error: 'referenced' as const, ...refs };
    await tx.delete(shares).where(eq(shares.id, shareId));
    await recordAudit(tx, { actor, entity: 'share', entityId: shareId, action: 'delete', before: current as unknown as Record<string, unknown> });
    return { ok: true as const };
  });
  if (outcome.ok) await publishChange(db, { menu: true });
  return outcome;
}

