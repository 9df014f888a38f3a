import type { Instrumentation } from 'next';

/**
 * Runs once when a Next server process starts: it hands the database its start-up work (the first
 * use of the database migrates it, seeds the demo on an empty one and creates the bootstrap admin,
 * src/server/db/start-up.ts), starts the mail outbox worker (form submissions
 * are mailed from the database, docs/product.md "Mail"), the daily retention purge of the submissions
 * (docs/decisions/024), the loading of the slugs the proxy checks paths against (docs/decisions/013),
 * the clock of dated content (docs/decisions/064) and the publication of changes (cached pages expire at start, and on
 * PostgreSQL when another process announces a change, docs/decisions/016), and registers what
 * runtime/server.mjs calls to stop: the background work ends and the database closes, and the check
 * of a staff session it makes before accepting a large back-office body. Not during
 * `next build`, which has no database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // First, before anything below can open the database.
  const { prepareDatabaseAtStart } = await import('./server/db/start-up');
  prepareDatabaseAtStart();
  const { startOutboxWorker, stopOutboxWorker } = await import('./server/outbox/worker');
  const { startRouteCatalogRefresh, stopRouteCatalogRefresh } = await import('./server/http/route-catalog');
  const { startRetentionWorker, stopRetentionWorker } = await import('./server/privacy/retention-worker');
  const { closeDatabase } = await import('./server/db');
  startOutboxWorker();
  startRouteCatalogRefresh();
  startRetentionWorker();
  const { startPublication } = await import('./server/publish/start');
  startPublication();
  // The one clock of dated content (docs/decisions/064): registrations' first and last days, fund
  // events' days, scheduled news, archived documents leaving their window, approved changes at their
  // effective date (and the approvers' digest). It catches up at start with what came due while down.
  const { addClockDuty, startClock, stopClock, rearmClock } = await import('./server/clock/schedule');
  const { afterEveryPublication } = await import('./server/publish/publish');
  const { approvalDuty } = await import('./server/approval/clock-duty');
  addClockDuty(approvalDuty);
  afterEveryPublication(rearmClock);
  void startClock();
  // The fund alerts' daily digests (docs/operations.md "Fund alerts").
  const { startDigestWorker, stopDigestWorker } = await import('./server/alerts/digest-worker');
  startDigestWorker();
  // runtime/staff-bodies.mjs asks this before letting a back-office request send a large body.
  const { isLiveStaffSession } = await import('./server/auth/live-session');
  (globalThis as { __fundhouseStaffSession?: (cookie: string | undefined) => Promise<boolean> }).__fundhouseStaffSession = isLiveStaffSession;
  (globalThis as { __fundhouseShutdown?: () => Promise<void> }).__fundhouseShutdown = async () => {
    stopRouteCatalogRefresh();
    await stopClock();
    await stopOutboxWorker();
    await stopRetentionWorker();
    await stopDigestWorker();
    await closeDatabase();
  };
}

/**
 * Every error Next catches while serving a request (rendering, route handlers, server actions, the
 * proxy) becomes an alert: a structured log line, and a mail to ALERT_EMAIL at most once per
 * distinct error per 10 minutes (src/server/log/alerts.ts). This is what makes the error page's
 * "the team has been notified" true.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { raiseAlert } = await import('./server/log/alerts');
  const header = request.headers['x-request-id'];
  await raiseAlert({
    source: 'request',
    route: context.routePath,
    method: request.method,
    path: request.path.split('?')[0],
    error,
    digest: error !== null && typeof error === 'object' && typeof (error as { digest?: unknown }).digest === 'string' ? (error as { digest: string }).digest : undefined,
    requestId: typeof header === 'string' ? header : undefined,
  });
};
