import 'server-only';
import { env } from '@/env';
import type { Db } from '@/server/db/client';
import { countAccounts, createStaffAccount } from './accounts';

/**
 * ADMIN_BOOTSTRAP_EMAIL + ADMIN_BOOTSTRAP_PASSWORD (containers): creates that admin at start, only
 * while no staff account exists at all; once anyone exists the variables do nothing.
 */
export async function ensureBootstrapAdmin(db: Db): Promise<void> {
  const { ADMIN_BOOTSTRAP_EMAIL: email, ADMIN_BOOTSTRAP_PASSWORD: password } = env();
  if (!email || !password) return;
  if ((await countAccounts(db)) > 0) return;
  const result = await createStaffAccount(db, { email, role: 'admin', password }, { type: 'system', label: 'bootstrap' });
  if (result.ok) console.info(`[auth] bootstrap admin ${email} created`);
  else console.error(`[auth] bootstrap admin ${email} not created: ${result.error}`);
}
