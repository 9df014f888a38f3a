import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { setDatabaseForTests } from '../../src/server/db/index';
import { workerDatabaseUrl } from './worker-database';

/**
 * Each test file gets its own copy of the golden database (PGlite), or its worker's copy of the
 * seeded PostgreSQL database (tests/setup/global-db.ts), which DATABASE_URL then names for the
 * code under test too (the publication listener, the scripts a test runs).
 */
let database: Database;
if (process.env.DATABASE_URL) {
  const url = workerDatabaseUrl(process.env.DATABASE_URL, process.env.VITEST_POOL_ID ?? '1');
  process.env.DATABASE_URL = url;
  database = await openPostgres(url);
} else {
  const image = new Blob([readFileSync(inject('goldenImage'))]);
  database = await openPglite(await PGlite.create({ loadDataDir: image }));
}
setDatabaseForTests(database);

afterAll(async () => {
  await database.close();
});
