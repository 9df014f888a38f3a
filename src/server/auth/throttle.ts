import 'server-only';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { afterFailure, kindOf, lockedFor } from '@/domain/staff/login-throttle';
import type { Db } from '@/server/db/client';
import { loginThrottle } from '@/server/db/schema';

/** Rows past every window and lock are deleted as new failures come: the table stays small. */
const FORGET_AFTER_MS = 2 * 60 * 60 * 1000;

/** Seconds before any of these keys may try to sign in again (0: now). */
export async function throttledFor(db: Db, keys: string[], now = new Date()): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  return Math.max(0, ...rows.map((row) => lockedFor(row, now)));
}

/** Counts one failed sign-in against each key; returns the longest wait it caused (0: none). */
export async function recordFailedSignIn(db: Db, keys: string[], now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const old = new Date(now.getTime() - FORGET_AFTER_MS);
    await tx
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStart, old), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now))));
    let longest = 0;
    for (const key of keys) {
      const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
      const next = afterFailure(row, kindOf(key), now);
      await tx
        .insert(loginThrottle)
        .values({ key, ...next })
        .onConflictDoUpdate({ target: loginThrottle.key, set: next });
      longest = Math.max(longest, lockedFor(next, now));
    }
    return longest;
  });
}

/** A successful sign-in forgets the pair's failures (the client address's count stays). */
export async function clearFailedSignIns(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
