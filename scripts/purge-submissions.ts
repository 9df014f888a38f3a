/**
 * `npm run submissions:purge`: one retention purge now (docs/decisions/024), the one the app runs
 * daily: the submissions older than their form's period (RETENTION_DAYS_{CONTACT,NEWSLETTER,CAREER,SUBSCRIBE})
 * are deleted with their files and mails, audited (actor `npm run submissions:purge`). A run deletes
 * at most 5,000 submissions per form; it runs again by itself while some remain.
 * With PGlite, stop the server first: one process per database folder.
 */
import { openDatabase } from '@/server/db/client';
import { purgeExpiredSubmissions, retentionPeriods } from '@/server/privacy/retention';

const database = await openDatabase();
try {
  await database.migrate();
  console.info(`Retention periods (days): ${JSON.stringify(retentionPeriods())}`);
  for (let round = 1; ; round += 1) {
    const result = await purgeExpiredSubmissions(database.db, { type: 'system', label: 'npm run submissions:purge' });
    if (result.status === 'skipped') {
      console.info('Another process is purging right now: nothing done.');
      break;
    }
    console.info(`Round ${round}: deleted ${JSON.stringify(result.deleted)}, ${result.files} file(s), ${result.mails} mail(s).`);
    if (!result.remaining) break;
  }
} finally {
  await database.close();
}
