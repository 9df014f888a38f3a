/**
 * Reads never write (decision 046): a read module (src/server/{entity}/queries.ts, any
 * `*-queries.ts`, or a file of the former src/server/queries/ folder) holds no insert, update,
 * delete, row lock or raw statement; those belong to the entity's commands.ts. Read as text: a
 * write hidden behind another name is the reviewer's to catch, the habitual forms are this test's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WRITES = /\.(insert|update|delete|execute)\(|\.for\(\s*'update'/;

export function writesIn(source: string): string[] {
  return source.split('\n').flatMap((line, i) => (WRITES.test(line) ? [`line ${i + 1}: ${line.trim()}`] : []));
}

function readModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.includes('.test.'))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => /(^|[-/])queries\.ts$/.test(path) || /\/queries\/[^/]+\.ts$/.test(path));
}

describe('read modules', () => {
  const root = join(process.cwd(), 'src/server');
  const modules = readModules(root);

  it('are found (the rule checks something)', () => {
    expect(modules.length).toBeGreaterThan(10);
  });

  it('hold no write', () => {
    const found = modules.flatMap((path) => writesIn(readFileSync(path, 'utf8')).map((w) => `${relative(process.cwd(), path)} ${w}`));
    expect(found).toEqual([]);
  });

  it('the check itself catches the forms of a write', () => {
    expect(writesIn('await db.update(t.mailOutbox).set({})')).toHaveLength(1);
    expect(writesIn("  .for('update', { skipLocked: true })")).toHaveLength(1);
    expect(writesIn('await tx.insert(t.x).values(v);\nawait tx.delete(t.y);')).toHaveLength(2);
    expect(writesIn('db.select().from(t.navs).where(eq(t.navs.id, 1))')).toEqual([]);
  });
});
