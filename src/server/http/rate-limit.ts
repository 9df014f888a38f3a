import 'server-only';
import { sql } from 'drizzle-orm';
import { clientNetwork } from '@/domain/forms/client-network';
import type { Db } from '@/server/db/client';
import { clientHash } from '@/server/forms/request-info';

/**
 * The rate limits of the public posts (docs/security.md "Rate limits"), counted in the database so
 * that every app process shares them (issue 44): with counters kept in each process's memory, N
 * processes granted N times the allowance, and a flood of other keys evicted a victim's count.
 *
 * - one row per rule (`bucket`) and key: the window opens at the key's first attempt and lasts
 *   `windowSeconds`, as the in-memory counters did; the count and the window move in one
 *   `INSERT … ON CONFLICT DO UPDATE … RETURNING`, atomic on PostgreSQL and PGlite alike;
 * - the key is a keyed hash (HMAC-SHA-256, the client-hash key of request-info.ts) of the rule and
 *   the value: no address, e-mail or IP, is stored;
 * - a client is counted by its network (clientNetwork: an IPv6 client by its /64);
 * - bounded: a request writes one row per rule it is counted under and deletes at most
 *   EXPIRED_PER_HIT expired rows; the daily retention purge deletes the rest (retention.ts).
 */
export type RateRule = { bucket: string; max: number; windowSeconds: number };

/** Expired rows a counted attempt deletes on its way: a flood of new keys clears the old ones as it goes. */
export const EXPIRED_PER_HIT = 2;

const rateKey = (rule: RateRule, value: string, db: Db) => clientHash(`rate-limit\u0000${rule.bucket}\u0000${value}`, db);

/**
 * Counts one attempt of `value` (an address, or a client's network) under the rule; false once the
 * attempts in the current window exceed `rule.max`. The count stops at max + 1: a flood cannot
 * overflow it.
 */
export async function withinRate(db: Db, rule: RateRule, value: string, now = new Date()): Promise<boolean> {
  const key = await rateKey(rule, value, db);
  const at = sql`${now.toISOString()}::timestamptz`;
  const expiresAt = sql`${new Date(now.getTime() + rule.windowSeconds * 1000).toISOString()}::timestamptz`;
  const stale = sql`rate_limit.expires_at <= ${at}`;
  // One statement: a few expired rows of other keys go (never this key's: a row is changed once a statement), this key counts one more.
  const answer: unknown = await db.execute(sql`
    with gone as (
      delete from rate_limit where (bucket, key) in (
        select bucket, key from rate_limit where expires_at <= ${at} and not (bucket = ${rule.bucket} and key = ${key}) limit ${EXPIRED_PER_HIT} for update skip locked))
    insert into rate_limit (bucket, key, window_start, count, expires_at) values (${rule.bucket}, ${key}, ${at}, 1, ${expiresAt})
    on conflict (bucket, key) do update set
      count = case when ${stale} then 1 else least(rate_limit.count + 1, ${rule.max + 1}::integer) end,
      window_start = case when ${stale} then ${at} else rate_limit.window_start end,
      expires_at = case when ${stale} then ${expiresAt} else rate_limit.expires_at end
    returning count`);
  // PGlite and node-postgres both answer { rows }.
  const [row] = (answer as { rows: { count: number }[] }).rows;
  return Number(row?.count ?? Number.POSITIVE_INFINITY) <= rule.max;
}

/** The same for a client: counted by its network (an IPv6 client by its /64). */
export function clientWithinRate(db: Db, rule: RateRule, address: string, now = new Date()): Promise<boolean> {
  return withinRate(db, rule, clientNetwork(address), now);
}
