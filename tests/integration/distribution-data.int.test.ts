/**
 * The distribution data of a share class and the sustainability answers of a fund (issue 32,
 * docs/distribution-data.md) go through the approval door like every change of what the public
 * reads: refused with each problem by field, stored as a proposal under the policy (nothing written
 * before approval), written, audited and published (the catalog reloads, the fund's and the share's
 * cached pages expire) once a second person approves; a save that changes nothing is not stored.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundTag, shareTag } from '../../src/domain/content/cache-tags';
import type { ShareDistribution } from '../../src/domain/distribution/data';
import type { FundSustainability } from '../../src/domain/distribution/form';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { rawCatalog } from '../../src/server/funds/catalog';
import { staffPeople } from '../support/staff-people';

/** The tags a publication expires: outside a Next server, Next's revalidateTag is only observed. */
const expired = vi.hoisted(() => new Set<string>());
vi.mock('next/cache', () => ({ unstable_cache: <T>(fn: T) => fn, revalidatePath: () => undefined, revalidateTag: (tag: string) => void expired.add(tag) }));

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const FUNDS = ['funds'] as const;

type Share = { id: number; slug: string; fundId: number; fundSlug: string; sriLevel: number; data: ShareDistribution };
let share: Share;
let fund: { id: number; slug: string; sfdrArticle: number; data: FundSustainability };

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `distribution-${run}`));
  const db = await getDb();
  // A share class of the demo whose SRI allows its stored MRM, with its stored distribution data.
  const [row] = await db
    .select({ id: t.shares.id, slug: t.shares.slug, fundId: t.shares.fundId, fundSlug: t.funds.slug, sriLevel: t.shares.sriLevel, data: t.shareDistributions.data })
    .from(t.shareDistributions)
    .innerJoin(t.shares, eq(t.shares.id, t.shareDistributions.shareId))
    .innerJoin(t.funds, eq(t.funds.id, t.shares.fundId))
    .where(eq(t.funds.sfdrArticle, 8))
    .orderBy(t.shares.id)
    .limit(1);
  if (!row) throw new Error('the demo seed has no distribution data');
  share = row;
  const [f] = await db.select().from(t.fundSustainability).innerJoin(t.funds, eq(t.funds.id, t.fundSustainability.fundId)).where(eq(t.funds.id, row.fundId));
  if (!f) throw new Error('the demo seed has no sustainability answers for this fund');
  fund = { id: f.fund.id, slug: f.fund.slug, sfdrArticle: f.fund.sfdrArticle, data: { paiConsidered: f.fund_sustainability.paiConsidered, sustainabilityRiskRelevant: f.fund_sustainability.sustainabilityRiskRelevant, precontractual: f.fund_sustainability.precontractual } };
});

beforeEach(() => expired.clear());

afterAll(async () => {
  // Leaves the demo's data as it found it, for the other tests of this database.
  const db = await getDb();
  await db.update(t.shareDistributions).set({ data: share.data }).where(eq(t.shareDistributions.shareId, share.id));
  await db.update(t.fundSustainability).set({ paiConsidered: fund.data.paiConsidered, precontractual: fund.data.precontractual }).where(eq(t.fundSustainability.fundId, fund.id));
});

async function stored() {
  const db = await getDb();
  return (await db.select().from(t.shareDistributions).where(eq(t.shareDistributions.shareId, share.id)))[0]?.data;
}

/** The latest entry for a demo share or fund written by this file's people (their labels carry the run id): other files change the same demo rows. */
async function lastAudit(entity: string, entityId: number) {
  const db = await getDb();
  const ours = like(t.auditLog.actorLabel, `%${run}%`);
  const [row] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, entity), eq(t.auditLog.entityId, String(entityId)), ours)).orderBy(desc(t.auditLog.id)).limit(1);
  return row;
}

describe('share.distribution', () => {
  it('refuses invalid data with each problem by field, storing nothing', async () => {
    const db = await getDb();
    const data = {
      ...share.data,
      exAnte: { ...share.data.exAnte, ongoing: 0, managementFee: 0.01 },
      exPost: { ongoing: 0.01, managementFee: 0.01, distributionFee: null, transaction: 0, incidental: 0, from: '2025-12-31', to: '2025-01-01' },
      priips: { ...share.data.priips, mrm: share.sriLevel + 1 > 7 ? 7 : share.sriLevel + 1, liquidityRisk: 'X' },
    };
    const outcome = await saveChange(db, 'share.distribution', { shareId: share.id, data }, people.editor, { areas: FUNDS });
    expect(outcome).toEqual({ mode: 'invalid', problems: { fields: { 'priips.liquidityRisk': 'invalid' } } });
    const typed = { ...data, priips: { ...data.priips, liquidityRisk: 'L' } };
    const second = await saveChange(db, 'share.distribution', { shareId: share.id, data: typed }, people.editor, { areas: FUNDS });
    const fields = second.mode === 'invalid' ? second.problems.fields : {};
    expect(fields).toMatchObject({ 'exAnte.ongoing': 'ongoing-below-fees', 'exPost.to': 'period-order' });
    if (share.sriLevel < 7) expect(fields['priips.mrm']).toBe('mrm-above-sri');
    expect(await db.select().from(t.proposedChange).where(eq(t.proposedChange.authorId, people.editor.id))).toEqual([]);
    expect(await stored()).toEqual(share.data);
  });

  it('waits for approval, then writes, audits and publishes the new ongoing costs; the same save again is not stored', async () => {
    const db = await getDb();
    const ongoing = Number((share.data.exAnte.ongoing + 0.001).toFixed(6));
    const data = { ...share.data, exAnte: { ...share.data.exAnte, ongoing } };
    const before = (await rawCatalog(db)).distributions.get(share.id)?.data.exAnte.ongoing;
    expect(before).toBe(share.data.exAnte.ongoing);

    const outcome = await saveChange(db, 'share.distribution', { shareId: share.id, data }, people.editor, { areas: FUNDS, note: 'Frais révisés' });
    if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(outcome)}`);
    // The reviewer reads the change as the form shows it: a percentage.
    const proposal = await proposalById(db, outcome.id);
    expect(proposal).toMatchObject({ kind: 'share.distribution', area: 'funds', status: 'pending' });
    expect((proposal?.before as Record<string, string>)['exAnte.ongoing']).toBe(`${Number((share.data.exAnte.ongoing * 100).toPrecision(12))} %`);
    expect((proposal?.after as Record<string, string>)['exAnte.ongoing']).toBe(`${Number((ongoing * 100).toPrecision(12))} %`);
    expect(await stored()).toEqual(share.data);
    expect((await rawCatalog(db)).distributions.get(share.id)?.data.exAnte.ongoing).toBe(before);

    expect(await approveChange(db, outcome.id, people.editor)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect((await stored())?.exAnte.ongoing).toBe(ongoing);
    expect((await rawCatalog(db)).distributions.get(share.id)?.data.exAnte.ongoing).toBe(ongoing);
    expect(expired).toContain(fundTag(share.fundSlug));
    expect(expired).toContain(shareTag(share.fundSlug, share.slug));
    const audit = await lastAudit('share_distribution', share.id);
    expect(audit).toMatchObject({ action: 'update', actorId: people.editor.id });
    expect((audit?.after as ShareDistribution).exAnte.ongoing).toBe(ongoing);
    expect((audit?.before as ShareDistribution).exAnte.ongoing).toBe(share.data.exAnte.ongoing);

    expect(await saveChange(db, 'share.distribution', { shareId: share.id, data }, people.editor, { areas: FUNDS })).toEqual({ mode: 'unchanged' });
    // Without approval, the same data again writes nothing and publishes nothing.
    expired.clear();
    expect(await saveChange(db, 'share.distribution', { shareId: share.id, data }, people.editor, { areas: [] })).toMatchObject({ mode: 'published', changed: false });
    expect(expired.size).toBe(0);
  });

  it('knows no share class that does not exist', async () => {
    const db = await getDb();
    expect(await saveChange(db, 'share.distribution', { shareId: 999_999, data: share.data }, people.editor, { areas: FUNDS })).toEqual({ mode: 'unknown' });
  });
});

describe('fund.sustainability', () => {
  it('refuses an allocation that does not add up, by field', async () => {
    const db = await getDb();
    const pre = fund.data.precontractual;
    if (!pre) throw new Error('an article 8 fund has pre-contractual answers');
    const data = { ...fund.data, precontractual: { ...pre, planned: { ...pre.planned, social: pre.planned.social + 0.1 } } };
    const outcome = await saveChange(db, 'fund.sustainability', { fundId: fund.id, data }, people.editor, { areas: FUNDS });
    expect(outcome.mode === 'invalid' ? Object.keys(outcome.problems.fields) : outcome).toEqual(['planned.sustainable']);
    // An article 8 fund without its commitments is refused too.
    expect(await saveChange(db, 'fund.sustainability', { fundId: fund.id, data: { ...fund.data, precontractual: null } }, people.editor, { areas: FUNDS })).toEqual({
      mode: 'invalid',
      problems: { fields: { precontractual: 'invalid' } },
    });
  });

  it('waits for approval, then writes, audits and publishes; the same answers again are not stored', async () => {
    const db = await getDb();
    const data: FundSustainability = { ...fund.data, paiConsidered: !fund.data.paiConsidered };
    const outcome = await saveChange(db, 'fund.sustainability', { fundId: fund.id, data }, people.editor, { areas: FUNDS });
    if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(outcome)}`);
    expect(await proposalById(db, outcome.id)).toMatchObject({ kind: 'fund.sustainability', area: 'funds', before: { paiConsidered: fund.data.paiConsidered ? 'yes' : 'no' }, after: { paiConsidered: data.paiConsidered ? 'yes' : 'no' } });
    const current = async () => (await db.select().from(t.fundSustainability).where(eq(t.fundSustainability.fundId, fund.id)))[0];
    expect((await current())?.paiConsidered).toBe(fund.data.paiConsidered);

    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect((await current())?.paiConsidered).toBe(data.paiConsidered);
    expect((await rawCatalog(db)).sustainability.get(fund.id)?.paiConsidered).toBe(data.paiConsidered);
    expect(expired).toContain(fundTag(fund.slug));
    expect(await lastAudit('fund_sustainability', fund.id)).toMatchObject({ action: 'update', actorId: people.editor.id, after: { paiConsidered: data.paiConsidered } });

    expect(await saveChange(db, 'fund.sustainability', { fundId: fund.id, data }, people.editor, { areas: FUNDS })).toEqual({ mode: 'unchanged' });
  });
});
