import 'server-only';
import { eq } from 'drizzle-orm';
import { isChangeKind } from '@/domain/staff/approval';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { documentForReview } from '@/server/documents/commands';

/** The fund and share class whose screen edits a change, where its input alone does not name them. */
export type EditOwner = { fundId: number | null; shareId: number | null };

const NONE: EditOwner = { fundId: null, shareId: null };

async function shareOwner(db: Executor, where: { id: number } | { isin: string }): Promise<EditOwner> {
  const [share] = await db
    .select({ id: t.shares.id, fundId: t.shares.fundId })
    .from(t.shares)
    .where('id' in where ? eq(t.shares.id, where.id) : eq(t.shares.isinCode, where.isin.trim().toUpperCase()));
  return share ? { fundId: share.fundId, shareId: share.id } : NONE;
}

/**
 * For a document change, the fund whose screen lists the document (a share class's documents are on
 * its fund's screen); for a NAV correction, the share class whose screen corrects NAVs. A target
 * gone since (a deleted document, an unknown ISIN) names none: the link then opens the funds list.
 */
export async function editOwner(db: Executor, kind: string, input: Record<string, unknown>): Promise<EditOwner> {
  if (!isChangeKind(kind)) return NONE;
  switch (kind) {
    case 'document.publish':
    case 'document.countries':
    case 'document.delete': {
      const id = Number(input.documentId);
      if (!Number.isSafeInteger(id)) return NONE;
      const doc = await documentForReview(db, id);
      return { fundId: doc?.fundId ?? null, shareId: null };
    }
    case 'document.upload': {
      const owner = (input.owner ?? {}) as Record<string, unknown>;
      if (typeof owner.fundId === 'number') return { fundId: owner.fundId, shareId: null };
      if (typeof owner.shareId === 'number') return shareOwner(db, { id: owner.shareId });
      if (typeof owner.isin === 'string') return shareOwner(db, { isin: owner.isin });
      if (typeof owner.fundSlug === 'string') {
        const [fund] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, owner.fundSlug));
        return { fundId: fund?.id ?? null, shareId: null };
      }
      return NONE;
    }
    case 'nav.correct':
      return typeof input.isin === 'string' ? shareOwner(db, { isin: input.isin }) : NONE;
    default:
      return NONE;
  }
}
