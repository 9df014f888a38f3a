import 'server-only';
import { count } from 'drizzle-orm';
import { env } from '@/env';
import { areaLogger } from '@/server/log/logger';
import type { Db } from '../client';
import { seedRuns } from '../schema';

/**
 * First start on an empty database (no `seed_run`): fill it with the demo fund house SEED_DEMO names
 * (true: the first one), or with SEED_DEMO=false the base of a real house, its reference data,
 * company and pages from neutral templates (docs/product.md "Data"). Either runs once.
 */
export async function ensureSeeded(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(seedRuns);
  if ((row?.n ?? 0) > 0) return;
  const choice = env().SEED_DEMO;
  if (!choice) {
    const { seedBase } = await import('./base');
    const report = await seedBase(db, { companyName: env().COMPANY_NAME });
    if (report.seeded) areaLogger('db').info({ pages: report.pages }, 'base of an empty fund house seeded (SEED_DEMO=false)');
    return;
  }
  const [{ seedDemo }, { demoHouse }] = await Promise.all([import('./seed'), import('./houses')]);
  const started = Date.now();
  const report = await seedDemo(db, demoHouse(choice));
  areaLogger('db').info({ ms: Date.now() - started, house: choice, report }, 'demo fund house seeded');
  // The demo's factsheets of its latest complete month (docs/decisions/033), as `npm run factsheets` makes them.
  const factsheetsStarted = Date.now();
  const [{ completedMonth }, { DEMO_AS_OF }, { generateFactsheets }] = await Promise.all([
    import('@/domain/documents/factsheet'),
    import('./fixtures/constants'),
    import('@/server/factsheets/generate'),
  ]);
  const factsheets = await generateFactsheets(db, completedMonth(DEMO_AS_OF), { type: 'system', label: 'seed' });
  areaLogger('db').info({ ms: Date.now() - factsheetsStarted, factsheets }, 'demo factsheets generated');
}
