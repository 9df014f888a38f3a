import 'server-only';
import type { CsvError } from '@/domain/csv/import';
import type { Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import type { Executor } from '@/server/db/types';

/**
 * The shape of one kind's command (commands.ts describes each member), apart from the table of
 * commands, so that a service's module may define its own command without importing that table.
 */
export type Target = { key: string; label: string; state: unknown };
export type FieldProblems = Record<string, string>;
export type Problems = { fields: FieldProblems; lines?: CsvError[] };
export type Applied = { ok: true; changed: boolean } | { ok: false; error: string; problems?: Problems };

export type Command<I, R> = {
  validate?(db: Executor, input: I, file: Uint8Array | null): Promise<Problems | null>;
  reachesPublic?(db: Executor, input: I): Promise<boolean>;
  /**
   * Locks, in the write's transaction, the rows `reachesPublic` reads (SELECT … FOR UPDATE), so that
   * the door's second look at them holds until the write commits (door.ts). Required with reachesPublic.
   */
  lock?(tx: Executor, input: I): Promise<void>;
  read(db: Executor, input: I): Promise<Target | null>;
  /** The target's state once the change is made, as the reviewer sees it (a restore reads the version it brings back). */
  after(before: unknown, input: I, db: Executor): unknown;
  unchanged?(state: unknown, after: unknown): boolean;
  run(db: Db, input: I, actor: Actor, file: Uint8Array | null): Promise<R>;
  applied(result: R): Applied;
};

