import 'server-only';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FormKind } from '@/domain/forms/fields';
import type { Db } from '@/server/db';
import * as t from '@/server/db/schema';

export type NewAttachment = { field: string; fileName: string; mimeType: string; size: number; sha256: string; data: Uint8Array };

export type NewSubmission = {
  id: string;
  kind: FormKind;
  locale: string;
  data: Record<string, unknown>;
  clientHash: string;
  attachments: NewAttachment[];
  mail: { to: string; subject: string; text: string };
  /**
   * A mail to the visitor (the newsletter's confirmation), stored with the submission: its text holds
   * LINK_MARKER where the unsubscribe link goes, the link itself is sealed (src/server/forms/sealed-link.ts).
   */
  confirmation?: { to: string; subject: string; text: string; linkSealed: string };
  /** Newsletter: the SHA-256 of the unsubscribe token the confirmation carries. */
  unsubscribeTokenHash?: string;
};

export type RateLimit = { max: number; windowSeconds: number };

export type StoreResult = { status: 'stored'; id: string } | { status: 'rateLimited' };

/**
 * Stores a submission, its files and its mail in the outbox, in one transaction, unless the client
 * already sent `limit.max` of this form within the window. The count and the insert run under a
 * transaction-scoped advisory lock on (form, client): app processes sharing one PostgreSQL cannot
 * both slip under the limit.
 */
export async function storeSubmission(db: Db, input: NewSubmission, limit: RateLimit, now = new Date()): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form:${input.kind}:${input.clientHash}`}))`);
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [recent] = await tx
      .select({ n: count() })
      .from(t.formSubmissions)
      .where(and(eq(t.formSubmissions.clientHash, input.clientHash), eq(t.formSubmissions.kind, input.kind), gt(t.formSubmissions.createdAt, since)));
    if ((recent?.n ?? 0) >= limit.max) return { status: 'rateLimited' } as const;
    const [row] = await tx
      .insert(t.formSubmissions)
      .values({ id: input.id, kind: input.kind, locale: input.locale, data: input.data, clientHash: input.clientHash, createdAt: now, unsubscribeTokenHash: input.unsubscribeTokenHash ?? null })
      .returning({ id: t.formSubmissions.id });
    if (!row) throw new Error('form submission not stored');
    if (input.attachments.length > 0) {
      await tx.insert(t.submissionAttachments).values(input.attachments.map((a) => ({ ...a, submissionId: row.id })));
    }
    await tx.insert(t.mailOutbox).values({ kind: 'submission', submissionId: row.id, ...input.mail, nextAttemptAt: now });
    if (input.confirmation) await tx.insert(t.mailOutbox).values({ kind: 'newsletter', submissionId: row.id, ...input.confirmation, nextAttemptAt: now });
    return { status: 'stored', id: row.id } as const;
  });
}
