import 'server-only';
import { count, desc, gt } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { env } from '@/env';
import { DEMO_AS_OF } from './fixtures/constants';
import { DEFAULT_DEMO_HOUSE } from './house-codes';
import { demoHouse } from './houses';
import { seedDemo, type SeedReport } from './seed';

/**
 * What a reseed would erase that the demo did not put there: changes recorded in the audit log
 * since the last seed (every back-office and import-API change is), and NAVs or benchmark values
 * dated after the demo's last day (imported, even by an `import:navs` older than the audit log).
 */
export type StaffWork = {
  auditEntries: number;
  /** Audit entries per entity (nav, document, fund…). */
  byEntity: Record<string, number>;
  navsAfterDemo: number;
  benchmarkValuesAfterDemo: number;
};

/** What a reseed wipes in any case: the demo tables' rows. */
export type SeededCounts = { funds: number; shares: number; navs: number; documents: number; news: number; holdings: number };

export async function staffWork(db: Db): Promise<StaffWork> {
  const [lastSeed] = await db.select({ at: t.seedRuns.ranAt }).from(t.seedRuns).orderBy(desc(t.seedRuns.ranAt)).limit(1);
  const since = lastSeed?.at ?? new Date(0);
  const [entries, navs, values] = await Promise.all([
    db
      .select({ entity: t.auditLog.entity, n: count() })
      .from(t.auditLog)
      .where(gt(t.auditLog.at, since))
      .groupBy(t.auditLog.entity),
    db.$count(t.navs, gt(t.navs.date, DEMO_AS_OF)),
    db.$count(t.benchmarkValues, gt(t.benchmarkValues.date, DEMO_AS_OF)),
  ]);
  const byEntity = Object.fromEntries(entries.map((e) => [e.entity, Number(e.n)]));
  return {
    auditEntries: Object.values(byEntity).reduce((a, b) => a + b, 0),
    byEntity,
    navsAfterDemo: Number(navs),
    benchmarkValuesAfterDemo: Number(values),
  };
}

export function hasStaffWork(work: StaffWork): boolean {
  return work.auditEntries > 0 || work.navsAfterDemo > 0 || work.benchmarkValuesAfterDemo > 0;
}

export async function seededCounts(db: Db): Promise<SeededCounts> {
  const [funds, shares, navs, documents, news, holdings] = await Promise.all(
    [t.funds, t.shares, t.navs, t.documents, t.news, t.holdings].map((table) => db.$count(table)),
  );
  return { funds, shares, navs, documents, news, holdings } as SeededCounts;
}

export type ReseedOutcome =
  | { ok: true; report: SeedReport }
  | { ok: false; work: StaffWork; wouldErase: SeededCounts };

/**
 * `npm run db:seed`: reseeds the demo house SEED_DEMO names (the first one when SEED_DEMO=false), unless the database holds staff work, which it then
 * describes instead; `force` reseeds anyway. An empty database is seeded as on a first start.
 */
export async function reseedDemo(db: Db, { force = false }: { force?: boolean } = {}): Promise<ReseedOutcome> {
  const work = await staffWork(db);
  if (!force && hasStaffWork(work)) return { ok: false, work, wouldErase: await seededCounts(db) };
  return { ok: true, report: await seedDemo(db, demoHouse(env().SEED_DEMO || DEFAULT_DEMO_HOUSE)) };
}

/** The refusal in words, for the terminal. */
export function describeRefusal(work: StaffWork, wouldErase: SeededCounts): string[] {
  const lines = ['The database holds work that reseeding would erase:'];
  if (work.auditEntries > 0) {
    const detail = Object.entries(work.byEntity)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([entity, n]) => `${entity} ${n}`)
      .join(', ');
    lines.push(`  - ${work.auditEntries} change(s) made since the last seed, from the audit log (${detail})`);
  }
  if (work.navsAfterDemo > 0) lines.push(`  - ${work.navsAfterDemo} NAV(s) dated after the demo's last day (${DEMO_AS_OF})`);
  if (work.benchmarkValuesAfterDemo > 0) lines.push(`  - ${work.benchmarkValuesAfterDemo} benchmark value(s) dated after ${DEMO_AS_OF}`);
  lines.push(
    `Reseeding replaces ${wouldErase.funds} funds, ${wouldErase.shares} share classes, ${wouldErase.navs} NAVs, ` +
      `${wouldErase.documents} documents (every version), ${wouldErase.news} news items and ${wouldErase.holdings} holdings with the demo's.`,
    'Nothing was changed. Run `npm run db:seed -- --force` to erase them anyway (the audit log is kept).',
  );
  return lines;
}

