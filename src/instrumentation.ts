/**
 * Runs once when a Next server process starts: it starts the mail outbox worker (form submissions
 * are mailed from the database, DESIGN.md "Mail"). Not during `next build`, which has no database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startOutboxWorker } = await import('./server/forms/outbox-worker');
  startOutboxWorker();
}
