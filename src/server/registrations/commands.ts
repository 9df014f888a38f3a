import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isIsoDate, type IsoDate } from '@/domain/dates';
import { csvError, type CsvError } from '@/domain/csv/import';
import type { ChangeScope } from '@/domain/content/publication';
import { registrationKey, type RegistrationRow } from '@/domain/csv/registrations';
import { applyRegistration, changedAudiences, gridInstructions, type RegistrationDates, type RegistrationProblem } from '@/domain/registrations/matrix';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { countries, funds, investorProfiles, shareRegistrations, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/**
 * The registration matrix's writes (issue 21, docs/decisions/036): the back-office grid of a fund
 * and the CSV import (screen and API). Each runs in one transaction with one audit entry, writes only
 * the cells that change (the same grid or file twice writes and records nothing), and publishes the
 * audiences (country × profile) and share pages it changed at once.
 */

type ShareRef = { id: number; isin: string; slug: string; name: string; fundSlug: string; active: boolean };
type Localized = Record<string, string | undefined>;

/** One changed cell: before (null: no row) and after. */
export type RegistrationChange = {
  line?: number;
  isin: string;
  country: string;
  profile: string;
  before: RegistrationDates | null;
  after: RegistrationDates;
};

/** At most this many changed cells are listed in a preview (the counts give them all). */
export const LISTED_REGISTRATION_CHANGES = 200;

async function storedOf(db: Executor, shareIds: number[]): Promise<Map<string, RegistrationDates>> {
  if (shareIds.length === 0) return new Map();
  const rows = await db.select().from(shareRegistrations).where(inArray(shareRegistrations.shareId, shareIds));
  return new Map(rows.map((r) => [registrationKey(r.shareId, r.countryCode, r.investorProfile), { registeredOn: r.registeredOn, withdrawnOn: r.withdrawnOn }]));
}

async function writeChanges(tx: Executor, changes: { shareId: number; country: string; profile: string; after: RegistrationDates }[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 1000) {
    await tx
      .insert(shareRegistrations)
      .values(changes.slice(i, i + 1000).map((c) => ({ shareId: c.shareId, countryCode: c.country, investorProfile: c.profile, registeredOn: c.after.registeredOn, withdrawnOn: c.after.withdrawnOn })))
      .onConflictDoUpdate({
        target: [shareRegistrations.shareId, shareRegistrations.countryCode, shareRegistrations.investorProfile],
        set: { registeredOn: sql`excluded.registered_on`, withdrawnOn: sql`excluded.withdrawn_on` },
      });
  }
}

/** The pages a set of changed cells makes stale: the audiences that see them, and the share pages. */
function scopeOf(changes: readonly { country: string; profile: string; share: ShareRef }[]): ChangeScope {
  const byFund = new Map<string, Set<string>>();
  for (const c of changes) byFund.set(c.share.fundSlug, (byFund.get(c.share.fundSlug) ?? new Set()).add(c.share.slug));
  return { registrations: changedAudiences(changes), funds: [...byFund].map(([slug, set]) => ({ slug, shares: [...set].sort() })) };
}


// ------------------------------------------------------------------ the grid of a fund

export type RegistrationGrid = {
  fund: { id: number; slug: string; title: Localized };
  shares: ShareRef[];
  countries: { code: string; title: Localized }[];
  profiles: { code: string; title: Localized }[];
  /** Stored cells by `${shareId}|${country}|${profile}`. */
  cells: Record<string, RegistrationDates>;
};

async function gridReferences(db: Executor, fundId: number) {
  const [fund] = await db.select({ id: funds.id, slug: funds.slug, title: funds.title }).from(funds).where(eq(funds.id, fundId));
  if (!fund) return null;
  const [shareRows, countryRows, profileRows] = await Promise.all([
    db
      .select({ id: shares.id, isin: shares.isinCode, slug: shares.slug, name: shares.name, active: shares.active })
      .from(shares)
      .where(eq(shares.fundId, fundId))
      .orderBy(asc(shares.position), asc(shares.id)),
    db.select({ code: countries.code, title: countries.title }).from(countries).orderBy(asc(countries.position), asc(countries.code)),
    db.select({ code: investorProfiles.code, title: investorProfiles.title }).from(investorProfiles).orderBy(asc(investorProfiles.position)),
  ]);
  return { fund, shares: shareRows.map((s) => ({ ...s, fundSlug: fund.slug })), countries: countryRows, profiles: profileRows };
}

/** A fund's matrix as the grid shows it: its share classes × the countries, the profiles per cell. Null for an unknown fund. */
export async function registrationGrid(db: Executor, fundId: number): Promise<RegistrationGrid | null> {
  const refs = await gridReferences(db, fundId);
  if (!refs) return null;
  const stored = await storedOf(
    db,
    refs.shares.map((s) => s.id),
  );
  return { ...refs, cells: Object.fromEntries(stored) };
}

export type GridCellError = { shareId: number; isin: string; country: string; profile: string; error: RegistrationProblem };
export type GridSaveResult =
  | { ok: true; changed: number; registered: number; withdrawn: number }
  | { ok: false; error: 'unknown-fund' | 'bad-date' }
  | { ok: false; error: 'cells'; cells: GridCellError[] };

/**
 * Saves the grid of a fund: `ticked` are the keys `${shareId}|${country}|${profile}` ticked on the
 * screen (keys of other funds or unknown codes are ignored), `date` the day the change takes effect
 * (a newly ticked cell is registered from it, an unticked one withdrawn on it). One transaction, one
 * audit entry listing each changed cell before and after, then published.
 */
export async function saveRegistrationGrid(db: Db, fundId: number, ticked: readonly string[], date: IsoDate, actor: Actor): Promise<GridSaveResult> {
  if (!isIsoDate(date)) return { ok: false, error: 'bad-date' };
  const outcome = await db.transaction(async (tx) => {
    const refs = await gridReferences(tx, fundId);
    if (!refs) return { ok: false as const, error: 'unknown-fund' as const };
    const stored = await storedOf(
      tx,
      refs.shares.map((s) => s.id),
    );
    const cells = refs.shares.flatMap((s) => refs.countries.flatMap((c) => refs.profiles.map((p) => ({ key: registrationKey(s.id, c.code, p.code), share: s, country: c.code, profile: p.code }))));
    const byKey = new Map(cells.map((c) => [c.key, c]));
    const instructions = gridInstructions(
      cells.map((c) => c.key),
      new Set(ticked),
      stored,
    );
    const errors: GridCellError[] = [];
    const changes: (RegistrationChange & { shareId: number; share: ShareRef })[] = [];
    for (const { key, status } of instructions) {
      const cell = byKey.get(key) as (typeof cells)[number];
      const before = stored.get(key);
      const applied = applyRegistration(before, status, date);
      if (!applied.ok) errors.push({ shareId: cell.share.id, isin: cell.share.isin, country: cell.country, profile: cell.profile, error: applied.error });
      else if (applied.next)
        changes.push({ shareId: cell.share.id, share: cell.share, isin: cell.share.isin, country: cell.country, profile: cell.profile, before: before ?? null, after: applied.next });
    }
    if (errors.length > 0) return { ok: false as const, error: 'cells' as const, cells: errors };
    if (changes.length === 0) return { ok: true as const, changed: 0, registered: 0, withdrawn: 0, scope: null };
    await writeChanges(tx, changes);
    await recordAudit(tx, {
      actor,
      entity: 'share_registration',
      entityId: refs.fund.slug,
      action: 'update',
      before: { cells: changes.map((c) => ({ isin: c.isin, country: c.country, profile: c.profile, ...(c.before ?? { registeredOn: null, withdrawnOn: null }) })) },
      after: { source: 'grid', date, cells: changes.map((c) => ({ isin: c.isin, country: c.country, profile: c.profile, ...c.after })) },
    });
    const withdrawn = changes.filter((c) => c.after.withdrawnOn !== null).length;
    return { ok: true as const, changed: changes.length, registered: changes.length - withdrawn, withdrawn, scope: scopeOf(changes) };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}

// ------------------------------------------------------------------ the CSV import

export type RegistrationPreview = {
  ok: true;
  rows: number;
  /** Cells the file registers (new, again, or a corrected date), withdraws, and leaves as they are. */
  registered: number;
  withdrawn: number;
  unchanged: number;
  /** The first LISTED_REGISTRATION_CHANGES changed cells, in file order. */
  registrations: RegistrationChange[];
};
export type RegistrationImportFailure = { ok: false; errors: CsvError[] };
export type RegistrationCommit = RegistrationPreview & { written: number };

type Plan = { ok: true; preview: RegistrationPreview; changes: (RegistrationChange & { shareId: number; share: ShareRef })[] } | RegistrationImportFailure;

async function plan(db: Executor, rows: RegistrationRow[]): Promise<Plan> {
  const isins = [...new Set(rows.map((r) => r.isin))];
  const [found, countryRows, profileRows] = await Promise.all([
    db
      .select({ id: shares.id, isin: shares.isinCode, slug: shares.slug, name: shares.name, active: shares.active, fundSlug: funds.slug })
      .from(shares)
      .innerJoin(funds, eq(funds.id, shares.fundId))
      .where(inArray(shares.isinCode, isins)),
    db.select({ code: countries.code }).from(countries),
    db.select({ code: investorProfiles.code }).from(investorProfiles),
  ]);
  const byIsin = new Map(found.map((s) => [s.isin, s]));
  const knownCountries = new Set(countryRows.map((c) => c.code));
  const knownProfiles = new Set(profileRows.map((p) => p.code));
  const errors: CsvError[] = [];
  for (const r of rows) {
    if (!byIsin.has(r.isin)) errors.push(csvError(r.line, 'unknown-isin', { isin: r.isin }));
    if (!knownCountries.has(r.country)) errors.push(csvError(r.line, 'unknown-country', { country: r.country }));
    if (!knownProfiles.has(r.profile)) errors.push(csvError(r.line, 'unknown-profile', { profile: r.profile }));
  }
  if (errors.length > 0) return { ok: false, errors };
  const stored = await storedOf(
    db,
    found.map((s) => s.id),
  );
  const changes: (RegistrationChange & { shareId: number; share: ShareRef })[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const share = byIsin.get(r.isin) as ShareRef;
    const before = stored.get(registrationKey(share.id, r.country, r.profile));
    const applied = applyRegistration(before, r.status, r.date);
    if (!applied.ok) {
      const params = { isin: r.isin, country: r.country, profile: r.profile, date: r.date, registered: before?.registeredOn ?? '' };
      errors.push(csvError(r.line, applied.error, params));
    } else if (applied.next === null) unchanged += 1;
    else changes.push({ line: r.line, shareId: share.id, share, isin: r.isin, country: r.country, profile: r.profile, before: before ?? null, after: applied.next });
  }
  if (errors.length > 0) return { ok: false, errors };
  const withdrawn = changes.filter((c) => c.after.withdrawnOn !== null).length;
  const preview: RegistrationPreview = {
    ok: true,
    rows: rows.length,
    registered: changes.length - withdrawn,
    withdrawn,
    unchanged,
    registrations: changes.slice(0, LISTED_REGISTRATION_CHANGES).map(({ line, isin, country, profile, before, after }) => ({ line, isin, country, profile, before, after })),
  };
  return { ok: true, preview, changes };
}

/** What a parsed registration file would change: nothing is written. An unknown ISIN, country or profile, or an impossible withdrawal, fails the file. */
export async function previewRegistrationImport(db: Executor, rows: RegistrationRow[]): Promise<RegistrationPreview | RegistrationImportFailure> {
  const result = await plan(db, rows);
  return result.ok ? result.preview : result;
}

/**
 * Writes a parsed registration file in one transaction: only the cells it changes, one audit entry
 * (each changed cell before and after, the source), then the pages of those audiences and shares are
 * published. The same file twice writes nothing and records nothing the second time.
 */
export async function commitRegistrationImport(db: Db, rows: RegistrationRow[], actor: Actor, options: { source?: string } = {}): Promise<RegistrationCommit | RegistrationImportFailure> {
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (!result.ok) return result;
    const { preview, changes } = result;
    if (changes.length === 0) return { ...preview, written: 0, scope: null };
    await writeChanges(tx, changes);
    await recordAudit(tx, {
      actor,
      entity: 'share_registration',
      action: 'import',
      before: { cells: changes.map((c) => ({ isin: c.isin, country: c.country, profile: c.profile, ...(c.before ?? { registeredOn: null, withdrawnOn: null }) })) },
      after: {
        source: options.source ?? null,
        rows: preview.rows,
        registered: preview.registered,
        withdrawn: preview.withdrawn,
        unchanged: preview.unchanged,
        cells: changes.map((c) => ({ isin: c.isin, country: c.country, profile: c.profile, ...c.after })),
      },
    });
    return { ...preview, written: changes.length, scope: scopeOf(changes) };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}

/** Which cells of these shares are stored (for tests and the API's answer). */
export async function registrationsOfShares(db: Executor, shareIds: number[]) {
  if (shareIds.length === 0) return [];
  return db
    .select()
    .from(shareRegistrations)
    .where(and(inArray(shareRegistrations.shareId, shareIds)))
    .orderBy(asc(shareRegistrations.shareId), asc(shareRegistrations.countryCode), asc(shareRegistrations.investorProfile));
}
