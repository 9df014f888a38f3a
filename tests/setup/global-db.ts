import type { TestProject } from 'vitest/node';
import { ensureGoldenImage } from './golden';
import { databaseName, maintenanceUrl, quoteIdentifier } from './file-database';

declare module 'vitest' {
  export interface ProvidedContext {
    goldenImage: string;
  }
}

/**
 * Once per run: on PGlite, a migrated and seeded golden image that each test file loads; on
 * PostgreSQL (DATABASE_URL), that database is migrated and seeded afresh and marked as a template,
 * which each test file copies into a database of its own (tests/setup/db-per-file.ts). Either way no
 * file sees what another wrote, whatever order the runner picks.
 */
export default async function setup(project: TestProject) {
  const { openPglite, openPostgres } = await import('../../src/server/db/client');
  const { seedDemo } = await import('../../src/server/db/seed/seed');
  const url = process.env.DATABASE_URL;
  if (url) {
    const { Client } = await import('pg');
    const template = quoteIdentifier(databaseName(url));
    const admin = new Client({ connectionString: maintenanceUrl(url) });
    await admin.connect();
    try {
      // A database left marked by an earlier run on the same server is opened again to be re-seeded,
      // and the copies a crashed run left behind are dropped.
      await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS true IS_TEMPLATE false`).catch(() => undefined);
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${databaseName(url)}_f`]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(datname)} WITH (FORCE)`);
      const database = await openPostgres(url);
      try {
        await database.migrate();
        await seedDemo(database.db);
      } finally {
        await database.close();
      }
      // A template may be copied by several sessions at once, but only while nobody is connected to
      // it: marked so, it also refuses an accidental connection of a test (ALLOW_CONNECTIONS false).
      if (process.env.INTEGRATION_SHARED_DATABASE !== '1') await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await admin.end();
    }
    project.provide('goldenImage', '');
    return;
  }
  const file = await ensureGoldenImage(async (client) => {
    const database = await openPglite(client);
    await database.migrate();
    await seedDemo(database.db);
  });
  project.provide('goldenImage', file);
}
