/**
 * Sign-in throttling (back-office): failed attempts are counted per key, one key for the account
 * (the e-mail typed, known or not, so the answer reveals nothing) and one for the client address.
 * Past a limit within the window the key is locked out for a while; a success clears the account key.
 */
export type ThrottleKind = 'account' | 'client';

export const THROTTLE_RULES: Record<ThrottleKind, { limit: number; windowSeconds: number; lockSeconds: number }> = {
  /** Five wrong passwords for one e-mail in 15 minutes lock that e-mail out for 15 minutes. */
  account: { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  /** Thirty failures from one address in 15 minutes (several people behind one office address) lock it for 15 minutes. */
  client: { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
};

export type ThrottleState = { failures: number; windowStart: Date; lockedUntil: Date | null };

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${value.trim().toLowerCase()}`;
}

export function kindOf(key: string): ThrottleKind {
  return key.startsWith('client:') ? 'client' : 'account';
}

/** Seconds until the key may try again, 0 when it may now. */
export function lockedFor(state: ThrottleState | null | undefined, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000));
}

/** The state after one more failure at `now`. */
export function afterFailure(state: ThrottleState | null | undefined, kind: ThrottleKind, now: Date): ThrottleState {
  const rule = THROTTLE_RULES[kind];
  const fresh = !state || now.getTime() - state.windowStart.getTime() >= rule.windowSeconds * 1000;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const stillLocked = state?.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null;
  const lockedUntil = failures >= rule.limit ? new Date(now.getTime() + rule.lockSeconds * 1000) : stillLocked;
  return { failures, windowStart, lockedUntil };
}
