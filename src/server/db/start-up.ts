import 'server-only';
import { ensureBootstrapAdmin } from '@/server/auth/bootstrap';
import type { Database } from './client';
import { setStartUp } from './index';
import { ensureSeeded } from './seed/ensure';

/**
 * What a process does to the database when it starts: applies the migrations, seeds the demo fund
 * house and its factsheets on an empty database (SEED_DEMO; with SEED_DEMO=false the base of a real
 * house: reference data, company and pages from neutral templates), and creates the ADMIN_BOOTSTRAP_* admin
 * while no staff account exists; under the database's lock, so that processes starting together on
 * PostgreSQL do it one at a time. Each step does nothing when already done.
 *
 * Kept out of src/server/db/index.ts, which only opens the database: the seed and the first admin
 * reach most of the server code (queries, factsheets, accounts, mail, settings), which itself
 * imports the database, and opening it must not import them back (no import cycle, .dependency-cruiser.cjs).
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.withLock(async () => {
    await database.migrate();
    await ensureSeeded(database.db);
    await ensureBootstrapAdmin(database.db);
  });
}

/**
 * Called where a process starts (src/instrumentation.ts for the Next server, scripts/factsheets.ts):
 * its first getDb() opens the database and prepares it, once, and every caller waits for that.
 * `npm start` prepares it before the server too (scripts/db-migrate.ts): the server's own pass
 * then finds little or nothing left to do.
 */
export function prepareDatabaseAtStart(): void {
  setStartUp(prepareDatabase);
}
