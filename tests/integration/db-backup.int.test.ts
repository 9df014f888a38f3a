import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupFolder, BACKUP_MAGIC, readBackup, restoreFolder } from '../../src/server/db/backup';
import { FolderLockedError, lockFolder } from '../../src/server/db/folder-lock';

/**
 * docs/decisions/029 and docs/operations.md: `npm run db:backup` / `db:restore` on PGlite. A backup of
 * the seeded database, restored into an empty folder, holds every table's rows and every document's
 * bytes exactly; a damaged backup, a non-empty folder and a folder a server holds are refused.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'fundhouse-backup-'));
const source = path.join(work, 'source');

/** Each table's rows, checked independently of the manifest: every row's text form, sorted, hashed in JS. */
async function tableDigests(dir: string): Promise<Record<string, { rows: number; sha256: string }>> {
  const pg = await PGlite.create(dir);
  try {
    const tables = await pg.query<{ s: string; n: string }>(
      `SELECT table_schema AS s, table_name AS n FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const out: Record<string, { rows: number; sha256: string }> = {};
    for (const { s, n } of tables.rows) {
      const rows = (await pg.query<{ r: string }>(`SELECT t::text AS r FROM "${s}"."${n}" t`)).rows.map((x) => x.r).sort();
      out[`${s}.${n}`] = { rows: rows.length, sha256: createHash('sha256').update(rows.join('\u0000')).digest('hex') };
    }
    return out;
  } finally {
    await pg.close();
  }
}

async function documentBytes(dir: string): Promise<Map<number, Buffer>> {
  const pg = await PGlite.create(dir);
  try {
    const rows = (await pg.query<{ id: number; data: Uint8Array }>('SELECT id, data FROM document ORDER BY id')).rows;
    return new Map(rows.map((r) => [r.id, Buffer.from(r.data)]));
  } finally {
    await pg.close();
  }
}

/** The npm scripts themselves, as an operator runs them, on PGLITE_DIR. */
function npmScript(script: 'db-backup' | 'db-restore', args: string[], dir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  return run(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', `scripts/${script}.ts`, ...args], { cwd: root, env, timeout: 120_000 });
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!!process.env.DATABASE_URL)('PGlite backup and restore', () => {
  beforeAll(async () => {
    // The seeded golden database, in a folder of its own, as a site's PGLITE_DIR.
    cpSync(inject('goldenImage'), source, { recursive: true });
  }, 180_000);

  it('backs up the seeded database and restores it into an empty folder: every row and document byte identical', async () => {
    const file = path.join(work, 'site.backup');
    const backedUp = await npmScript('db-backup', ['--', '--out', file], source);
    expect(backedUp.stdout).toMatch(/backed up to .*site\.backup: \d+ tables/);

    const { manifest } = await readBackup(file);
    expect(manifest.tables.length).toBeGreaterThan(20);
    const documents = manifest.tables.find((t) => t.name === 'document');
    expect(documents?.rows).toBeGreaterThan(0);

    const restored = path.join(work, 'restored');
    const restoredRun = await npmScript('db-restore', ['--', file], restored);
    expect(restoredRun.stdout).toMatch(/restored into .*restored: \d+ tables and \d+ rows checked/);

    const [before, after] = [await tableDigests(source), await tableDigests(restored)];
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(after).toEqual(before);
    expect(before['public.fund']?.rows).toBeGreaterThan(0);
    expect(before['public.nav']?.rows).toBeGreaterThan(0);

    const [docsBefore, docsAfter] = [await documentBytes(source), await documentBytes(restored)];
    expect(docsBefore.size).toBeGreaterThan(0);
    expect([...docsAfter.keys()]).toEqual([...docsBefore.keys()]);
    for (const [id, bytes] of docsBefore) expect(docsAfter.get(id)?.equals(bytes), `document ${id}`).toBe(true);

    // The restored folder is a working database for the next server: sequences continue where they were.
    const pg = await PGlite.create(restored);
    const next = await pg.query<{ id: number }>(`INSERT INTO audit_log (entity, entity_id, action, actor_type, actor_label) VALUES ('backup', 'test', 'check', 'system', 'test') RETURNING id`);
    expect(next.rows).toHaveLength(1);
    await pg.close();
    // Two command-line runs (tsx start-up, a whole database dumped then loaded) and two full digests:
    // 17 s on a quiet 2-core machine, past 60 s when it is loaded (a CI run once).
  }, 240_000);

  it('refuses a non-empty folder unless forced, then keeps the old one aside', async () => {
    const file = path.join(work, 'second.backup');
    await backupFolder(source, file);
    await expect(backupFolder(source, file)).rejects.toThrow(/exists: choose another file, or add --force/);

    const occupied = path.join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'keep-me'), 'old data');
    await expect(restoreFolder(file, occupied)).rejects.toThrow(/is not empty: .*--force/);
    expect(readdirSync(occupied)).toEqual(['keep-me']);

    const { keptAside } = await restoreFolder(file, occupied, { force: true });
    expect(keptAside).not.toBeNull();
    expect(readFileSync(path.join(keptAside ?? '', 'keep-me'), 'utf8')).toBe('old data');
    expect(existsSync(path.join(occupied, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a damaged or altered backup and changes nothing', async () => {
    const file = path.join(work, 'third.backup');
    await backupFolder(source, file);
    const good = readFileSync(file);

    const flipped = Buffer.from(good);
    flipped[flipped.length - 100] = (flipped[flipped.length - 100] ?? 0) ^ 0xff;
    writeFileSync(path.join(work, 'flipped.backup'), flipped);
    const target = path.join(work, 'from-damaged');
    await expect(restoreFolder(path.join(work, 'flipped.backup'), target)).rejects.toThrow(/damaged: its data does not match the digest/);
    writeFileSync(path.join(work, 'truncated.backup'), good.subarray(0, good.length - 1000));
    await expect(restoreFolder(path.join(work, 'truncated.backup'), target)).rejects.toThrow(/damaged/);
    writeFileSync(path.join(work, 'other.file'), 'not a backup at all');
    await expect(restoreFolder(path.join(work, 'other.file'), target)).rejects.toThrow(/not a backup made by npm run db:backup/);

    // A manifest edited to match other data (a forged row count): caught once the data is loaded.
    const end = good.indexOf(0x0a, BACKUP_MAGIC.length);
    const manifest = JSON.parse(good.subarray(BACKUP_MAGIC.length, end).toString('utf8'));
    const fund = manifest.tables.find((t: { name: string }) => t.name === 'fund');
    fund.rows += 1;
    writeFileSync(path.join(work, 'forged.backup'), Buffer.concat([Buffer.from(BACKUP_MAGIC), Buffer.from(`${JSON.stringify(manifest)}\n`), good.subarray(end + 1)]));
    await expect(restoreFolder(path.join(work, 'forged.backup'), target)).rejects.toThrow(/does not match the backup's manifest; nothing was changed:\n {2}table public\.fund: \d+ rows, \d+ expected/);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(false);
  });

  it('refuses to back up or restore a folder a running server holds', async () => {
    const release = lockFolder(source);
    try {
      await expect(backupFolder(source, path.join(work, 'locked.backup'))).rejects.toThrow(FolderLockedError);
      await expect(backupFolder(source, path.join(work, 'locked.backup'))).rejects.toThrow(/stop the server/);
    } finally {
      release();
    }
    expect(existsSync(path.join(work, 'locked.backup'))).toBe(false);
  });
});
