/**
 * `npm run alerts:digest [-- --now 2031-06-15T06:00:00Z]`: builds the fund alerts' digests due now
 * (at most one per subscriber per UTC day; docs/operations.md "Fund alerts") and queues them in the
 * mail outbox, which the running site sends. Safe while the site's own worker runs (on PostgreSQL):
 * subscribers are locked SKIP LOCKED, so no digest is built twice. With PGlite, stop the server
 * first: one process per database folder.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@/server/db/client';
import { buildDigests } from '@/server/alerts/digest';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { now: { type: 'string' } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be an ISO date-time, not "${values.now}"`);
  process.exit(2);
}

const database = await openDatabase();
try {
  await database.migrate();
  const run = await buildDigests(database.db, { now });
  console.info(`${run.subscribers} subscriber(s) due, ${run.mails} digest(s) queued in the outbox, ${run.batches} batch(es)`);
} finally {
  await database.close();
}
