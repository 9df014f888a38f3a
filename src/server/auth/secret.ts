import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { env } from '@/env';
import type { Db } from '@/server/db/client';
import { serverSecret } from '@/server/db/schema';

/**
 * The key of Better Auth: AUTH_SECRET when set, else one made on the first start and kept in the
 * database, so that every process of one database signs and reads the same cookies and TOTP secrets,
 * and a restart logs nobody out. No fixed default exists.
 */
export async function authSecret(db: Db): Promise<string> {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  await db
    .insert(serverSecret)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecret.value }).from(serverSecret).where(eq(serverSecret.name, 'auth'));
  if (!row) throw new Error('server_secret: the auth key could not be stored');
  return row.value;
}
