/**
 * `npm run db:backup -- --out FILE [--force]`: writes a checked backup of the PGlite folder
 * (PGLITE_DIR) to FILE: the data folder plus a manifest of every table's row count and checksum
 * (src/server/db/backup.ts). The server must be stopped: a PGlite folder belongs to one process.
 * On PostgreSQL (DATABASE_URL), use pg_dump (docs/operations.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env } from '@/env';
import { BackupError, backupFolder } from '@/server/db/backup';
import { FolderLockedError } from '@/server/db/folder-lock';

const usage = 'usage: npm run db:backup -- --out FILE [--force]';
let args;
try {
  args = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { out: { type: 'string' }, force: { type: 'boolean', default: false } }, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const config = env();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this is a PostgreSQL site. Back it up with pg_dump -Fc (docs/operations.md).');
  process.exit(2);
}
if (!args.values.out) {
  console.error(usage);
  process.exit(2);
}
const dir = path.resolve(config.PGLITE_DIR);
const out = path.resolve(args.values.out);
try {
  const started = Date.now();
  const manifest = await backupFolder(dir, out, { force: args.values.force });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.info(`[db] ${dir} backed up to ${out}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.data.bytes} bytes of data, in ${Date.now() - started} ms`);
} catch (error) {
  if (!(error instanceof BackupError) && !(error instanceof FolderLockedError)) throw error;
  console.error(`[db] ${error.message}`);
  process.exit(1);
}
