import 'server-only';
import { eq } from 'drizzle-orm';
import { canonicalJson } from '@/domain/staff/approval';
import { parseShareDistribution, type DataProblem, type ShareDistribution } from '@/domain/distribution/data';
import { parseFundSustainability, type FundSustainability } from '@/domain/distribution/form';
import type { ChangeScope } from '@/domain/content/publication';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { fundSustainability, funds, shareDistributions, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';

/**
 * The distribution data of a share class and the sustainability answers of a fund (issue 32,
 * docs/distribution-data.md), as the back-office saves them through the approval door: parsed
 * with the domain's rules (every problem named by its field's path), written in one transaction
 * with their audit entry, then published with the fund's and its share classes' scope so that the
 * public pages and the catalog expire. Saving what is already stored writes nothing.
 */

export type DistributionSaveResult = { ok: true; changed: boolean } | { ok: false; error: 'unknown' } | { ok: false; error: 'invalid'; problems: DataProblem[] };

/** A share class, what its distribution data is checked against (its SRI) and what is stored for it. */
export async function shareDistributionState(db: Executor, shareId: number) {
  const [row] = await db
    .select({ id: shares.id, name: shares.name, isin: shares.isinCode, slug: shares.slug, sriLevel: shares.sriLevel, fundId: shares.fundId, fundSlug: funds.slug, fundTitle: funds.title })
    .from(shares)
    .innerJoin(funds, eq(funds.id, shares.fundId))
    .where(eq(shares.id, shareId));
  if (!row) return null;
  const [stored] = await db.select({ data: shareDistributions.data }).from(shareDistributions).where(eq(shareDistributions.shareId, shareId));
  return { share: row, data: stored?.data ?? null };
}

/** A fund, its SFDR article and its stored sustainability answers. */
export async function fundSustainabilityState(db: Executor, fundId: number) {
  const [fund] = await db.select({ id: funds.id, slug: funds.slug, title: funds.title, sfdrArticle: funds.sfdrArticle }).from(funds).where(eq(funds.id, fundId));
  if (!fund) return null;
  const [stored] = await db.select().from(fundSustainability).where(eq(fundSustainability.fundId, fundId));
  const data: FundSustainability | null = stored ? { paiConsidered: stored.paiConsidered, sustainabilityRiskRelevant: stored.sustainabilityRiskRelevant, precontractual: stored.precontractual ?? null } : null;
  return { fund, data };
}

/** The scope of a change of a fund's data: its pages, each of its share classes' pages, and the lists (the catalog). */
async function fundScope(db: Executor, fundId: number, fundSlug: string): Promise<ChangeScope> {
  const slugs = (await db.select({ slug: shares.slug }).from(shares).where(eq(shares.fundId, fundId))).map((s) => s.slug);
  return { funds: [{ slug: fundSlug, shares: slugs }] };
}

/** Saves a share class's distribution data (target market, costs, PRIIPs answers), audited and published. */
export async function saveShareDistribution(db: Db, shareId: number, input: unknown, actor: Actor): Promise<DistributionSaveResult> {
  const outcome = await db.transaction(async (tx) => {
    const state = await shareDistributionState(tx, shareId);
    if (!state) return { ok: false as const, error: 'unknown' as const };
    const parsed = parseShareDistribution(input, state.share.sriLevel);
    if (!parsed.ok) return { ok: false as const, error: 'invalid' as const, problems: parsed.problems };
    if (state.data && canonicalJson(state.data) === canonicalJson(parsed.data)) return { ok: true as const, changed: false, scope: null };
    const data: ShareDistribution = parsed.data;
    await tx
      .insert(shareDistributions)
      .values({ shareId, data })
      .onConflictDoUpdate({ target: shareDistributions.shareId, set: { data, updatedAt: new Date() } });
    await recordAudit(tx, { actor, entity: 'share_distribution', entityId: shareId, action: state.data ? 'update' : 'create', before: state.data, after: data });
    return { ok: true as const, changed: true, scope: await fundScope(tx, state.share.fundId, state.share.fundSlug) };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}

/** Saves a fund's sustainability answers (PAI, sustainability risks, article 8/9 commitments), audited and published. */
export async function saveFundSustainability(db: Db, fundId: number, input: unknown, actor: Actor): Promise<DistributionSaveResult> {
  const outcome = await db.transaction(async (tx) => {
    const state = await fundSustainabilityState(tx, fundId);
    if (!state) return { ok: false as const, error: 'unknown' as const };
    const parsed = parseFundSustainability(input, state.fund.sfdrArticle);
    if (!parsed.ok) return { ok: false as const, error: 'invalid' as const, problems: parsed.problems };
    if (state.data && canonicalJson(state.data) === canonicalJson(parsed.data)) return { ok: true as const, changed: false, scope: null };
    const values = { paiConsidered: parsed.data.paiConsidered, sustainabilityRiskRelevant: parsed.data.sustainabilityRiskRelevant, precontractual: parsed.data.precontractual };
    await tx
      .insert(fundSustainability)
      .values({ fundId, ...values })
      .onConflictDoUpdate({ target: fundSustainability.fundId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, { actor, entity: 'fund_sustainability', entityId: fundId, action: state.data ? 'update' : 'create', before: state.data, after: parsed.data });
    return { ok: true as const, changed: true, scope: await fundScope(tx, fundId, state.fund.slug) };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}
