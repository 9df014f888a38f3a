import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { csvError, type CsvError } from '@/domain/csv/import';
import type { ChangeScope } from '@/domain/content/publication';
import { dividendKey, type DividendRow } from '@/domain/dividends/csv';
import { canonicalAmount, distributesDividends, type Dividend } from '@/domain/dividends/model';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { dividends, funds, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/**
 * The dividends import (issue 34): the back-office's file (through the approval door, change kind
 * `import.dividends`) and POST /api/admin/v1/distributions. A file adds the dividends it names and
 * corrects the stored ones with the same ex-date; it never deletes. One transaction, one audit entry,
 * then the share pages, their fund's pages and the notices (whose iCalendar lists ex-dates) are published.
 */

type ShareRef = { id: number; isin: string; slug: string; fundSlug: string; currency: string; distributing: boolean };

/** One dividend the file adds (before null) or corrects. */
export type DividendChange = { line: number; isin: string; exDate: string; before: Dividend | null; after: Dividend };

/** At most this many added or corrected dividends are listed in a preview (the counts give them all). */
export const LISTED_DIVIDEND_CHANGES = 200;

export type DividendPreview = {
  ok: true;
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  /** The first LISTED_DIVIDEND_CHANGES added or corrected dividends, in file order. */
  dividends: DividendChange[];
};
export type DividendImportFailure = { ok: false; errors: CsvError[] };
export type DividendCommit = DividendPreview & { written: number };

async function resolveShares(db: Executor, isins: string[]): Promise<Map<string, ShareRef>> {
  if (isins.length === 0) return new Map();
  const rows = await db
    .select({ id: shares.id, isin: shares.isinCode, slug: shares.slug, fundSlug: funds.slug, currency: shares.currencyCode, characteristics: shares.characteristics })
    .from(shares)
    .innerJoin(funds, eq(funds.id, shares.fundId))
    .where(inArray(shares.isinCode, isins));
  return new Map(rows.map(({ characteristics, ...r }) => [r.isin, { ...r, distributing: distributesDividends(characteristics.resultAllocation) }]));
}

/** The stored dividends of these shares, by dividendKey(shareId, exDate). */
async function storedOf(db: Executor, shareIds: number[]): Promise<Map<string, Dividend>> {
  if (shareIds.length === 0) return new Map();
  const rows = await db.select().from(dividends).where(inArray(dividends.shareId, shareIds));
  return new Map(
    rows.map((r) => [
      dividendKey(r.shareId, r.exDate),
      { exDate: r.exDate, recordDate: r.recordDate, paymentDate: r.paymentDate, amount: canonicalAmount(r.amount), currency: r.currencyCode },
    ]),
  );
}

const same = (a: Dividend, b: Dividend) => a.recordDate === b.recordDate && a.paymentDate === b.paymentDate && a.amount === b.amount && a.currency === b.currency;

type Planned = DividendChange & { share: ShareRef };
type Plan = { ok: true; preview: DividendPreview; changes: Planned[] } | DividendImportFailure;

async function plan(db: Executor, rows: DividendRow[]): Promise<Plan> {
  const byIsin = await resolveShares(db, [...new Set(rows.map((r) => r.isin))]);
  const errors: CsvError[] = [];
  for (const r of rows) {
    const share = byIsin.get(r.isin);
    if (!share) errors.push(csvError(r.line, 'unknown-isin', { isin: r.isin }));
    else if (!share.distributing) errors.push(csvError(r.line, 'not-distributing', { isin: r.isin }));
    else if (share.currency !== r.currency) errors.push(csvError(r.line, 'wrong-currency', { isin: r.isin, expected: share.currency, currency: r.currency }));
  }
  if (errors.length > 0) return { ok: false, errors };
  const stored = await storedOf(
    db,
    [...byIsin.values()].map((s) => s.id),
  );
  const changes: Planned[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const share = byIsin.get(r.isin) as ShareRef;
    const before = stored.get(dividendKey(share.id, r.exDate)) ?? null;
    const after: Dividend = { exDate: r.exDate, recordDate: r.recordDate, paymentDate: r.paymentDate, amount: r.amount, currency: r.currency };
    if (before && same(before, after)) unchanged += 1;
    else changes.push({ line: r.line, isin: r.isin, exDate: r.exDate, before, after, share });
  }
  const added = changes.filter((c) => c.before === null).length;
  const preview: DividendPreview = {
    ok: true,
    rows: rows.length,
    added,
    changed: changes.length - added,
    unchanged,
    dividends: changes.slice(0, LISTED_DIVIDEND_CHANGES).map(({ share: _share, ...c }) => c),
  };
  return { ok: true, preview, changes };
}

/** What a parsed dividends file would change: nothing is written. An unknown or accumulating share, or another currency than the share's, fails the file. */
export async function previewDividendImport(db: Executor, rows: DividendRow[]): Promise<DividendPreview | DividendImportFailure> {
  const result = await plan(db, rows);
  return result.ok ? result.preview : result;
}

/** The pages a change of these shares' dividends makes stale: their pages, their funds', and the notices (ex-dates in the iCalendar). */
export function dividendsScope(refs: Iterable<{ fundSlug: string; slug: string }>): ChangeScope {
  const byFund = new Map<string, Set<string>>();
  for (const ref of refs) byFund.set(ref.fundSlug, (byFund.get(ref.fundSlug) ?? new Set()).add(ref.slug));
  return { funds: [...byFund].map(([slug, set]) => ({ slug, shares: [...set].sort() })), notices: true };
}

const CHUNK = 1000;

/**
 * Writes a parsed dividends file in one transaction: the new and corrected dividends only, one audit
 * entry (each before and after, the source), then publishes. The same file twice writes nothing and
 * records nothing the second time. Any bad row (checked again inside the transaction) writes nothing.
 */
export async function commitDividendImport(db: Db, rows: DividendRow[], actor: Actor, options: { source?: string } = {}): Promise<DividendCommit | DividendImportFailure> {
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (!result.ok) return result;
    const { preview, changes } = result;
    if (changes.length === 0) return { ...preview, written: 0, scope: null };
    for (let i = 0; i < changes.length; i += CHUNK) {
      await tx
        .insert(dividends)
        .values(
          changes.slice(i, i + CHUNK).map((c) => ({
            shareId: c.share.id,
            exDate: c.after.exDate,
            recordDate: c.after.recordDate,
            paymentDate: c.after.paymentDate,
            amount: c.after.amount,
            currencyCode: c.after.currency,
          })),
        )
        .onConflictDoUpdate({
          target: [dividends.shareId, dividends.exDate],
          set: { recordDate: sql`excluded.record_date`, paymentDate: sql`excluded.payment_date`, amount: sql`excluded.amount`, currencyCode: sql`excluded.currency_code` },
        });
    }
    await recordAudit(tx, {
      actor,
      entity: 'dividend',
      action: 'import',
      before: { dividends: changes.filter((c) => c.before !== null).map((c) => ({ isin: c.isin, ...c.before })) },
      after: {
        source: options.source ?? null,
        rows: preview.rows,
        added: preview.added,
        changed: preview.changed,
        unchanged: preview.unchanged,
        dividends: changes.map((c) => ({ isin: c.isin, ...c.after })),
      },
    });
    return { ...preview, written: changes.length, scope: dividendsScope(changes.map((c) => c.share)) };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}
