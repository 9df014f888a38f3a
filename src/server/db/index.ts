import 'server-only';
import { openDatabase, type Database, type Db } from './client';
import { ensureSeeded } from './seed/ensure';

/**
 * The process-wide database, opened, migrated and (when empty) seeded once.
 * Kept on globalThis so that Next's module reloading in development and the
 * several bundles of a production server share one PGlite instance: PGlite
 * must never be opened twice on one folder.
 */
type Holder = { ready?: Promise<Database>; closed?: boolean };
const holder = ((globalThis as { __fundhouseDb?: Holder }).__fundhouseDb ??= {});

async function start(): Promise<Database> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new Error('The database is not opened during `next build`: render data pages at request time.');
  }
  const database = await openDatabase();
  await database.withLock(async () => {
    await database.migrate();
    await ensureSeeded(database.db);
    const { ensureBootstrapAdmin } = await import('../auth/bootstrap');
    await ensureBootstrapAdmin(database.db);
  });
  return database;
}

export function database(): Promise<Database> {
  if (holder.closed) return Promise.reject(new Error('The database is closed: the process is stopping.'));
  holder.ready ??= start().catch((error: unknown) => {
    holder.ready = undefined; // let the next request try again (e.g. PostgreSQL not up yet)
    throw error;
  });
  return holder.ready;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/**
 * Closes the process's database (PGlite's close() writes its folder cleanly and releases its lock;
 * the PostgreSQL pool ends its connections) and refuses to open it again: the process is stopping.
 */
export async function closeDatabase(): Promise<void> {
  holder.closed = true;
  const ready = holder.ready;
  holder.ready = undefined;
  const opened = await ready?.catch(() => undefined);
  await opened?.close();
}

/** Tests hand in a database they prepared (the golden image); the app never calls this. */
export function setDatabaseForTests(db: Database): void {
  holder.ready = Promise.resolve(db);
}

export type { Db, Database };
