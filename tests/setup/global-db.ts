import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import { ensureGoldenImage } from './golden';
import { workerDatabaseUrl } from './worker-database';

declare module 'vitest' {
  export interface ProvidedContext {
    goldenImage: string;
  }
}

/**
 * Once per run: on PGlite, a migrated and seeded golden image that each test file loads; on
 * PostgreSQL (DATABASE_URL), that database is migrated and seeded afresh, then copied once per
 * Vitest worker (CREATE DATABASE … TEMPLATE): the files of one worker share its copy, one after
 * another, and the workers run side by side as they do on PGlite.
 */
export default async function setup(project: TestProject) {
  const { openPglite, openPostgres } = await import('../../src/server/db/client');
  const { seedDemo } = await import('../../src/server/db/seed/seed');
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openPostgres(url);
    try {
      await database.migrate();
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
    const { Client } = await import('pg');
    // A template database must have no session open, this one's included: the copies are made from
    // the maintenance database.
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = new Client({ connectionString: maintenance.toString() });
    await admin.connect();
    try {
      const template = new URL(url).pathname.slice(1);
      const workers = Math.max(Number(project.globalConfig.maxWorkers) || 1, availableParallelism());
      for (let id = 1; id <= workers; id += 1) {
        const copy = new URL(workerDatabaseUrl(url, String(id))).pathname.slice(1);
        await admin.query(`DROP DATABASE IF EXISTS "${copy}"`);
        await admin.query(`CREATE DATABASE "${copy}" TEMPLATE "${template}"`);
      }
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
