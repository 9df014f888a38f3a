/**
 * What changes on the site when a day begins (issue 34): an event appears on its announcement date,
 * a suspension's or a tool's banner appears on its effective date and goes on its end date (or on a
 * lifting event's effective date, itself an event). Pages are cached, so each serving process wakes
 * at the next such day and expires what those events touch (the clock, src/server/clock/schedule.ts). Days
 * are ISO dates (YYYY-MM-DD) in UTC. Pure: no I/O.
 */

/** The UTC day of a time, as an ISO date. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first instant of an ISO day, UTC. */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
