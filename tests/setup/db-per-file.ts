import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { setDatabaseForTests } from '../../src/server/db/index';

/** Each test file gets its own copy of the golden database (PGlite), or the shared PostgreSQL one. */
const url = process.env.DATABASE_URL;
let database: Database;
if (url) {
  database = await openPostgres(url);
} else {
  const image = new Blob([readFileSync(inject('goldenImage'))]);
  database = await openPglite(await PGlite.create({ loadDataDir: image }));
}
setDatabaseForTests(database);

afterAll(async () => {
  await database.close();
});
