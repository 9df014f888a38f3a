import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
 * A migrated and seeded PGlite, dumped once to a file that every test file loads (docs/product.md
 * "Data"). Left uncompressed (about 90 MB against 11): every integration file loads it, and
 * inflating it again each time cost a second of CPU per file. Images of another fingerprint are
 * removed when a new one is written.
 */
export async function ensureGoldenImage(build: (client: PGlite) => Promise<void>): Promise<string> {
  mkdirSync(GOLDEN_DIR, { recursive: true });
  const name = `golden-${fingerprint()}.tar`;
  const file = path.join(GOLDEN_DIR, name);
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  await build(client);
  const dump = await client.dumpDataDir('none');
  writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  for (const old of readdirSync(GOLDEN_DIR)) if (old.startsWith('golden-') && !old.startsWith(name)) rmSync(path.join(GOLDEN_DIR, old), { force: true });
  renameSync(`${file}.partial`, file);
  return file;
}
