import 'server-only';
import { areaLogger } from '@/server/log/logger';
import { raiseAlert } from '@/server/log/alerts';
import { requestDrain } from '@/server/outbox/drain';
import { runDueDigests } from './digest-runner';

/**
 * The fund alerts' digests, every hour in each app process (docs/operations.md "Fund alerts"): a run
 * builds the digests due (at most one per subscriber per UTC day, buildDigests), so the first run
 * after midnight UTC sends the day's, and the others find nothing to do. On PostgreSQL each run is a
 * process of its own (digest-runner.ts); processes share the work (rows locked SKIP LOCKED); within a
 * process a run under way is awaited, never doubled.
 */
export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 2 * 60 * 1000;
const JITTER_MS = 5 * 60 * 1000;
const log = areaLogger('fund-alerts');

type State = { timer?: ReturnType<typeof setTimeout>; running: Promise<void> | null; stopped: boolean };
const state = ((globalThis as { __fundhouseAlertDigests?: State }).__fundhouseAlertDigests ??= { running: null, stopped: true });

function schedule(delayMs: number): void {
  if (state.stopped) return;
  state.timer = setTimeout(() => void runDigestsOnce(), delayMs);
  state.timer.unref();
}

export function runDigestsOnce(): Promise<void> {
  if (state.running) return state.running;
  state.running = (async () => {
    try {
      const run = await runDueDigests();
      if (run.subscribers > 0) log.info(run, 'fund alert digests built');
      if (run.mails > 0) void requestDrain();
    } catch (error) {
      await raiseAlert({ source: 'fund-alerts', route: 'fund alert digests', error }, { drain: false });
    }
    schedule(DIGEST_INTERVAL_MS + Math.floor(Math.random() * JITTER_MS));
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}

/** Started once per process from src/instrumentation.ts; the timer never keeps the process alive. */
export function startDigestWorker(): void {
  if (!state.stopped) return;
  state.stopped = false;
  schedule(FIRST_RUN_MS + Math.floor(Math.random() * JITTER_MS));
}

/** Stops the timer and waits for a run under way (its batches are short transactions). */
export async function stopDigestWorker(): Promise<void> {
  state.stopped = true;
  clearTimeout(state.timer);
  state.timer = undefined;
  await (state.running ?? Promise.resolve());
}
