import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { afterFailure, kindOf, lockedFor } from '@/domain/login-throttle';
import type { Db } from '@/server/db/client';
import { loginThrottle } from '@/server/db/schema';

/** Seconds before any of these keys may try to sign in again (0: now). */
export async function throttledFor(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  return Math.max(0, ...rows.map((row) => lockedFor(row, now)));
}

/** Counts one failed sign-in against each key; returns the longest lock it caused (0: none). */
export async function recordFailedSignIn(db: Db, keys: string[], now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
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

/** A successful sign-in forgets the account's failures (the client's count stays). */
export async function clearFailedSignIns(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
