import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import * as t from '@/server/db/schema';

/**
 * The value stored under `key`, made by `create` and stored the first time it is asked for. Two
 * processes asking at once both insert-if-absent, then both read: they get the same value, the one
 * that was written first.
 */
export async function sharedSetting(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(t.appSettings).values({ key, value: create() }).onConflictDoNothing({ target: t.appSettings.key });
  const [row] = await db.select({ value: t.appSettings.value }).from(t.appSettings).where(eq(t.appSettings.key, key));
  if (!row) throw new Error(`app_setting ${key} vanished right after it was written`);
  return row.value;
}
