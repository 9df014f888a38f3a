import { PGlite } from '@electric-sql/pglite';
import { afterAll, inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { setDatabaseForTests } from '../../src/server/db/index';
import { copyGoldenImage } from './golden';
import { databaseName, fileDatabaseUrl, maintenanceUrl, quoteIdentifier } from './file-database';

/**
 * Each test file gets a database of its own, made from the migrated and seeded one of the global
 * setup (tests/setup/global-db.ts): a copy of the golden PGlite folder, removed when the file closes it, or on PostgreSQL a database
 * created from the template (`CREATE DATABASE … TEMPLATE`), which DATABASE_URL then names for the
 * code under test too (the publication listener, the scripts a test runs), dropped after the file.
 */
let database: Database;
let dropCopy: (() => Promise<void>) | null = null;
if (process.env.DATABASE_URL && process.env.INTEGRATION_SHARED_DATABASE === '1') {
  // The diagnostic mode of docs/testing.md "Order of the files": every file on the one database, to
  // find a test that reads rows it did not write.
  database = await openPostgres(process.env.DATABASE_URL);
} else if (process.env.DATABASE_URL) {
  const template = process.env.DATABASE_URL;
  const url = fileDatabaseUrl(template);
  const { Client } = await import('pg');
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: maintenanceUrl(template) });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${quoteIdentifier(databaseName(url))} TEMPLATE ${quoteIdentifier(databaseName(template))}`);
  // FORCE: a listener or a child process the file started may still hold a connection.
  dropCopy = () => admin(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName(url))} WITH (FORCE)`);
  process.env.DATABASE_URL = url;
  database = await openPostgres(url);
} else {
  const copy = copyGoldenImage(inject('goldenImage'));
  database = await openPglite(await PGlite.create(copy.dir), copy.remove);
}
setDatabaseForTests(database);

afterAll(async () => {
  await database.close();
  await dropCopy?.();
});
