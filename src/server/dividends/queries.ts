import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { shareTag } from '@/domain/content/cache-tags';
import { canonicalAmount, distributesDividends, type Dividend } from '@/domain/dividends/model';
import { markTags } from '@/server/cache/tags';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

/** At most this many dividends are shown and served per share class: a century of quarterly ones. */
export const MAX_SHARE_DIVIDENDS = 400;

/**
 * A share class's distributions, newest first, as its page's table and its distributions.csv show
 * them (one read for both, so they cannot differ); null for a share class that does not distribute
 * (or is unknown): it has no section and no file. The page or file being built carries the share's
 * tag, which a dividends import expires (src/server/dividends/import.ts).
 */
export async function shareDistributions(db: Executor, share: { id: number; fundSlug: string; slug: string }): Promise<Dividend[] | null> {
  const [[found], rows] = await Promise.all([
    db.select({ characteristics: t.shares.characteristics }).from(t.shares).where(eq(t.shares.id, share.id)),
    db
      .select({ exDate: t.dividends.exDate, recordDate: t.dividends.recordDate, paymentDate: t.dividends.paymentDate, amount: t.dividends.amount, currency: t.dividends.currencyCode })
      .from(t.dividends)
      .where(eq(t.dividends.shareId, share.id))
      .orderBy(desc(t.dividends.exDate))
      .limit(MAX_SHARE_DIVIDENDS),
    markTags([shareTag(share.fundSlug, share.slug)]),
  ]);
  if (!found || !distributesDividends(found.characteristics.resultAllocation)) return null;
  return rows.map((r) => ({ ...r, amount: canonicalAmount(r.amount) }));
}
