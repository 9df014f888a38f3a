import 'server-only';
import { getDb } from '@/server/db';
import { areaLogger } from '@/server/log/logger';
import { raiseAlert } from '@/server/log/alerts';
import { purgeExpiredSubmissions } from './retention';

/** One purge a day per process, the first a few minutes after start; both jittered so that processes started together spread out. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 5 * 60 * 1000;
const JITTER_MS = 30 * 60 * 1000;
/** When a run hit its bound, the backlog goes on sooner. */
const BACKLOG_MS = 60 * 1000;
const log = areaLogger('retention');

type State = { timer?: ReturnType<typeof setTimeout>; running: Promise<void> | null; stopped: boolean };
const state = ((globalThis as { __fundhouseRetention?: State }).__fundhouseRetention ??= { running: null, stopped: true });

const jitter = () => Math.floor(Math.random() * JITTER_MS);

function schedule(delayMs: number): void {
  if (state.stopped) return;
  state.timer = setTimeout(() => void runOnce(), delayMs);
  state.timer.unref();
}

/**
 * One purge in this process, never two at once (a run under way is awaited, not doubled); across
 * processes the purge's advisory lock makes a concurrent run skip. Failures raise an alert and the
 * next run comes as planned.
 */
export function runOnce(): Promise<void> {
  if (state.running) return state.running;
  state.running = (async () => {
    let next = RETENTION_INTERVAL_MS + jitter();
    try {
      const result = await purgeExpiredSubmissions(await getDb(), { type: 'system', label: 'retention purge (daily)' });
      if (result.status === 'done') {
        log.info({ deleted: result.deleted, files: result.files, mails: result.mails, remaining: result.remaining, fundAlerts: result.alerts, rateLimits: result.rateLimits }, 'retention purge done');
        if (result.remaining) next = BACKLOG_MS;
      } else {
        log.info('retention purge skipped: another process is purging');
      }
    } catch (error) {
      await raiseAlert({ source: 'retention', route: 'retention purge', error }, { drain: false });
    }
    schedule(next);
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}

/** Started once per process from src/instrumentation.ts; the timer never keeps the process alive. */
export function startRetentionWorker(): void {
  if (!state.stopped) return;
  state.stopped = false;
  schedule(FIRST_RUN_MS + jitter());
}

/** Stops the timer and waits for a run under way (one transaction, bounded). */
export async function stopRetentionWorker(): Promise<void> {
  state.stopped = true;
  clearTimeout(state.timer);
  state.timer = undefined;
  await (state.running ?? Promise.resolve());
}
