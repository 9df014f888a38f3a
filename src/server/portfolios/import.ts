import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AllocationDimension } from '@/domain/catalog';
import { csvError, type CsvError } from '@/domain/csv/import';
import { fundKey, type AllocationRow, type FundRef, type HoldingRow, type PortfolioKind, type PortfolioRow } from '@/domain/csv/portfolio';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { allocations, funds, holdings, shares, type Localized } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/** One holdings list or breakdown of a fund on a date, as the file would leave it. */
export type PortfolioGroupPreview = {
  fund: string;
  date: string;
  kind: PortfolioKind;
  rows: number;
  /** Rows stored today for that fund, date and kind. */
  stored: number;
  status: 'new' | 'replaced' | 'unchanged';
};
export type PortfolioPreview = { ok: true; rows: number; groups: PortfolioGroupPreview[] };
export type PortfolioImportFailure = { ok: false; errors: CsvError[] };
export type PortfolioCommit = PortfolioPreview & { written: number };

type Fund = { id: number; slug: string };
type HoldingValue = { name: string; isinCode: string | null; weight: number; assetClass: string; sector: string; countryCode: string };
type AllocationValue = { code: string; label: Localized; weight: number };
type Group = {
  fund: Fund;
  date: string;
  kind: PortfolioKind;
  next: HoldingValue[] | AllocationValue[];
  stored: HoldingValue[] | AllocationValue[];
};

async function resolveFunds(db: Executor, refs: FundRef[]): Promise<Map<string, Fund>> {
  const slugs = [...new Set(refs.flatMap((r) => ('slug' in r ? [r.slug] : [])))];
  const isins = [...new Set(refs.flatMap((r) => ('isin' in r ? [r.isin] : [])))];
  const found = new Map<string, Fund>();
  if (slugs.length > 0) {
    for (const f of await db.select({ id: funds.id, slug: funds.slug }).from(funds).where(inArray(funds.slug, slugs))) {
      found.set(fundKey({ slug: f.slug }), f);
    }
  }
  if (isins.length > 0) {
    const rows = await db
      .select({ id: funds.id, slug: funds.slug, isin: shares.isinCode })
      .from(shares)
      .innerJoin(funds, eq(funds.id, shares.fundId))
      .where(inArray(shares.isinCode, isins));
    for (const r of rows) found.set(fundKey({ isin: r.isin }), { id: r.id, slug: r.slug });
  }
  return found;
}

const holdingValue = (r: HoldingRow): HoldingValue => ({
  name: r.name,
  isinCode: r.isin,
  weight: r.weight,
  assetClass: r.assetClass,
  sector: r.sector,
  countryCode: r.country,
});
const localizedOf = (label: Localized): Localized => ({ fr: label.fr, ...(label.en ? { en: label.en } : {}), ...(label.es ? { es: label.es } : {}) });
const byCode = (a: AllocationValue, b: AllocationValue) => a.code.localeCompare(b.code);

async function storedGroup(db: Executor, fundId: number, date: string, kind: PortfolioKind): Promise<Group['stored']> {
  if (kind === 'holding') {
    return db
      .select({
        name: holdings.name,
        isinCode: holdings.isinCode,
        weight: holdings.weight,
        assetClass: holdings.assetClass,
        sector: holdings.sector,
        countryCode: holdings.countryCode,
      })
      .from(holdings)
      .where(and(eq(holdings.fundId, fundId), eq(holdings.asOf, date)))
      .orderBy(asc(holdings.position));
  }
  const rows = await db
    .select({ code: allocations.code, label: allocations.label, weight: allocations.weight })
    .from(allocations)
    .where(and(eq(allocations.fundId, fundId), eq(allocations.asOf, date), eq(allocations.dimension, kind)));
  return rows.map((r) => ({ ...r, label: localizedOf(r.label) })).sort(byCode);
}

type Plan = { ok: true; preview: PortfolioPreview; groups: Group[] } | PortfolioImportFailure;

async function plan(db: Executor, rows: PortfolioRow[]): Promise<Plan> {
  const fundsByKey = await resolveFunds(
    db,
    rows.map((r) => r.fund),
  );
  const errors = rows
    .filter((r) => !fundsByKey.has(fundKey(r.fund)))
    .map((r) => ('isin' in r.fund ? csvError(r.line, 'unknown-isin', { isin: r.fund.isin }) : csvError(r.line, 'unknown-fund', { slug: r.fund.slug })));
  if (errors.length > 0) return { ok: false, errors };
  const grouped = new Map<string, { fund: Fund; date: string; kind: PortfolioKind; rows: PortfolioRow[] }>();
  for (const row of rows) {
    const fund = fundsByKey.get(fundKey(row.fund)) as Fund;
    const key = `${fund.id}|${row.date}|${row.kind}`;
    const group = grouped.get(key) ?? { fund, date: row.date, kind: row.kind, rows: [] };
    group.rows.push(row);
    grouped.set(key, group);
  }
  const groups: Group[] = [];
  for (const g of grouped.values()) {
    const next =
      g.kind === 'holding'
        ? (g.rows as HoldingRow[]).map(holdingValue)
        : (g.rows as AllocationRow[]).map((r) => ({ code: r.code, label: localizedOf(r.label), weight: r.weight })).sort(byCode);
    groups.push({ fund: g.fund, date: g.date, kind: g.kind, next, stored: await storedGroup(db, g.fund.id, g.date, g.kind) });
  }
  const preview: PortfolioPreview = {
    ok: true,
    rows: rows.length,
    groups: groups.map((g) => ({
      fund: g.fund.slug,
      date: g.date,
      kind: g.kind,
      rows: g.next.length,
      stored: g.stored.length,
      status: g.stored.length === 0 ? 'new' : JSON.stringify(g.stored) === JSON.stringify(g.next) ? 'unchanged' : 'replaced',
    })),
  };
  return { ok: true, preview, groups };
}

/** The preview of a parsed portfolio file: nothing is written. An unknown fund or ISIN fails the file. */
export async function previewPortfolioImport(db: Executor, rows: PortfolioRow[]): Promise<PortfolioPreview | PortfolioImportFailure> {
  const result = await plan(db, rows);
  return result.ok ? result.preview : result;
}

/**
 * Replaces, in one transaction, each holdings list or breakdown the file gives for a fund and date,
 * with one audit entry per list replaced (its rows before and after); then publishes the funds'
 * pages. Lists the file repeats unchanged are not touched: the same file twice writes nothing.
 */
export async function commitPortfolioImport(db: Db, rows: PortfolioRow[], actor: Actor): Promise<PortfolioCommit | PortfolioImportFailure> {
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (!result.ok) return result;
    let written = 0;
    const touched = new Set<string>();
    for (const [i, group] of result.groups.entries()) {
      const status = result.preview.groups[i]?.status;
      if (status === 'unchanged') continue;
      if (group.kind === 'holding') {
        await tx.delete(holdings).where(and(eq(holdings.fundId, group.fund.id), eq(holdings.asOf, group.date)));
        await tx
          .insert(holdings)
          .values((group.next as HoldingValue[]).map((h, position) => ({ ...h, fundId: group.fund.id, asOf: group.date, position })));
      } else {
        const dimension: AllocationDimension = group.kind;
        await tx
          .delete(allocations)
          .where(and(eq(allocations.fundId, group.fund.id), eq(allocations.asOf, group.date), eq(allocations.dimension, dimension)));
        await tx
          .insert(allocations)
          .values((group.next as AllocationValue[]).map((a) => ({ ...a, fundId: group.fund.id, asOf: group.date, dimension })));
      }
      written += group.next.length;
      touched.add(group.fund.slug);
      await recordAudit(tx, {
        actor,
        entity: group.kind === 'holding' ? 'holding' : 'allocation',
        entityId: `${group.fund.slug}@${group.date}${group.kind === 'holding' ? '' : `#${group.kind}`}`,
        action: status === 'new' ? 'create' : 'replace',
        before: status === 'new' ? null : { rows: group.stored },
        after: { rows: group.next },
      });
    }
    return { ...result.preview, written, touched: [...touched] };
  });
  if (!outcome.ok) return outcome;
  const { touched, ...result } = outcome;
  if (touched.length > 0) await publishChange(db, { funds: touched.map((slug) => ({ slug })) });
  return result;
}
