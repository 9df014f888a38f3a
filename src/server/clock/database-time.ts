import 'server-only';
import { utcDay } from '@/domain/events/day-changes';

/**
 * The database's time as the clock last measured it (docs/decisions/064): one source of truth for
 * "today". The clock (./schedule.ts) reads the database's `now()` at every turn, at least every 5
 * minutes, and records how far this process's own clock is from it; reads that need today's date
 * without a query of their own (the events' and the archive's windows) take it from here. Where the
 * clock does not run (a script, a test), the process's clock is taken as is.
 */
type Holder = { offsetMs: number };
const holder = ((globalThis as { __fundhouseDatabaseTime?: Holder }).__fundhouseDatabaseTime ??= { offsetMs: 0 });

/** Records the database's `now()`, read just now. */
export function observeDatabaseTime(databaseNow: Date): void {
  holder.offsetMs = databaseNow.getTime() - Date.now();
}

/** The database's time, as last measured. */
export function databaseTime(): Date {
  return new Date(Date.now() + holder.offsetMs);
}

/** The database's UTC date (YYYY-MM-DD), as last measured. */
export function databaseToday(): string {
  return utcDay(databaseTime());
}
