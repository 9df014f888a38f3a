import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documentation stays true to the tree: every path the README, docs/ and the decision records
 * name in backticks exists (a path with a placeholder such as `<entity>` or `{port}` is a pattern, not
 * a path, and is left alone), `docs/decisions/NNN` names a record that exists, the decisions' index
 * lists each record once, and the README stays short enough to read (issue 46: at most 170 lines).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DECISIONS = 'docs/decisions';
const TREE_ROOTS = ['src/', 'runtime/', 'scripts/', 'tests/', 'docs/', 'deploy/', 'messages/', 'public/', 'drizzle/', '.ci/', 'assets/'];

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const records = () => readdirSync(join(ROOT, DECISIONS)).filter((name) => /^\d{3}-.*\.md$/.test(name));
const documents = () => ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`), ...readdirSync(join(ROOT, DECISIONS)).filter((name) => name.endsWith('.md')).map((name) => `${DECISIONS}/${name}`)];

/** The repository paths a Markdown text names in backticks: `src/x.ts`, `src/x.ts:12`, `docs/y.md#part`, `scripts/e2e.sh --flag`. */
function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, inner] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const first = (inner ?? '').trim().split(/\s+/)[0] ?? '';
    if (!TREE_ROOTS.some((root) => first.startsWith(root))) continue;
    if (/[<>{}*…$|]|\.\.\./.test(first)) continue;
    paths.add(first.replace(/[.,:;)]+$/, '').replace(/(#.*|:\d+.*)$/, ''));
  }
  return [...paths];
}

/** Whether a named path exists; `docs/decisions/NNN` (a record by its number) names the record NNN-*.md. */
function exists(path: string): boolean {
  const record = /^docs\/decisions\/(\d{3})$/.exec(path);
  if (record) return records().some((name) => name.startsWith(`${record[1]}-`));
  return existsSync(join(ROOT, path));
}

describe('the documentation names what exists', () => {
  it('reads paths out of backticks, and leaves patterns alone', () => {
    expect(namedPaths('see `src/a.ts:12`, `docs/b.md#part`, `scripts/e2e.sh --grep x`, `src/server/<entity>/change.ts`, `.data/x`, `npm test`.')).toEqual(['src/a.ts', 'docs/b.md', 'scripts/e2e.sh']);
  });

  it('every path a document names exists', () => {
    const missing = documents().flatMap((doc) => namedPaths(read(doc)).filter((path) => !exists(path)).map((path) => `${doc}: ${path}`));
    expect(missing).toEqual([]);
  });

  it('a missing path is reported', () => {
    expect(namedPaths('`src/no-such-module.ts`').filter((path) => !exists(path))).toEqual(['src/no-such-module.ts']);
    expect(exists('docs/decisions/014')).toBe(false);
    expect(exists('docs/decisions/064')).toBe(true);
  });

  it('the index of the decisions lists each record once, by its number and title', () => {
    const index = read(`${DECISIONS}/README.md`);
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(listed).toEqual(records().sort());
    for (const name of records()) {
      const title = read(`${DECISIONS}/${name}`).split('\n')[0]?.replace(/^#\s*\d{3}\s*(—|:|-)?\s*/, '').trim() ?? '';
      expect(index).toContain(`| ${title} |`);
    }
  });

  it('the README stays within 170 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(170);
  });
});
