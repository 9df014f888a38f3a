import 'server-only';
import { randomBytes } from 'node:crypto';
import { env } from '@/env';
import type { Db } from '@/server/db/client';
import { sharedSetting } from '@/server/db/settings';

/**
 * The key of Better Auth: AUTH_SECRET when set, else one made on the first start and kept in the
 * database (app_setting), so that every process of one database signs and reads the same cookies
 * and TOTP secrets, and a restart logs nobody out. No fixed default exists.
 */
export async function authSecret(db: Db): Promise<string> {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  return sharedSetting(db, 'auth-secret', () => randomBytes(32).toString('base64url'));
}
