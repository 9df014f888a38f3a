/**
 * `npm run db:restore -- FILE [--force]`: restores a backup made by `npm run db:backup` into the
 * PGlite folder (PGLITE_DIR), after checking the file's digest and, once loaded, every table's row
 * count and checksum against its manifest (src/server/db/backup.ts). An existing, non-empty folder
 * is refused unless --force, which keeps it aside as {folder}.before-restore-{time}. The server
 * must be stopped.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env } from '@/env';
import { BackupError, restoreFolder } from '@/server/db/backup';
import { FolderLockedError } from '@/server/db/folder-lock';

const usage = 'usage: npm run db:restore -- FILE [--force]';
let args;
try {
  args = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { force: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const config = env();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this is a PostgreSQL site. Restore it with pg_restore (docs/operations.md).');
  process.exit(2);
}
const [file, ...rest] = args.positionals;
if (!file || rest.length > 0) {
  console.error(usage);
  process.exit(2);
}
const dir = path.resolve(config.PGLITE_DIR);
try {
  const started = Date.now();
  const { manifest, keptAside } = await restoreFolder(path.resolve(file), dir, { force: args.values.force });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.info(`[db] ${file} (made ${manifest.createdAt}) restored into ${dir}: ${manifest.tables.length} tables and ${rows} rows checked, in ${Date.now() - started} ms`);
  if (keptAside) console.info(`[db] the previous folder is kept at ${keptAside}: delete it once the site runs well.`);
} catch (error) {
  if (!(error instanceof BackupError) && !(error instanceof FolderLockedError)) throw error;
  console.error(`[db] ${error.message}`);
  process.exit(1);
}
