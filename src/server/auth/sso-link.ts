import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { SSO_PROVIDER_ID } from '@/domain/staff/sso';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { staffAccount, staffSession, staffUser, staffVerification } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { storedIdentifier } from './accounts';
import { SSO_LINK_SECONDS } from './constants';

/**
 * An admin's explicit "allow single sign-on for this account" (decision 030): a single-use
 * allowance, valid SSO_LINK_SECONDS, kept like an invitation's token in Better Auth's verification
 * table (identifier hashed). While it lasts, the next sign-on with the account's e-mail links the
 * provider identity to it whatever linkRefusal (src/domain/staff/sso.ts) would say; the link uses it up.
 */
const allowanceKey = (userId: string) => storedIdentifier(`sso-link:${userId}`);

export type SsoLinkState = { linked: boolean; allowedUntil: Date | null };

/** Whether the account is linked to the provider, and until when an allowance waits for its sign-on. */
export async function ssoLinkState(db: Executor, userId: string): Promise<SsoLinkState> {
  const linked = await db.$count(staffAccount, and(eq(staffAccount.userId, userId), eq(staffAccount.providerId, SSO_PROVIDER_ID)));
  const [allowance] = await db
    .select({ expiresAt: staffVerification.expiresAt })
    .from(staffVerification)
    .where(and(eq(staffVerification.identifier, allowanceKey(userId)), eq(staffVerification.value, userId), gt(staffVerification.expiresAt, new Date())));
  return { linked: linked > 0, allowedUntil: allowance?.expiresAt ?? null };
}

/** Uses the account's allowance up; true when there was a live one. */
export async function consumeSsoLinkAllowance(db: Executor, userId: string): Promise<boolean> {
  const gone = await db
    .delete(staffVerification)
    .where(and(eq(staffVerification.identifier, allowanceKey(userId)), eq(staffVerification.value, userId)))
    .returning({ expiresAt: staffVerification.expiresAt });
  return gone.some((row) => row.expiresAt > new Date());
}

export type SsoLinkResult = { ok: true; id: string } | { ok: false; error: 'notFound' };

/** An admin allows the next sign-on with this account's e-mail to link it (audited `sso-link-allowed`). */
export async function allowSsoLink(db: Db, userId: string, actor: Actor): Promise<SsoLinkResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: staffUser.email }).from(staffUser).where(eq(staffUser.id, userId));
    if (!user) return { ok: false, error: 'notFound' } as const;
    await consumeSsoLinkAllowance(tx, userId);
    const expiresAt = new Date(Date.now() + SSO_LINK_SECONDS * 1000);
    await tx.insert(staffVerification).values({ id: randomUUID(), identifier: allowanceKey(userId), value: userId, expiresAt });
    await recordAudit(tx, { actor, entity: 'account', entityId: userId, action: 'sso-link-allowed', after: { email: user.email, until: expiresAt } });
    return { ok: true, id: userId } as const;
  });
}

/**
 * Takes single sign-on away from an account: its provider links and any waiting allowance go, and
 * its sessions end (but `keepSessionId`, the admin's own when it is their account), since some may
 * have been opened through the link (audited `sso-link-removed`).
 */
export async function removeSsoLink(db: Db, userId: string, actor: Actor, keepSessionId?: string): Promise<SsoLinkResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: staffUser.email }).from(staffUser).where(eq(staffUser.id, userId));
    if (!user) return { ok: false, error: 'notFound' } as const;
    const links = await tx
      .delete(staffAccount)
      .where(and(eq(staffAccount.userId, userId), eq(staffAccount.providerId, SSO_PROVIDER_ID)))
      .returning({ subject: staffAccount.accountId });
    const allowed = await consumeSsoLinkAllowance(tx, userId);
    const sessions = await tx
      .delete(staffSession)
      .where(keepSessionId ? and(eq(staffSession.userId, userId), ne(staffSession.id, keepSessionId)) : eq(staffSession.userId, userId))
      .returning({ id: staffSession.id });
    await recordAudit(tx, {
      actor,
      entity: 'account',
      entityId: userId,
      action: 'sso-link-removed',
      before: { email: user.email, subjects: links.map((l) => l.subject), allowed },
      after: { sessionsEnded: sessions.length },
    });
    return { ok: true, id: userId } as const;
  });
}
