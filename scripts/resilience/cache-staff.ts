/**
 * The staff's side of the resilience part `cache` (cache.ts), through the server code on the
 * database of DATABASE_URL, as a back-office user would without a browser (docs/approval.md):
 * - `token [registrations]`: an import-API token of scope navs (or registrations), printed as JSON;
 * - `page-change <marker>`: an editor proposes the legal notices with `marker` in the French host
 *   text, a compliance officer approves it (four eyes: saveChange, then approveChange), which
 *   publishes it; prints `approved` once it is published, then waits for the shared cache's purges
 *   (CACHE_PURGE_URL) before it exits.
 * Run with `tsx --import scripts/resilience/server-only-hook.mjs` (cache.ts does), not under the
 * react-server condition: the approval service's mails import next-intl.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readPageForm, textField, type PageSnapshot } from '@/domain/content/page-edit';
import type { Role } from '@/domain/staff/roles';
import { saveChange } from '@/server/approval/door';
import { approveChange, type Person } from '@/server/approval/service';
import { createStaffAccount } from '@/server/auth/accounts';
import { createApiToken } from '@/server/auth/tokens';
import { settlePurges } from '@/server/cache/purge';
import { openDatabase, type Db } from '@/server/db/client';
import { staffUser } from '@/server/db/schema';
import { pageSnapshot } from '@/server/pages/staff-queries';

const LOCALES = ['fr', 'en', 'es'] as const;

async function person(db: Db, role: Role, run: string): Promise<Person> {
  const email = `cache-${role}-${run}@fundhouse.test`;
  const created = await createStaffAccount(db, { email, role, password: 'a long enough password' }, { type: 'system', label: 'resilience cache' });
  if (!created.ok) throw new Error(`account ${role}: ${created.error}`);
  const [row] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email));
  if (!row) throw new Error(`account ${role} missing`);
  return { id: row.id, label: email };
}

/** The legal notices as the page form would post them, with the French host text changed. */
async function legalNoticesWithHost(db: Db, text: string): Promise<PageSnapshot> {
  const current = await pageSnapshot(db, 'legal-notices');
  if (!current) throw new Error('the seeded legal notices are missing');
  const values = new Map<string, string>();
  for (const l of LOCALES) {
    values.set(`title.${l}`, current.title[l] ?? '');
    values.set(`description.${l}`, current.description[l] ?? '');
    for (const c of current.components) for (const x of c.texts) values.set(`${textField(c.code, x.code)}.${l}`, x.content[l] ?? '');
  }
  values.set(`${textField('host', 'text')}.fr`, text);
  const { snapshot, errors } = readPageForm({ get: (n) => values.get(n) ?? '', getAll: (n) => (values.has(n) ? [values.get(n) ?? ''] : []) }, current);
  if (Object.keys(errors).length > 0) throw new Error(`the page form refused the change: ${JSON.stringify(errors)}`);
  return snapshot;
}

const [command, marker] = process.argv.slice(2).filter((a) => a !== '--');
const database = await openDatabase();
let code = 0;
try {
  const db = database.db;
  if (command === 'token') {
    const scope = marker === 'registrations' ? 'registrations' : 'navs';
    const created = await createApiToken(db, { name: `resilience cache ${randomUUID().slice(0, 8)}`, scope, days: 1, createdBy: null }, { type: 'system', label: 'resilience cache' });
    console.info(JSON.stringify({ token: created.token }));
  } else if (command === 'page-change' && marker) {
    const run = randomUUID().slice(0, 8);
    const [editor, compliance] = [await person(db, 'editor', run), await person(db, 'compliance', run)];
    const proposed = await saveChange(db, 'page.save', { code: 'legal-notices', snapshot: await legalNoticesWithHost(db, `Hébergé par ${marker}.`) }, editor, { note: 'resilience cache' });
    if (proposed.mode !== 'proposed') throw new Error(`the change was not proposed: ${proposed.mode}`);
    const approved = await approveChange(db, proposed.id, compliance, 'Conforme.');
    if (!approved.ok || approved.status !== 'published') throw new Error(`the approval did not publish: ${JSON.stringify(approved)}`);
    console.info('approved');
    await settlePurges();
  } else {
    console.error('usage: cache-staff.ts token | page-change <marker>');
    code = 2;
  }
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
