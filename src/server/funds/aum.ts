import 'server-only';
import { eq } from 'drizzle-orm';
import { isIsoDate } from '@/domain/dates';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { currencies, funds, shares } from '@/server/db/schema';
import { publishChange } from '@/server/publish/publish';

export type AumInput = { value: number; date: string; currency?: string };
export type AumResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: 'unknown-fund' | 'bad-value' | 'bad-date' | 'unknown-currency' };

/** A fund's assets under management and their date (and currency), audited and published. */
export async function updateFundAum(db: Db, fundId: number, input: AumInput, actor: Actor): Promise<AumResult> {
  if (!Number.isFinite(input.value) || input.value < 0 || input.value >= 1e18) return { ok: false, error: 'bad-value' };
  if (!isIsoDate(input.date)) return { ok: false, error: 'bad-date' };
  const value = Math.round(input.value * 100) / 100;
  const outcome = await db.transaction(async (tx) => {
    const [fund] = await tx
      .select({ slug: funds.slug, value: funds.aumValue, currency: funds.aumCurrencyCode, date: funds.aumDate })
      .from(funds)
      .where(eq(funds.id, fundId));
    if (!fund) return { ok: false as const, error: 'unknown-fund' as const };
    const currency = input.currency?.trim().toUpperCase() ?? fund.currency;
    if (currency !== fund.currency) {
      const [known] = await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, currency));
      if (!known) return { ok: false as const, error: 'unknown-currency' as const };
    }
    const before = { value: fund.value, currency: fund.currency, date: fund.date };
    const after = { value, currency, date: input.date };
    if (before.value === after.value && before.currency === after.currency && before.date === after.date) {
      return { ok: true as const, changed: false, slug: fund.slug };
    }
    await tx.update(funds).set({ aumValue: value, aumCurrencyCode: currency, aumDate: input.date }).where(eq(funds.id, fundId));
    await recordAudit(tx, { actor, entity: 'fund', entityId: fundId, action: 'update-aum', before, after });
    return { ok: true as const, changed: true, slug: fund.slug };
  });
  if (!outcome.ok) return outcome;
  if (outcome.changed) {
    const shareSlugs = (await db.select({ slug: shares.slug }).from(shares).where(eq(shares.fundId, fundId))).map((s) => s.slug);
    await publishChange(db, { funds: [{ slug: outcome.slug, shares: shareSlugs }] });
  }
  return { ok: true, changed: outcome.changed };
}
