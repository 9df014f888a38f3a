/** `npm run db:seed`: wipes the demo tables and seeds them again (visitors' form submissions are kept). */
import { openDatabase } from '@/server/db/client';
import { seedDemo } from '@/server/db/seed/seed';

const database = await openDatabase();
try {
  const started = Date.now();
  const report = await database.withLock(async () => {
    await database.migrate();
    return seedDemo(database.db);
  });
  console.info(`[db] seeded in ${Date.now() - started} ms`);
  console.table(report);
} finally {
  await database.close();
}
