import 'server-only';
import { getDb } from '@/server/db';
import { requestDrain } from '@/server/outbox/drain';
import { areaLogger } from '@/server/log/logger';
import { MAX_SLEEP_MS } from '@/server/news/schedule';
import { nextApprovalTimes, publishDueProposals, sendReviewDigest } from './service';

const log = areaLogger('approval-schedule');

/**
 * Effective dates and the approvers' digest (docs/approval.md), on the timer mechanism of scheduled
 * news (src/server/news/schedule.ts, decision 022): every serving process sleeps until the next
 * effective date of an approved change (or the next time a digest may go), then publishes what
 * came due, and sleeps again; it re-reads at least every MAX_SLEEP_MS. Publishing is claimed row
 * by row, so two processes waking together publish a change once; the publication itself is a
 * normal one (NOTIFY reaches the other processes, decision 016).
 */
const MARGIN_MS = 50;

type Holder = { started: boolean; timer?: ReturnType<typeof setTimeout>; generation: number };
const holder = ((globalThis as { __fundhouseApprovalSchedule?: Holder }).__fundhouseApprovalSchedule ??= { started: false, generation: 0 });

async function arm(): Promise<void> {
  const generation = ++holder.generation;
  clearTimeout(holder.timer);
  const { now, effective, digest } = await nextApprovalTimes(await getDb());
  if (!holder.started || generation !== holder.generation) return;
  const next = [effective, digest].filter((d): d is Date => d !== null).map((d) => d.getTime() - now.getTime() + MARGIN_MS);
  const delay = Math.min(MAX_SLEEP_MS, Math.max(0, ...(next.length ? [Math.min(...next)] : [MAX_SLEEP_MS])));
  holder.timer = setTimeout(() => void wake(), delay);
  holder.timer.unref?.();
}

async function wake(): Promise<void> {
  try {
    const db = await getDb();
    const published = await publishDueProposals(db);
    if (published > 0) log.info({ published }, 'approved changes came into effect');
    if ((await sendReviewDigest(db)) > 0) void requestDrain();
  } catch (error) {
    log.error({ err: error }, 'approved changes could not be published; trying again');
  }
  await arm().catch((error: unknown) => {
    log.error({ err: error }, 'the approval schedule could not be read; trying again');
    holder.timer = setTimeout(() => void wake(), 30_000);
    holder.timer.unref?.();
  });
}

/** Started once per serving process (src/instrumentation.ts). */
export function startApprovalSchedule(): void {
  if (holder.started) return;
  holder.started = true;
  void wake();
}

/**
 * After a proposal or an approval (called by the server actions: the holder is on globalThis, shared
 * by the process's bundles): the next time may have moved. A no-op where the timer does not run.
 */
export function rearmApprovalSchedule(): void {
  if (!holder.started) return;
  void wake();
}

export function stopApprovalSchedule(): void {
  holder.started = false;
  holder.generation++;
  clearTimeout(holder.timer);
  holder.timer = undefined;
}
