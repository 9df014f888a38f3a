import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { ChangeScope } from '@/domain/content/publication';
import type { CsvError } from '@/domain/csv/import';
import type { ShareDistribution } from '@/domain/distribution/data';
import { applyEmtLine, checkEetLine, eetFieldOf, emtFieldOf, fieldError, type FindatexLine, type FundSustainabilityAnswers } from '@/domain/distribution/findatex/read';
import { canonicalJson } from '@/domain/staff/approval';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { funds, fundSustainability, shareDistributions, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/**
 * A third party's EMT or EET file (docs/distribution-data.md), read by readFindatexCsv, against what
 * is stored: an EMT line replaces the sections it reports of its share's distribution data (the
 * PRIIPs answers kept), an EET line its fund's sustainability answers. The preview names, line by
 * line, the fields that would change; the commit writes every change in one transaction or none.
 */

/** One field a line changes, named by its field code, the stored and the file's values as text. */
export type FindatexChange = { field: string; before: string; after: string };
export type FindatexLinePreview = { line: number; isin: string; target: string; status: 'new' | 'changed' | 'unchanged'; changes: FindatexChange[] };
export type FindatexPreview = { ok: true; template: 'emt' | 'eet'; rows: number; changed: number; unchanged: number; lines: FindatexLinePreview[] };
export type FindatexImportFailure = { ok: false; errors: CsvError[] };
export type FindatexCommit = FindatexPreview & { written: number };

type ShareRef = { id: number; isin: string; name: string; slug: string; sri: number; fundId: number; fundSlug: string; article: number };
/** What one line writes: a share's data (EMT) or a fund's answers (EET), with the stored state it replaces. */
type Write =
  | { kind: 'share'; share: ShareRef; before: ShareDistribution | null; after: ShareDistribution }
  | { kind: 'fund'; share: ShareRef; before: FundSustainabilityAnswers | null; after: FundSustainabilityAnswers };
type Plan = { ok: true; preview: FindatexPreview; writes: Write[] } | FindatexImportFailure;

const ISIN_FIELD = { emt: '00010_Financial_Instrument_Identifying_Data', eet: '20000_Financial_Instrument_Identifying_Data' } as const;

/** A stored value's leaves, path → text (null and absent are both empty). */
function leaves(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, path ? `${path}.${key}` : key, into);
  } else if (path) into.set(path, value === null || value === undefined ? '' : String(value));
  return into;
}

/** The fields whose values differ, by field code (several stored values of one field are shown once). */
function changes(before: unknown, after: unknown, fieldOf: (path: string) => string): FindatexChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const out = new Map<string, FindatexChange>();
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(path) ?? '';
    const is = b.get(path) ?? '';
    if (was === is) continue;
    const field = fieldOf(path);
    if (!out.has(field)) out.set(field, { field, before: was, after: is });
  }
  return [...out.values()].sort((x, y) => (x.field < y.field ? -1 : 1));
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

async function plan(db: Executor, rows: FindatexLine[]): Promise<Plan> {
  const template = rows[0]?.template ?? 'emt';
  const isins = [...new Set(rows.map((r) => r.isin))];
  const found = isins.length
    ? await db
        .select({ id: shares.id, isin: shares.isinCode, name: shares.name, slug: shares.slug, sri: shares.sriLevel, fundId: funds.id, fundSlug: funds.slug, article: funds.sfdrArticle })
        .from(shares)
        .innerJoin(funds, eq(funds.id, shares.fundId))
        .where(inArray(shares.isinCode, isins))
    : [];
  const byIsin = new Map(found.map((s) => [s.isin, s]));
  const errors: CsvError[] = rows.filter((r) => !byIsin.has(r.isin)).map((r) => fieldError(r.line, ISIN_FIELD[r.template], 'unknown-isin', r.isin));
  if (errors.length > 0) return { ok: false, errors };

  const writes: Write[] = [];
  const lines: FindatexLinePreview[] = [];
  if (template === 'emt') {
    const stored = new Map(
      (await db.select().from(shareDistributions).where(inArray(shareDistributions.shareId, found.map((s) => s.id)))).map((r) => [r.shareId, r.data]),
    );
    for (const row of rows) {
      if (row.template !== 'emt') continue;
      const share = byIsin.get(row.isin) as ShareRef;
      const before = stored.get(share.id) ?? null;
      const applied = applyEmtLine(before, row, share.sri);
      if (!applied.ok) {
        errors.push(...applied.errors);
        continue;
      }
      const status = before === null ? 'new' : same(before, applied.data) ? 'unchanged' : 'changed';
      lines.push({ line: row.line, isin: row.isin, target: share.name, status, changes: status === 'unchanged' ? [] : changes(before, applied.data, emtFieldOf) });
      if (status !== 'unchanged') writes.push({ kind: 'share', share, before, after: applied.data });
    }
  } else {
    const fundIds = [...new Set(found.map((s) => s.fundId))];
    const stored = new Map(
      (await db.select().from(fundSustainability).where(inArray(fundSustainability.fundId, fundIds))).map((r) => [
        r.fundId,
        { paiConsidered: r.paiConsidered, sustainabilityRiskRelevant: r.sustainabilityRiskRelevant, precontractual: r.precontractual ?? null } as FundSustainabilityAnswers,
      ]),
    );
    // The SFDR product is the fund: each of its share classes' lines must give the same answers.
    const firstOfFund = new Map<number, FundSustainabilityAnswers>();
    for (const row of rows) {
      if (row.template !== 'eet') continue;
      const share = byIsin.get(row.isin) as ShareRef;
      const checked = checkEetLine(row, share.article as 6 | 8 | 9);
      if (!checked.ok) {
        errors.push(...checked.errors);
        continue;
      }
      const first = firstOfFund.get(share.fundId);
      if (first && !same(first, checked.answers)) {
        errors.push(fieldError(row.line, ISIN_FIELD.eet, 'fund-disagrees', row.isin));
        continue;
      }
      const before = stored.get(share.fundId) ?? null;
      const status = before === null ? 'new' : same(before, checked.answers) ? 'unchanged' : 'changed';
      const fieldOf = (path: string) => eetFieldOf(path.replace(/^precontractual\.?/, ''));
      lines.push({ line: row.line, isin: row.isin, target: share.fundSlug, status, changes: status === 'unchanged' ? [] : changes(before, checked.answers, fieldOf) });
      if (!first && status !== 'unchanged') writes.push({ kind: 'fund', share, before, after: checked.answers });
      firstOfFund.set(share.fundId, checked.answers);
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  const unchanged = lines.filter((l) => l.status === 'unchanged').length;
  return { ok: true, preview: { ok: true, template, rows: rows.length, changed: lines.length - unchanged, unchanged, lines }, writes };
}

/** The preview of a read FinDatEx file: nothing is written. A line naming an unknown ISIN, or whose data would not hold, fails the file. */
export async function previewFindatexImport(db: Executor, rows: FindatexLine[]): Promise<FindatexPreview | FindatexImportFailure> {
  const result = await plan(db, rows);
  return result.ok ? result.preview : result;
}

/**
 * Writes a read FinDatEx file in one transaction: each share's data (EMT) or fund's answers (EET)
 * that the file changes; what it leaves as stored is not written, so the same file twice writes
 * nothing the second time. One audit entry, then the funds and share classes are published.
 */
export async function commitFindatexImport(db: Db, rows: FindatexLine[], actor: Actor, options: { source?: string } = {}): Promise<FindatexCommit | FindatexImportFailure> {
  const outcome = await db.transaction(async (tx) => {
    const result = await plan(tx, rows);
    if (!result.ok) return result;
    const now = new Date();
    for (const write of result.writes) {
      if (write.kind === 'share') {
        await tx
          .insert(shareDistributions)
          .values({ shareId: write.share.id, data: write.after, updatedAt: now })
          .onConflictDoUpdate({ target: shareDistributions.shareId, set: { data: write.after, updatedAt: now } });
      } else {
        const values = { paiConsidered: write.after.paiConsidered, sustainabilityRiskRelevant: write.after.sustainabilityRiskRelevant, precontractual: write.after.precontractual, updatedAt: now };
        await tx
          .insert(fundSustainability)
          .values({ fundId: write.share.fundId, ...values })
          .onConflictDoUpdate({ target: fundSustainability.fundId, set: values });
      }
    }
    if (result.writes.length > 0) {
      const key = (w: Write) => (w.kind === 'share' ? w.share.isin : w.share.fundSlug);
      await recordAudit(tx, {
        actor,
        entity: result.preview.template === 'emt' ? 'share_distribution' : 'fund_sustainability',
        action: 'import',
        before: { source: options.source ?? null, [result.preview.template]: Object.fromEntries(result.writes.map((w) => [key(w), w.before])) },
        after: { source: options.source ?? null, rows: result.preview.rows, [result.preview.template]: Object.fromEntries(result.writes.map((w) => [key(w), w.after])) },
      });
    }
    const byFund = new Map<string, Set<string>>();
    for (const w of result.writes) {
      const set = byFund.get(w.share.fundSlug) ?? new Set<string>();
      if (w.kind === 'share') set.add(w.share.slug);
      byFund.set(w.share.fundSlug, set);
    }
    // A fund's answers are read on every one of its share classes: the whole fund is published.
    const scope: ChangeScope = { funds: [...byFund].map(([slug, set]) => (set.size > 0 ? { slug, shares: [...set] } : { slug })) };
    return { ...result.preview, written: result.writes.length, scope };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope.funds && scope.funds.length > 0) await publishChange(db, scope);
  return result;
}
