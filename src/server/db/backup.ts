import 'server-only';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockFolder } from './folder-lock';

/**
 * Backups of the embedded database (docs/operations.md, docs/decisions/029). A backup is one file:
 *
 *   FUNDHOUSE-PGLITE-BACKUP 1\n
 *   {manifest, one line of JSON}\n
 *   {PGlite's data folder, a gzipped tarball from dumpDataDir()}
 *
 * The manifest lists every table with its row count and a checksum of all its rows, every sequence
 * with its value, and the tarball's SHA-256 and size. A restore checks the tarball's digest, loads it
 * into a new folder next to the target, recounts and rechecks every table there, and only then puts
 * the folder in place. A PGlite folder belongs to one process (folder-lock.ts): a backup or a
 * restore takes the folder's lock, so both need the server stopped; PostgreSQL has pg_dump.
 */

export const BACKUP_MAGIC = 'FUNDHOUSE-PGLITE-BACKUP 1\n';
/** A manifest of far more tables than the schema has stays below this. */
const MAX_MANIFEST_BYTES = 1_000_000;

export type TableChecksum = { schema: string; name: string; rows: number; checksum: string };
export type SequenceValue = { schema: string; name: string; value: string | null };
export type BackupManifest = {
  format: 'fundhouse-pglite-backup';
  version: 1;
  createdAt: string;
  postgres: string;
  data: { bytes: number; sha256: string };
  tables: TableChecksum[];
  sequences: SequenceValue[];
};

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table's row count and checksum: the md5 of each row's text form (bytea as hex, so a
 * document's bytes count in full), sorted and hashed together, so the order rows are stored in
 * does not matter. Memory: 32 bytes per row of the largest table.
 */
export async function tableChecksums(pg: PGlite): Promise<TableChecksum[]> {
  const tables = await pg.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY table_schema, table_name`,
  );
  const out: TableChecksum[] = [];
  for (const { schema, name } of tables.rows) {
    const result = await pg.query<{ rows: number; checksum: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum
         FROM (SELECT md5(t::text) AS h FROM ${ident(schema)}.${ident(name)} t) s`,
    );
    const row = result.rows[0];
    if (!row) throw new BackupError(`Could not read ${schema}.${name}.`);
    out.push({ schema, name, rows: row.rows, checksum: row.checksum });
  }
  return out;
}

async function sequenceValues(pg: PGlite): Promise<SequenceValue[]> {
  const result = await pg.query<{ schema: string; name: string; value: string | null }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS value FROM pg_sequences ORDER BY 1, 2`,
  );
  return result.rows;
}

/** The manifest and the tarball of an open PGlite (nothing else may write to it meanwhile). */
export async function dumpPglite(pg: PGlite): Promise<{ manifest: BackupManifest; data: Buffer }> {
  await pg.exec('CHECKPOINT');
  const tables = await tableChecksums(pg);
  const sequences = await sequenceValues(pg);
  const version = (await pg.query<{ v: string }>('SHOW server_version')).rows[0]?.v ?? 'unknown';
  const data = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  const manifest: BackupManifest = {
    format: 'fundhouse-pglite-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    postgres: version,
    data: { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') },
    tables,
    sequences,
  };
  return { manifest, data };
}

/** Opens a PGlite folder for this process alone (throws FolderLockedError while a server has it). */
export async function openPgliteFolder(dir: string): Promise<{ pg: PGlite; close: () => Promise<void> }> {
  const release = lockFolder(dir);
  try {
    const pg = await PGlite.create(dir);
    return {
      pg,
      close: async () => {
        try {
          await pg.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Writes a backup of the PGlite folder `dir` to `out` (through a temporary file, renamed at the end,
 * so a failed backup never leaves a truncated file under the name). Refuses to replace a file unless forced.
 */
export async function backupFolder(dir: string, out: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`${dir} is not a PGlite database folder (no PG_VERSION).`);
  if (existsSync(out) && !options.force) throw new BackupError(`${out} exists: choose another file, or add --force to replace it.`);
  const { pg, close } = await openPgliteFolder(dir);
  let dump: { manifest: BackupManifest; data: Buffer };
  try {
    dump = await dumpPglite(pg);
  } finally {
    await close();
  }
  const temporary = `${out}.${process.pid}.partial`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.write(BACKUP_MAGIC);
    await file.write(`${JSON.stringify(dump.manifest)}\n`);
    await file.write(dump.data);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, out);
  return dump.manifest;
}

/** Reads and checks a backup file: its header, its manifest, the tarball's size and SHA-256. */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; data: Buffer }> {
  if (!(await stat(file)).isFile()) throw new BackupError(`${file} is not a file.`);
  const bytes = await readFile(file);
  if (!bytes.subarray(0, BACKUP_MAGIC.length).equals(Buffer.from(BACKUP_MAGIC))) throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
  const end = bytes.indexOf(0x0a, BACKUP_MAGIC.length);
  if (end < 0 || end - BACKUP_MAGIC.length > MAX_MANIFEST_BYTES) throw new BackupError(`${file}: the manifest is missing or damaged.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.subarray(BACKUP_MAGIC.length, end).toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file}: the manifest is damaged.`);
  }
  if (manifest?.format !== 'fundhouse-pglite-backup' || manifest.version !== 1 || !Array.isArray(manifest.tables) || typeof manifest.data?.sha256 !== 'string') {
    throw new BackupError(`${file}: unknown backup format.`);
  }
  const data = bytes.subarray(end + 1);
  if (data.length !== manifest.data.bytes || createHash('sha256').update(data).digest('hex') !== manifest.data.sha256) {
    throw new BackupError(`${file} is damaged: its data does not match the digest in its manifest (truncated or altered).`);
  }
  return { manifest, data };
}

/** What differs between the tables and sequences a manifest lists and those of a database (empty: identical). */
export function compareWithManifest(manifest: BackupManifest, tables: TableChecksum[], sequences: SequenceValue[]): string[] {
  const problems: string[] = [];
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const found = new Map(tables.map((t) => [key(t), t]));
  for (const expected of manifest.tables) {
    const actual = found.get(key(expected));
    if (!actual) problems.push(`table ${key(expected)} is missing`);
    else if (actual.rows !== expected.rows) problems.push(`table ${key(expected)}: ${actual.rows} rows, ${expected.rows} expected`);
    else if (actual.checksum !== expected.checksum) problems.push(`table ${key(expected)}: rows differ (checksum)`);
    found.delete(key(expected));
  }
  for (const extra of found.keys()) problems.push(`table ${extra} is not in the backup`);
  const values = new Map(sequences.map((s) => [key(s), s.value]));
  for (const s of manifest.sequences ?? []) if (values.get(key(s)) !== s.value) problems.push(`sequence ${key(s)}: ${values.get(key(s))}, ${s.value} expected`);
  return problems;
}

function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Restores a backup into the PGlite folder `dir`: refused when the folder holds anything, unless
 * forced (the old folder is then kept aside, renamed `{dir}.before-restore-{time}`, never deleted).
 * The data is loaded and checked against the manifest in a new folder first: a backup that fails
 * any check changes nothing.
 */
export async function restoreFolder(file: string, dir: string, options: { force?: boolean } = {}): Promise<{ manifest: BackupManifest; keptAside: string | null }> {
  const target = path.resolve(dir);
  if (!isEmptyFolder(target) && !options.force) {
    throw new BackupError(`${target} is not empty: restore into an empty or new folder, or add --force to put the current one aside.`);
  }
  const { manifest, data } = await readBackup(file);
  mkdirSync(path.dirname(target), { recursive: true });
  // The target's lock: no server may have the folder open while it is replaced.
  const release = lockFolder(target);
  const staging = `${target}.restoring-${process.pid}`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const pg = await PGlite.create(staging, { loadDataDir: new Blob([new Uint8Array(data)]) });
    let problems: string[];
    try {
      problems = compareWithManifest(manifest, await tableChecksums(pg), await sequenceValues(pg));
    } finally {
      await pg.close();
    }
    if (problems.length > 0) {
      throw new BackupError(`The restored data does not match the backup's manifest; nothing was changed:\n  ${problems.slice(0, 20).join('\n  ')}`);
    }
    let keptAside: string | null = null;
    if (existsSync(target)) {
      if (isEmptyFolder(target)) rmSync(target, { recursive: true });
      else {
        keptAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(target, keptAside);
      }
    }
    renameSync(staging, target);
    return { manifest, keptAside };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}
