import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '@/env';
import { lockFolder } from './folder-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver runs it: queries are written once for both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs fn while holding a cluster-wide lock, so two app processes never migrate or seed at once. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'src/server/db/migrations');
const LOCK_KEY = 7_204_311; // any constant: the advisory lock id of migrations and seeding

/** `release` runs after the client is closed (the folder lock of openDatabase). */
export async function openPglite(client: PGlite, release: () => void = () => undefined): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    // PGlite is a single in-process connection: calls are serialised already.
    withLock: (fn) => fn(),
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  // date columns stay ISO strings (YYYY-MM-DD) with both drivers.
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'pg',
    async withLock(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
        return await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

export async function openDatabase(): Promise<Database> {
  const config = env();
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.resolve(config.PGLITE_DIR);
  mkdirSync(dir, { recursive: true });
  // Fails at once, with a clear message, when another process has the folder open.
  const release = lockFolder(dir);
  try {
    return await openPglite(await PGlite.create(dir), release);
  } catch (error) {
    release();
    throw error;
  }
}
