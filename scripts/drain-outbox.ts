/**
 * `npm run outbox:drain`: sends the mails of the outbox that are due, once, and prints what
 * happened. The running site already does this after each submission and every 10 seconds; this is
 * for operators (e.g. after fixing SMTP_URL). With PGlite, stop the server first.
 */
import { env } from '@/env';
import { openDatabase } from '@/server/db/client';
import { drainOutbox } from '@/server/outbox/drain';

if (!env().SMTP_URL) {
  console.error('SMTP_URL is not set: nothing can be sent, the mails stay in the outbox.');
  process.exit(1);
}
const database = await openDatabase();
try {
  await database.migrate();
  const result = await drainOutbox({ db: database.db });
  console.info(`${result.sent} mail(s) sent, ${result.failed} failed (to be retried).`);
  process.exitCode = result.failed > 0 ? 1 : 0;
} finally {
  await database.close();
}
