import type { TestProject } from 'vitest/node';
import { ensureGoldenImage } from './golden';

declare module 'vitest' {
  export interface ProvidedContext {
    goldenImage: string;
  }
}

/**
 * Once per run: on PGlite, a migrated and seeded golden image that each test file loads;
 * on PostgreSQL (DATABASE_URL), the database itself is migrated and seeded afresh.
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
