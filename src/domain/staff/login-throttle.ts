/**
 * Sign-in throttling (back-office), chosen so that nobody can lock a staff member out
 * (docs/decisions/027-sign-in-throttling.md):
 * - failures are counted per (account, client) PAIR: the e-mail typed (known or not, so the answer
 *   reveals nothing) together with the client that typed it (its address, or the device cookie a
 *   browser got at its last successful sign-in of that account). After a few free failures each
 *   further one makes that pair wait longer (15 s, 30 s, 1 min… up to 15 min). Another client's
 *   correct password is never refused because of this pair's failures;
 * - plus a CEILING per client address: past many failures in a window (one client trying many
 *   accounts), the address waits. A browser holding a device cookie of the account it signs in to
 *   is not held by its address's ceiling, so an office behind one address (or a proxy not listed
 *   in TRUSTED_PROXIES) keeps signing in while someone there guesses.
 * A success forgets the pair's failures (the address's count stays).
 */
export type ThrottleKind = 'pair' | 'client';

/** Failures of one pair that cost nothing, then the first wait, doubled at each failure up to the longest. */
export const PAIR_RULE = { freeFailures: 3, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 };

/** One client address: past this many failures within the window it waits for the lock time. */
export const CLIENT_RULE = { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export type ThrottleState = { failures: number; windowStart: Date; lockedUntil: Date | null };

const norm = (value: string) => value.trim().toLowerCase();

/** The key of one client address (the per-client ceiling). */
export function clientKey(address: string): string {
  return `client:${norm(address)}`;
}

/**
 * The key of one (account, client) pair: `client` is the address, or `device:<id>` for a browser
 * holding a valid device cookie of this account.
 */
export function pairKey(email: string, client: string): string {
  return `pair:${norm(client)}|${norm(email)}`;
}

export function kindOf(key: string): ThrottleKind {
  return key.startsWith('client:') ? 'client' : 'pair';
}

/** Seconds until the key may try again, 0 when it may now. */
export function lockedFor(state: ThrottleState | null | undefined, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000));
}

/** How long a pair waits after its `failures`-th failure in a row. */
export function pairDelaySeconds(failures: number): number {
  if (failures <= PAIR_RULE.freeFailures) return 0;
  const doublings = Math.min(failures - PAIR_RULE.freeFailures - 1, 30);
  return Math.min(PAIR_RULE.maxDelaySeconds, PAIR_RULE.firstDelaySeconds * 2 ** doublings);
}

/** The state after one more failure at `now`. */
export function afterFailure(state: ThrottleState | null | undefined, kind: ThrottleKind, now: Date): ThrottleState {
  const windowSeconds = kind === 'pair' ? PAIR_RULE.windowSeconds : CLIENT_RULE.windowSeconds;
  const fresh = !state || now.getTime() - state.windowStart.getTime() >= windowSeconds * 1000;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const stillLocked = state?.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null;
  const wait = kind === 'pair' ? pairDelaySeconds(failures) : failures >= CLIENT_RULE.limit ? CLIENT_RULE.lockSeconds : 0;
  const lockedUntil = wait > 0 ? new Date(now.getTime() + wait * 1000) : stillLocked;
  return { failures, windowStart, lockedUntil };
}
