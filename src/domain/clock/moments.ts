/**
 * The one clock of dated content (issue 44, docs/decisions/064): what the public reads changes by
 * itself at known moments (a registration's first or last day, a fund event's days, a scheduled
 * article, an approved change's effective date, an archived document leaving its window). The
 * serving processes sleep until the earliest such moment, then publish what the moments of the
 * window (after, upTo] touch. This module is the arithmetic of it. Pure: no I/O.
 */
import { addDays, type IsoDate } from '../dates';
import { archiveStart } from '../documents/library';
import type { ChangeScope } from '../content/publication';

/** The longest the clock sleeps: it re-reads the next moments at least this often (a row recorded behind its back). */
export const MAX_SLEEP_MS = 5 * 60_000;
/** Wake a little after the moment, so that the database's `now()` has passed it when pages render again. */
export const MARGIN_MS = 50;
/**
 * How long after a change (a staff change or a moment) its tags are expired once more in each
 * process: a render that read the database just before the change stores its page after the expiry,
 * and would be served as fresh until the next change touching it (src/server/publish/publish.ts).
 */
export const RENDER_SETTLE_MS = 2_000;
/** The earliest of the moments given (null: none). */
export function earliest(moments: readonly (Date | null | undefined)[]): Date | null {
  let best: Date | null = null;
  for (const moment of moments) if (moment && (best === null || moment.getTime() < best.getTime())) best = moment;
  return best;
}

/** How long to sleep from the database's `now` until just after `next`, never longer than MAX_SLEEP_MS. */
export function sleepMs(now: Date, next: Date | null, cap = MAX_SLEEP_MS): number {
  if (next === null) return cap;
  return Math.min(cap, Math.max(0, next.getTime() - now.getTime() + MARGIN_MS));
}

/**
 * The window a wake publishes: from the earlier of what this process's caches were expired up to
 * (`local`) and what the clock last published to every process and the shared cache (`shared`, the
 * mark kept in the database), up to the database's `now`. Null: nothing to publish.
 */
export function windowToPublish(local: Date | null, shared: Date | null, now: Date): { after: Date; upTo: Date } | null {
  const starts = [local, shared].filter((d): d is Date => d !== null);
  if (starts.length === 0) return null;
  const after = new Date(Math.min(...starts.map((d) => d.getTime())));
  return after.getTime() < now.getTime() ? { after, upTo: now } : null;
}

/** The UTC days of a window of times: a day D begins within (after, upTo] when afterDay < D ≤ upToDay. */
export function dayWindow(after: Date, upTo: Date): { afterDay: IsoDate; upToDay: IsoDate } {
  return { afterDay: after.toISOString().slice(0, 10), upToDay: upTo.toISOString().slice(0, 10) };
}

/**
 * The first day on which a version replaced on UTC day `replacedOn` is out of the archive window
 * (src/server/documents/library-queries.ts: in it while replaced on or after archiveStart(today)).
 */
export function archiveLeavingDay(replacedOn: IsoDate, years: number): IsoDate {
  // archiveStart shifts the year (29 February becomes the 28th): the answer is a day or two around this one.
  const around = `${String(Number(replacedOn.slice(0, 4)) + years).padStart(4, '0')}${replacedOn.slice(4) === '-02-29' ? '-02-28' : replacedOn.slice(4)}`;
  for (let day = addDays(around, -3); ; day = addDays(day, 1)) if (archiveStart(day, years) > replacedOn) return day;
}

/** Every scope in one (each fund once, its shares merged); null when none touches anything. */
export function mergeScopes(scopes: readonly (ChangeScope | null | undefined)[]): ChangeScope | null {
  const out: ChangeScope = {};
  const funds = new Map<string, Set<string>>();
  const pages = new Set<string>();
  const audiences = new Map<string, { country: string; profile: string }>();
  let touched = false;
  for (const scope of scopes) {
    if (!scope) continue;
    for (const key of ['all', 'menu', 'news', 'notices'] as const) {
      if (scope[key]) {
        out[key] = true;
        touched = true;
      }
    }
    for (const fund of scope.funds ?? []) {
      const shares = funds.get(fund.slug) ?? new Set<string>();
      for (const share of fund.shares ?? []) shares.add(share);
      funds.set(fund.slug, shares);
      touched = true;
    }
    for (const code of scope.pages ?? []) {
      pages.add(code);
      touched = true;
    }
    for (const audience of scope.registrations ?? []) {
      audiences.set(`${audience.country}|${audience.profile}`, audience);
      touched = true;
    }
  }
  if (!touched) return null;
  if (funds.size > 0) out.funds = [...funds].map(([slug, shares]) => (shares.size > 0 ? { slug, shares: [...shares].sort() } : { slug }));
  if (pages.size > 0) out.pages = [...pages].sort();
  if (audiences.size > 0) out.registrations = [...audiences.values()];
  return out;
}

/**
 * How long a shared cache may keep an answer that a dated change may alter (an archived document's
 * address, kept for a year when nothing is due): until the next such moment the clock knows, in
 * whole seconds, at least 1; without a running clock, the ordinary surrogate lifetime.
 */
export function boundedMaxAge(now: Date, next: Date | null | undefined, cap: number, unknown: number): number {
  if (next === undefined) return Math.min(cap, unknown);
  if (next === null) return cap;
  return Math.max(1, Math.min(cap, Math.floor((next.getTime() - now.getTime()) / 1000)));
}
