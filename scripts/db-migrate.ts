/**
 * Applies the migrations and, on an empty database, seeds the demo fund house (and creates the
 * ADMIN_BOOTSTRAP_* admin while no staff account exists): the start-up work of
 * src/server/db/start-up.ts, which the server also runs on its first use of the database.
 * `npm start` runs it before the server so the first page is served from a ready database.
 */
import { openDatabase } from '@/server/db/client';
import { FolderLockedError } from '@/server/db/folder-lock';
import { prepareDatabase } from '@/server/db/start-up';

const database = await openDatabase().catch((error: unknown) => {
  // Another process has the PGlite folder (a server already running on it): say so, without a stack.
  if (!(error instanceof FolderLockedError)) throw error;
  console.error(`[db] ${error.message}`);
  process.exit(1);
});
try {
  await prepareDatabase(database);
  console.info(`[db] ${database.driver} database migrated and ready`);
} finally {
  await database.close();
}
