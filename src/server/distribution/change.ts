import 'server-only';
import { shareDistributionSchema, type DataProblem } from '@/domain/distribution/data';
import { distributionValues, parseFundSustainability, sustainabilityValues } from '@/domain/distribution/form';
import { parseShareDistribution } from '@/domain/distribution/data';
import type { Applied, Command, Problems } from '@/server/approval/command-types';
import type { Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { fundSustainabilityState, shareDistributionState, type DistributionSaveResult } from './commands';

type Save = (db: Db, id: number, data: unknown, actor: Actor) => Promise<DistributionSaveResult>;

/**
 * The approval door's commands of `share.distribution` and `fund.sustainability` (docs/approval.md):
 * the input is the form's data as posted (rates already fractions); the state a reviewer approves is
 * the stored data as readable lines, one per field path, rates as percentages ("exAnte.ongoing":
 * "1.15 %"), so the review screen's difference reads as the form does. The command table gives each
 * its service (saveShareDistribution, saveFundSustainability), so that the door alone imports them.
 */
export type ShareDistributionInput = { shareId: number; data: unknown };
export type FundSustainabilityInput = { fundId: number; data: unknown };

/** Problems by field (the first of each path), as the forms show them. */
function byField(problems: DataProblem[]): Problems {
  const fields: Record<string, string> = {};
  for (const p of problems) fields[p.path || 'form'] ??= p.code;
  return { fields };
}

const applied = (r: DistributionSaveResult): Applied => (r.ok ? { ok: true, changed: r.changed } : r.error === 'unknown' ? { ok: false, error: 'unknown' } : { ok: false, error: 'invalid', problems: byField(r.problems) });

export const shareDistributionCommand = (save: Save): Command<ShareDistributionInput, DistributionSaveResult> => ({
  async validate(db, input) {
    const state = await shareDistributionState(db, input.shareId);
    if (!state) return null;
    const parsed = parseShareDistribution(input.data, state.share.sriLevel);
    return parsed.ok ? null : byField(parsed.problems);
  },
  async read(db, input) {
    const state = await shareDistributionState(db, input.shareId);
    if (!state) return null;
    return { key: String(state.share.id), label: `${state.share.name} (${state.share.isin})`, state: { fundId: state.share.fundId, ...distributionValues(state.data, true) } };
  },
  after(before, input) {
    const parsed = shareDistributionSchema.safeParse(input.data);
    const fundId = (before as { fundId?: number } | null)?.fundId;
    return parsed.success ? { fundId, ...distributionValues(parsed.data, true) } : before;
  },
  run: (db, input, actor) => save(db, input.shareId, input.data, actor),
  applied,
});

export const fundSustainabilityCommand = (save: Save): Command<FundSustainabilityInput, DistributionSaveResult> => ({
  async validate(db, input) {
    const state = await fundSustainabilityState(db, input.fundId);
    if (!state) return null;
    const parsed = parseFundSustainability(input.data, state.fund.sfdrArticle);
    return parsed.ok ? null : byField(parsed.problems);
  },
  async read(db, input) {
    const state = await fundSustainabilityState(db, input.fundId);
    if (!state) return null;
    const title = state.fund.title as Record<string, string | undefined>;
    return { key: String(state.fund.id), label: title.fr ?? state.fund.slug, state: { sfdrArticle: state.fund.sfdrArticle, ...sustainabilityValues(state.data, true) } };
  },
  after(before, input) {
    const article = (before as { sfdrArticle?: number } | null)?.sfdrArticle ?? 6;
    const parsed = parseFundSustainability(input.data, article);
    return parsed.ok ? { sfdrArticle: article, ...sustainabilityValues(parsed.data, true) } : before;
  },
  run: (db, input, actor) => save(db, input.fundId, input.data, actor),
  applied,
});
