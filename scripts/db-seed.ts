/**
 * `npm run db:seed [-- --force]`: wipes the demo tables and seeds them again (visitors' form
 * submissions and the audit log are kept). It refuses, saying what would be lost, when the database
 * holds staff work (back-office or import changes since the last seed, NAVs after the demo's last
 * day); --force reseeds anyway.
 */
import { openDatabase } from '@/server/db/client';
import { describeRefusal, reseedDemo } from '@/server/db/seed/guard';
import { publishChange } from '@/server/publish/publish';

const force = process.argv.includes('--force');
const database = await openDatabase();
let refused = false;
try {
  const started = Date.now();
  const outcome = await database.withLock(async () => {
    await database.migrate();
    return reseedDemo(database.db, { force });
  });
  if (outcome.ok) {
    console.info(`[db] seeded in ${Date.now() - started} ms`);
    console.table(outcome.report);
    // Running servers on PostgreSQL drop every cached page and catalog (with PGlite they are stopped).
    await publishChange(database.db, { all: true });
  } else {
    refused = true;
    for (const line of describeRefusal(outcome.work, outcome.wouldErase)) console.error(line);
  }
} finally {
  await database.close();
}
process.exit(refused ? 1 : 0);
