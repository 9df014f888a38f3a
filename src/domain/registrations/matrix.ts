import type { IsoDate } from '../dates';
import type { RegistrationStatus } from '../csv/registrations';

/**
 * One cell of the registration matrix (issue 21): a share class, a country, an investor profile.
 * No stored row means not registered. A row is registered on a day when registered_on <= day and it
 * is not withdrawn by then (withdrawn_on IS NULL OR withdrawn_on > day); registering again a
 * withdrawn cell starts a new registration (new date, withdrawal cleared).
 */
export type RegistrationDates = { registeredOn: IsoDate; withdrawnOn: IsoDate | null };

export type RegistrationProblem = 'withdraw-unregistered' | 'withdrawn-before-registered';

export function isRegisteredOn(stored: RegistrationDates | undefined, day: IsoDate): boolean {
  return !!stored && stored.registeredOn <= day && (stored.withdrawnOn === null || stored.withdrawnOn > day);
}

/** Whether the grid shows the cell ticked: registered (from any date) and not withdrawn. */
export function isActive(stored: RegistrationDates | undefined): boolean {
  return !!stored && stored.withdrawnOn === null;
}

/**
 * What a `registered` or `withdrawn` instruction dated `date` makes of a cell: the new dates, null
 * when the cell already says exactly that (so the same file twice changes nothing), or a problem.
 */
export function applyRegistration(
  stored: RegistrationDates | undefined,
  status: RegistrationStatus,
  date: IsoDate,
): { ok: true; next: RegistrationDates | null } | { ok: false; error: RegistrationProblem } {
  if (status === 'registered') {
    if (stored && stored.withdrawnOn === null && stored.registeredOn === date) return { ok: true, next: null };
    return { ok: true, next: { registeredOn: date, withdrawnOn: null } };
  }
  if (!stored) return { ok: false, error: 'withdraw-unregistered' };
  if (stored.withdrawnOn === date) return { ok: true, next: null };
  if (date < stored.registeredOn) return { ok: false, error: 'withdrawn-before-registered' };
  return { ok: true, next: { registeredOn: stored.registeredOn, withdrawnOn: date } };
}

/**
 * The grid's save: every cell shown, ticked or not, and the date the change takes effect. A newly
 * ticked cell is registered from that date; a cell unticked is withdrawn on it; the others stay as
 * they are. Returns the instructions to apply (never one for an unchanged cell).
 */
export function gridInstructions<K extends string>(
  cells: readonly K[],
  ticked: ReadonlySet<string>,
  stored: ReadonlyMap<string, RegistrationDates>,
): { key: K; status: RegistrationStatus }[] {
  const out: { key: K; status: RegistrationStatus }[] = [];
  for (const key of cells) {
    const active = isActive(stored.get(key));
    if (ticked.has(key) && !active) out.push({ key, status: 'registered' });
    else if (!ticked.has(key) && active) out.push({ key, status: 'withdrawn' });
  }
  return out;
}

/** The audiences (country × profile) a set of changed cells touches, each once. */
export function changedAudiences(cells: readonly { country: string; profile: string }[]): { country: string; profile: string }[] {
  const seen = new Map<string, { country: string; profile: string }>();
  for (const c of cells) seen.set(`${c.country}|${c.profile}`, { country: c.country, profile: c.profile });
  return [...seen.values()].sort((a, b) => (a.country === b.country ? a.profile.localeCompare(b.profile) : a.country.localeCompare(b.country)));
}
