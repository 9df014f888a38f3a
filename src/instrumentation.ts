/**
 * Runs once when a Next server process starts: it starts the mail outbox worker (form submissions
 * are mailed from the database, DESIGN.md "Mail") and the publication of changes (cached pages
 * expire at start, and on PostgreSQL when another process announces a change, docs/decisions/016).
 * Not during `next build`, which has no database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startOutboxWorker } = await import('./server/forms/outbox-worker');
  startOutboxWorker();
  const { startPublication } = await import('./server/publish/start');
  startPublication();
}
