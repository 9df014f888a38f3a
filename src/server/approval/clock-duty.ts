import 'server-only';
import { earliest } from '@/domain/clock/moments';
import type { ClockDuty } from '@/server/clock/schedule';
import { areaLogger } from '@/server/log/logger';
import { requestDrain } from '@/server/outbox/drain';
import { nextApprovalTimes, publishDueProposals, sendReviewDigest } from './service';

const log = areaLogger('approval-schedule');

/**
 * Approved changes at their effective date, and the approvers' digest (docs/approval.md), as a duty
 * of the one clock (src/server/clock/schedule.ts, docs/decisions/064): the clock wakes at the next
 * effective date (or the next time a digest may go) and publishes what came due. Publishing is
 * claimed row by row, so two processes waking together publish a change once; the publication
 * itself is a normal one (this process's caches, NOTIFY to the others, the shared cache's purge).
 */
export const approvalDuty: ClockDuty = {
  name: 'approvals',
  async next(db) {
    const { effective, digest } = await nextApprovalTimes(db);
    return earliest([effective, digest]);
  },
  async run(db) {
    const published = await publishDueProposals(db);
    if (published > 0) log.info({ published }, 'approved changes came into effect');
    if ((await sendReviewDigest(db)) > 0) void requestDrain();
  },
};
