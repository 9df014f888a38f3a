import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@/env';
import { env } from '@/env';
import { localizedPath } from '@/domain/routing/paths';
import { isUnsubscribeToken } from '@/domain/privacy/gdpr';
import { recordAudit } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';

/**
 * The newsletter's unsubscribe link (docs/decisions/024): a random token of 256 bits
 * (crypto.randomBytes) mailed to the subscriber; only its SHA-256 is stored, on the sign-up. The
 * link's page only reads (mail scanners prefetch links); its button posts, and unsubscribes every
 * sign-up of that address made so far, once: the token is cleared in the same statement, so a second
 * use, like a wrong or guessed token, is "invalid" and changes nothing. Audited as the visitor's
 * change, without the address.
 */

export const VISITOR_ACTOR = { type: 'system', label: 'visitor (unsubscribe link)' } as const;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function newUnsubscribeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function unsubscribeLink(locale: Locale, token: string): string {
  return new URL(`${localizedPath('/unsubscribe', locale)}?token=${encodeURIComponent(token)}`, env().PUBLIC_BASE_URL).toString();
}

/** Whether the token is one that can still unsubscribe: nothing is changed. */
export async function unsubscribeTokenIsValid(db: Db, token: unknown): Promise<boolean> {
  if (!isUnsubscribeToken(token)) return false;
  const [row] = await db
    .select({ id: t.formSubmissions.id })
    .from(t.formSubmissions)
    .where(and(eq(t.formSubmissions.unsubscribeTokenHash, hashToken(token)), eq(t.formSubmissions.kind, 'newsletter'), isNull(t.formSubmissions.unsubscribedAt)));
  return !!row;
}

const address = sql`lower(btrim(${t.formSubmissions.data} -> 'fields' ->> 'email'))`;

/** Unsubscribes the address the token was mailed to: 'done' once, 'invalid' for any other token or a second use. */
export async function unsubscribe(db: Db, token: unknown, now = new Date()): Promise<'done' | 'invalid'> {
  if (!isUnsubscribeToken(token)) return 'invalid';
  return db.transaction(async (tx) => {
    // Clearing the hash as it is read: of two posts of one link, only one finds it.
    const [used] = await tx
      .update(t.formSubmissions)
      .set({ unsubscribeTokenHash: null, unsubscribedAt: now })
      .where(and(eq(t.formSubmissions.unsubscribeTokenHash, hashToken(token)), eq(t.formSubmissions.kind, 'newsletter'), isNull(t.formSubmissions.unsubscribedAt)))
      .returning({ id: t.formSubmissions.id, email: address });
    if (!used) return 'invalid' as const;
    // Every earlier sign-up of the address is withdrawn too (and its link dies): the list shows the address no more.
    const others = used.email
      ? await tx
          .update(t.formSubmissions)
          .set({ unsubscribeTokenHash: null, unsubscribedAt: now })
          .where(and(eq(t.formSubmissions.kind, 'newsletter'), isNull(t.formSubmissions.unsubscribedAt), sql`${address} = ${used.email}`))
          .returning({ id: t.formSubmissions.id })
      : [];
    await recordAudit(tx, { actor: VISITOR_ACTOR, entity: 'newsletter', entityId: used.id, action: 'unsubscribe', after: { signUps: 1 + others.length } });
    return 'done' as const;
  });
}
