import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Locale } from '@/env';
import type { Role } from '@/domain/staff/roles';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { mailOutbox, staffAccount, staffSession, staffUser, staffVerification } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { INVITATION_SECONDS, MIN_PASSWORD_LENGTH } from './constants';
import { revokeTokensOwnedBy } from './tokens';

export type AccountResult = { ok: true; id: string } | { ok: false; error: 'exists' | 'lastAdmin' | 'notFound' | 'password' };

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What the audit log keeps of an account: never its password or secrets. */
function auditedAccount(row: { email: string; role: string; locale?: string; disabledAt?: Date | null }) {
  return { email: row.email, role: row.role, ...(row.locale ? { locale: row.locale } : {}), disabled: !!row.disabledAt };
}

/**
 * Identifiers of single-use tokens are kept hashed (Better Auth's verification.storeIdentifier
 * 'hashed', src/server/auth/config.ts), and the mails that carry them keep the link sealed until
 * sent, then not at all (src/server/forms/sealed-link.ts, docs/decisions/026): a copy of the
 * database does not hand out reset or invitation links.
 */
export function storedIdentifier(identifier: string): string {
  return createHash('sha256').update(identifier).digest('base64url');
}

/** An account with a password at once: `npm run admin:create` and the bootstrap admin. */
export async function createStaffAccount(
  db: Db,
  input: { email: string; role: Role; password: string; locale?: Locale },
  actor: Actor,
): Promise<AccountResult> {
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > 128) return { ok: false, error: 'password' };
  const email = normalizeEmail(input.email);
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email));
    if (existing) return { ok: false, error: 'exists' } as const;
    const id = randomUUID();
    const row = { id, email, name: email, role: input.role, locale: input.locale ?? 'fr', emailVerified: true };
    await tx.insert(staffUser).values(row);
    await tx.insert(staffAccount).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    await recordAudit(tx, { actor, entity: 'account', entityId: id, action: 'created', after: auditedAccount(row) });
    return { ok: true, id } as const;
  });
}

/**
 * An invitation: the account exists at once, without a password, and a single-use link that
 * expires in a week lets the invitee choose one (the same page as a password reset).
 */
export async function inviteStaff(
  db: Db,
  input: { email: string; role: Role; locale: Locale },
  actor: Actor,
): Promise<AccountResult> {
  const email = normalizeEmail(input.email);
  const token = randomBytes(24).toString('base64url');
  // Loaded here: the translator pulls in React, which the command-line scripts do not need.
  const { invitationMail } = await import('./mail');
  // The mail holds the link sealed, never in clear: only the mail that leaves carries it (docs/decisions/026).
  const mail = await invitationMail(db, { email, locale: input.locale, role: input.role, token, days: INVITATION_SECONDS / 86_400 });
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email));
    if (existing) return { ok: false, error: 'exists' } as const;
    const id = randomUUID();
    const row = { id, email, name: email, role: input.role, locale: input.locale };
    await tx.insert(staffUser).values(row);
    await tx.insert(staffVerification).values({
      id: randomUUID(),
      identifier: storedIdentifier(`reset-password:${token}`),
      value: id,
      expiresAt: new Date(Date.now() + INVITATION_SECONDS * 1000),
    });
    await tx.insert(mailOutbox).values(mail);
    await recordAudit(tx, { actor, entity: 'account', entityId: id, action: 'invited', after: auditedAccount(row) });
    return { ok: true, id } as const;
  });
}

async function activeAdmins(executor: Executor, except: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(staffUser)
    .where(and(eq(staffUser.role, 'admin'), isNull(staffUser.disabledAt), ne(staffUser.id, except)));
  return row?.n ?? 0;
}

/**
 * Every change that can take an admin away (a demotion, a disabling) first takes this
 * transaction-scoped advisory lock, then reads the account and counts the other active admins:
 * two such changes on two app processes run one after the other, and the second one sees the
 * first one's result. Locking only the changed row let two demotions of two different admins
 * each count the other one and leave none (issue 20).
 */
async function lockAdminChanges(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff:admin-changes'))`);
}

/**
 * Changes an account's role; the last active admin keeps theirs, so the back-office is never left
 * without one. The API tokens the account owns are revoked with the change (a token follows its owner).
 */
export async function changeRole(db: Db, id: string, role: Role, actor: Actor): Promise<AccountResult> {
  return db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, id)).for('update');
    if (!before) return { ok: false, error: 'notFound' } as const;
    if (before.role === role) return { ok: true, id } as const;
    if (before.role === 'admin' && (await activeAdmins(tx, id)) === 0) return { ok: false, error: 'lastAdmin' } as const;
    await tx.update(staffUser).set({ role, updatedAt: new Date() }).where(eq(staffUser.id, id));
    await recordAudit(tx, { actor, entity: 'account', entityId: id, action: 'role-changed', before: { role: before.role }, after: { role } });
    await revokeTokensOwnedBy(tx, id, 'owner-role-changed', actor);
    return { ok: true, id } as const;
  });
}

/**
 * Disables (signs out everywhere, revokes the API tokens it owns) or enables an account. The last
 * active admin cannot be disabled.
 */
export async function setDisabled(db: Db, id: string, disabled: boolean, actor: Actor): Promise<AccountResult> {
  return db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, id)).for('update');
    if (!before) return { ok: false, error: 'notFound' } as const;
    if (!!before.disabledAt === disabled) return { ok: true, id } as const;
    if (disabled && before.role === 'admin' && (await activeAdmins(tx, id)) === 0) return { ok: false, error: 'lastAdmin' } as const;
    await tx.update(staffUser).set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() }).where(eq(staffUser.id, id));
    if (disabled) await tx.delete(staffSession).where(eq(staffSession.userId, id));
    await recordAudit(tx, {
      actor,
      entity: 'account',
      entityId: id,
      action: disabled ? 'disabled' : 'enabled',
      before: { disabled: !!before.disabledAt },
      after: { disabled },
    });
    if (disabled) await revokeTokensOwnedBy(tx, id, 'owner-disabled', actor);
    return { ok: true, id } as const;
  });
}

/** Revokes one session of an account, or all of them: those browsers are signed out at their next request. */
export async function revokeSessions(db: Db, userId: string, actor: Actor, sessionId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const where = sessionId ? and(eq(staffSession.userId, userId), eq(staffSession.id, sessionId)) : eq(staffSession.userId, userId);
    const gone = await tx.delete(staffSession).where(where).returning({ id: staffSession.id });
    if (gone.length > 0) {
      await recordAudit(tx, {
        actor,
        entity: 'account',
        entityId: userId,
        action: 'sessions-revoked',
        before: { sessions: gone.map((s) => s.id) },
        after: { sessions: sessionId ? 'one' : 'all' },
      });
    }
    return gone.length;
  });
}

export type AccountRow = {
  id: string;
  email: string;
  role: string | null;
  locale: string;
  disabledAt: Date | null;
  twoFactorEnabled: boolean;
  hasPassword: boolean;
  createdAt: Date;
};

export async function listAccounts(db: Db): Promise<AccountRow[]> {
  const rows = await db
    .select({
      id: staffUser.id,
      email: staffUser.email,
      role: staffUser.role,
      locale: staffUser.locale,
      disabledAt: staffUser.disabledAt,
      twoFactorEnabled: staffUser.twoFactorEnabled,
      createdAt: staffUser.createdAt,
      password: staffAccount.id,
    })
    .from(staffUser)
    .leftJoin(staffAccount, and(eq(staffAccount.userId, staffUser.id), eq(staffAccount.providerId, 'credential')))
    .orderBy(asc(staffUser.email));
  return rows.map(({ password, ...row }) => ({ ...row, hasPassword: password !== null }));
}

export async function findAccount(db: Db, id: string): Promise<AccountRow | null> {
  return (await listAccounts(db)).find((a) => a.id === id) ?? null;
}

export type SessionRow = { id: string; createdAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null };

export async function listSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select({
      id: staffSession.id,
      createdAt: staffSession.createdAt,
      expiresAt: staffSession.expiresAt,
      ipAddress: staffSession.ipAddress,
      userAgent: staffSession.userAgent,
    })
    .from(staffSession)
    .where(eq(staffSession.userId, userId))
    .orderBy(desc(staffSession.createdAt));
}

/** Records the staff member's interface language (the back-office opens in it next time). */
export async function setLocale(db: Db, id: string, locale: Locale): Promise<void> {
  await db.update(staffUser).set({ locale, updatedAt: new Date() }).where(eq(staffUser.id, id));
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUser);
  return row?.n ?? 0;
}
