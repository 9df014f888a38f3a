import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(import.meta.dirname, '../..');
export const GOLDEN_DIR = path.join(root, '.data', 'test');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** The golden image is rebuilt whenever the schema, the seed or the maths that fill it change. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of [...files(path.join(root, 'src/server/db')), ...files(path.join(root, 'src/domain'))].sort()) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded PGlite folder, built once, that every test file copies and opens (docs/product.md
 * "Data"). A folder, not a dump: a PGlite loaded from a dumped image (`loadDataDir`) unpacks it into its
 * memory and starts from there, about 4 s of CPU per file on the CI machine; copying the folder (90 MB)
 * and opening the copy takes under 2. Folders of another fingerprint are removed when a new one is
 * written; the folder appears whole or not at all (built under `.partial`, then renamed).
 */
export async function ensureGoldenImage(build: (client: PGlite) => Promise<void>): Promise<string> {
  mkdirSync(GOLDEN_DIR, { recursive: true });
  const name = `golden-${fingerprint()}`;
  const dir = path.join(GOLDEN_DIR, name);
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const client = await PGlite.create(partial);
  try {
    await build(client);
    // The copies then start from a clean shutdown, with nothing to replay.
    await client.query('CHECKPOINT');
  } finally {
    await client.close();
  }
  for (const old of readdirSync(GOLDEN_DIR)) if (old.startsWith('golden-') && old !== path.basename(partial)) rmSync(path.join(GOLDEN_DIR, old), { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/** A copy of the golden folder of its own, in a fresh temporary folder, for a test file to open; `remove` deletes it. */
export function copyGoldenImage(golden: string): { dir: string; remove: () => void } {
  const parent = mkdtempSync(path.join(tmpdir(), 'fundhouse-db-'));
  const dir = path.join(parent, 'pglite');
  cpSync(golden, dir, { recursive: true });
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
