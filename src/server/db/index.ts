import 'server-only';
import { openDatabase, type Database, type Db } from './client';

/**
 * The process-wide database, opened once. Kept on globalThis so that Next's module reloading in
 * development and the several bundles of a production server share one PGlite instance: PGlite
 * must never be opened twice on one folder.
 *
 * This module only opens the database. The work a process does on it at start (migrations, the
 * demo seed and its factsheets, the first admin) is src/server/db/start-up.ts's: the process's
 * start (src/instrumentation.ts, scripts/factsheets.ts) hands it in with `setStartUp`, and it runs
 * once, right after the first opening, before any caller gets the database. Without it (tests, which
 * hand in a seeded database) the database is opened and nothing else.
 */
type StartUp = (database: Database) => Promise<void>;
type Holder = { ready?: Promise<Database>; closed?: boolean; startUp?: StartUp };
const holder = ((globalThis as { __fundhouseDb?: Holder }).__fundhouseDb ??= {});

async function open(): Promise<Database> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new Error('The database is not opened during `next build`: render data pages at request time.');
  }
  const database = await openDatabase();
  await holder.startUp?.(database);
  return database;
}

/** The work to run on the database when this process first opens it (src/server/db/start-up.ts). */
export function setStartUp(startUp: StartUp): void {
  holder.startUp = startUp;
}

export function database(): Promise<Database> {
  if (holder.closed) return Promise.reject(new Error('The database is closed: the process is stopping.'));
  holder.ready ??= open().catch((error: unknown) => {
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
