/**
 * Runs once when a Next server process starts: it starts the mail outbox worker (form submissions
 * are mailed from the database, DESIGN.md "Mail") and the loading of the slugs the proxy checks
 * paths against (docs/decisions/013), and registers what scripts/server.mjs calls to stop: the
 * background work ends and the database closes. Not during `next build`, which has no database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startOutboxWorker, stopOutboxWorker } = await import('./server/forms/outbox-worker');
  const { startRouteCatalogRefresh, stopRouteCatalogRefresh } = await import('./server/queries/route-catalog');
  const { closeDatabase } = await import('./server/db');
  startOutboxWorker();
  startRouteCatalogRefresh();
  (globalThis as { __fundhouseShutdown?: () => Promise<void> }).__fundhouseShutdown = async () => {
    stopRouteCatalogRefresh();
    await stopOutboxWorker();
    await closeDatabase();
  };
}
