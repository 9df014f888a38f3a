/**
 * `npm run factsheets -- --month 2026-11`: builds every active share class's factsheet of the month
 * in fr, en and es and stores each as the share's FACTSHEET document (the previous one superseded;
 * the same month again changes nothing). Without --month: the latest month whose last NAV is in.
 * With PGlite, stop the server first: one process per database folder.
 */
import { max } from 'drizzle-orm';
import { completedMonth, isYearMonth } from '@/domain/documents/factsheet';
import { closeDatabase, getDb } from '@/server/db';
import { navs } from '@/server/db/schema';
import { prepareDatabaseAtStart } from '@/server/db/start-up';
import { generateFactsheets } from '@/server/factsheets/generate';
import { settlePurges } from '@/server/cache/purge';

const args = process.argv.slice(2).filter((a) => a !== '--');
const at = args.indexOf('--month');
const given = at >= 0 ? args[at + 1] : undefined;
if ((at >= 0 && (!given || !isYearMonth(given))) || args.some((a, i) => a !== '--month' && i !== at + 1)) {
  console.error('usage: npm run factsheets -- [--month YYYY-MM]');
  process.exit(2);
}

// Migrated (and, on an empty database, seeded) like the server's, before the first query.
prepareDatabaseAtStart();
const db = await getDb();
try {
  const [latest] = await db.select({ date: max(navs.date) }).from(navs);
  if (!latest?.date) throw new Error('no NAV in the database');
  const complete = completedMonth(latest.date);
  const month = given ?? complete;
  if (month > complete) {
    console.error(`${month} is not complete yet: its last NAV is not in (latest complete month: ${complete}).`);
    process.exit(2);
  }
  const started = Date.now();
  const result = await generateFactsheets(db, month, { type: 'system', label: 'npm run factsheets' });
  console.log(`${month}: ${result.documents} factsheets for ${result.shares} share classes (${result.changed} new or changed) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  // The shared cache's purges (CACHE_PURGE_URL) finish, and may raise their alert, before the database closes.
  await settlePurges();
  await closeDatabase();
}
