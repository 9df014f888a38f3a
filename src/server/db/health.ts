import 'server-only';
import { sql } from 'drizzle-orm';
import { areaLogger } from '@/server/log/logger';
import { database } from './index';

const TIMEOUT_MS = 3000;

export type HealthResult = { status: 'ok' | 'unavailable'; driver?: 'pglite' | 'pg'; latencyMs?: number; error?: string };

export async function checkDatabase(): Promise<HealthResult> {
  const started = Date.now();
  try {
    const result = await Promise.race([
      (async () => {
        const db = await database();
        await db.db.execute(sql`select 1`);
        return db.driver;
      })(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database timeout')), TIMEOUT_MS).unref()),
    ]);
    return { status: 'ok', driver: result, latencyMs: Date.now() - started };
  } catch (error) {
    // The reason is logged for the operator, not sent to the caller.
    areaLogger('health').error({ err: error }, 'database check failed');
    return { status: 'unavailable', error: 'database unavailable' };
  }
}
