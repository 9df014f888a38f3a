/**
 * Applies the migrations and, on an empty database, seeds the demo fund house.
 * `npm start` runs it before the server so the first page is served from a ready database.
 */
import { openDatabase } from '@/server/db/client';
import { ensureSeeded } from '@/server/db/seed/ensure';

const database = await openDatabase();
try {
  await database.withLock(async () => {
    await database.migrate();
    await ensureSeeded(database.db);
  });
  console.info(`[db] ${database.driver} database migrated and ready`);
} finally {
  await database.close();
}
