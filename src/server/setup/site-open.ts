import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import type { Executor } from '@/server/db/types';
import * as t from '@/server/db/schema';
import { publishChange } from '@/server/publish/publish';

/** The app_setting that closes the site to visitors ("site not yet public", issue 43); absent: open. */
const KEY = 'site-open';

export async function readSiteOpen(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: t.appSettings.value }).from(t.appSettings).where(eq(t.appSettings.key, KEY));
  return row?.value !== 'false';
}

/**
 * Opens or closes the site to visitors, audited. Every process hears of it (the route catalog and
 * the proxy's gate reload on any change) and the shared cache drops every page, which it may have
 * kept from before the site closed.
 */
export async function setSiteOpen(db: Db, open: boolean, actor: Actor): Promise<{ changed: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    // The row locked (or, absent, its insertion serialised): two admins toggling at once are one after the other.
    const [row] = await tx.select({ value: t.appSettings.value }).from(t.appSettings).where(eq(t.appSettings.key, KEY)).for('update');
    const before = row?.value !== 'false';
    if (before === open) return { changed: false };
    await tx.insert(t.appSettings).values({ key: KEY, value: String(open) }).onConflictDoUpdate({ target: t.appSettings.key, set: { value: String(open) } });
    await recordAudit(tx, { actor, entity: 'site', entityId: KEY, action: open ? 'open' : 'close', before: { open: before }, after: { open } });
    return { changed: true };
  });
  // After the commit, so that every process reads the new state when it hears of it.
  if (outcome.changed) await publishChange(db, { all: true });
  return outcome;
}
