/**
 * `npm run alerts:digest [-- --now 2031-06-15T06:00:00Z] [--json]`: builds the fund alerts' digests
 * due now (at most one per subscriber per UTC day; docs/operations.md "Fund alerts") and queues them
 * in the mail outbox, which the running site sends. On PostgreSQL the site's hourly worker runs this
 * very script in a process of its own (src/server/alerts/digest-runner.ts); running it beside the site
 * is safe: subscribers are locked SKIP LOCKED, so no digest is built twice. With PGlite, stop the
 * server first: one process per database folder. `--json` prints the run as one JSON line.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@/server/db/client';
import { buildDigests } from '@/server/alerts/digest';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { now: { type: 'string' }, json: { type: 'boolean' } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be an ISO date-time, not "${values.now}"`);
  process.exit(2);
}

const database = await openDatabase();
try {
  await database.migrate();
  const run = await buildDigests(database.db, { now });
  if (values.json) console.info(JSON.stringify(run));
  else console.info(`${run.subscribers} subscriber(s) due, ${run.mails} digest(s) queued in the outbox, ${run.batches} batch(es)`);
} finally {
  await database.close();
}
