import { eq } from 'drizzle-orm';
import type { Role } from '../../src/domain/staff/roles';
import type { Person } from '../../src/server/approval/service';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';

/**
 * One staff account per role for an integration test, named `${prefix}-${role}@fundhouse.test`
 * (the prefix carries the run's id: on a PostgreSQL shared by every test file, each reads only its
 * own rows), as the approval workflow names people.
 */
export async function staffPeople<R extends Role>(roles: readonly R[], prefix: string): Promise<Record<R, Person & { email: string }>> {
  const db = await getDb();
  const people = {} as Record<R, Person & { email: string }>;
  for (const role of roles) {
    const email = `${prefix}-${role}@fundhouse.test`;
    const created = await createStaffAccount(db, { email, role, password: 'a long enough password' }, { type: 'system', label: prefix });
    if (!created.ok) throw new Error(`account ${role}: ${created.error}`);
    const [row] = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(eq(t.staffUser.email, email));
    if (!row) throw new Error('account missing');
    people[role] = { id: row.id, label: email, email };
  }
  return people;
}
