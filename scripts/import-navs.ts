/**
 * `npm run import:navs -- file.csv [more.csv…]`: upserts NAVs (columns isin,date,nav) and recomputes
 * the performance of the shares they touch, through the back-office's import service: audited as
 * the system, and published (on PostgreSQL the running servers show it at once). A bad row is
 * reported with its line number and the file is rejected whole; a file already imported changes
 * nothing. With PGlite, stop the server first: one process per database folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/env';
import { parseNavCsv } from '@/domain/csv/navs';
import { openDatabase } from '@/server/db/client';
import { settlePurges } from '@/server/cache/purge';
import { raiseAlert } from '@/server/log/alerts';
import { commitNavImport } from '@/server/navs/import';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (files.length === 0) {
  console.error('usage: npm run import:navs -- file.csv');
  process.exit(2);
}

const database = await openDatabase();
let failed = false;
try {
  await database.migrate();
  for (const file of files) {
    const started = Date.now();
    let result;
    try {
      const parsed = parseNavCsv(await readFile(file, 'utf8'));
      result = parsed.ok ? await commitNavImport(database.db, parsed.rows, { type: 'system', label: 'npm run import:navs' }, { riskFreeRate: env().RISK_FREE_RATE, source: path.basename(file) }) : parsed;
    } catch (error) {
      // The mail (ALERT_EMAIL) waits in the outbox for the next server's worker to send it.
      failed = true;
      console.error(`${file}: import failed, nothing was written.`);
      await raiseAlert({ source: 'import:navs', route: 'import:navs', error }, { db: database.db, drain: false });
      continue;
    }
    if (!result.ok) {
      failed = true;
      await raiseAlert({ source: 'import:navs', route: 'import:navs', error: new Error(`file rejected: ${result.errors.length} invalid row(s)`) }, { db: database.db, drain: false });
      console.error(`${file}: rejected, nothing was written.`);
      for (const e of result.errors.slice(0, 50)) console.error(`  line ${e.line}: ${e.message}`);
      if (result.errors.length > 50) console.error(`  … and ${result.errors.length - 50} more`);
      continue;
    }
    console.info(
      `${file}: ${result.rows} rows, ${result.added} new and ${result.changed} corrected NAVs (${result.unchanged} already stored), ` +
        `${result.recomputed} share(s) recomputed in ${Date.now() - started} ms`,
    );
  }
} finally {
  // The shared cache's purges (CACHE_PURGE_URL) finish, and may raise their alert, before the database closes.
  await settlePurges();
  await database.close();
}
process.exit(failed ? 1 : 0);
