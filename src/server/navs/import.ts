import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { NavCsvError, NavRow } from '@/domain/nav-csv';
import type { Db } from '@/server/db/client';
import { navs, shares } from '@/server/db/schema';
import { invalidateCatalog } from '@/server/queries/catalog';
import { recomputeShares } from './recompute';

export type ImportResult =
  | { ok: true; upserted: number; shares: number }
  | { ok: false; errors: NavCsvError[] };

const CHUNK = 5000;

/**
 * Upserts NAVs and recomputes the performance of every share they touch, in one transaction:
 * a row naming an unknown ISIN rejects the whole file, and nothing is half-written.
 */
export async function importNavs(db: Db, rows: NavRow[], riskFreeRate: number): Promise<ImportResult> {
  const isins = [...new Set(rows.map((r) => r.isin))];
  const known = await db.select({ id: shares.id, isin: shares.isinCode }).from(shares).where(inArray(shares.isinCode, isins));
  const idByIsin = new Map(known.map((s) => [s.isin, s.id]));
  const errors = rows
    .filter((r) => !idByIsin.has(r.isin))
    .map((r) => ({ line: r.line, message: `no share has the ISIN ${r.isin}` }));
  if (errors.length > 0) return { ok: false, errors };

  const shareIds = [...new Set(rows.map((r) => idByIsin.get(r.isin) as number))];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(navs)
        .values(rows.slice(i, i + CHUNK).map((r) => ({ shareId: idByIsin.get(r.isin) as number, date: r.date, nav: r.nav })))
        .onConflictDoUpdate({ target: [navs.shareId, navs.date], set: { nav: sql`excluded.nav` } });
    }
    await recomputeShares(tx, shareIds, riskFreeRate);
  });
  invalidateCatalog();
  return { ok: true, upserted: rows.length, shares: shareIds.length };
}
