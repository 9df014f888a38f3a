import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: a fresh clone has no folder beside it, so no file may read, import or
 * link the sibling folder the project was first written next to. The needles are built from pieces so
 * that this file does not match itself.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIBLING = 'shared';
// The sibling folder by a relative path (either slash) or by its absolute path, as a whole folder name:
// the same name followed by `-state` would be another folder.
const NEEDLES = [new RegExp(String.raw`\.\.[\\/]` + SIBLING + String.raw`(?![\w-])`), new RegExp(String.raw`/work/` + SIBLING + String.raw`(?![\w-])`)];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.next', '.data', 'test-results', 'playwright-report']);

function outsideReferences(text: string): string[] {
  return NEEDLES.filter((needle) => needle.test(text)).map((needle) => needle.source);
}

/** Tracked and new (not ignored) files, as git sees them; a directory walk when git is absent. */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return out.split('\0').filter((path) => path !== '' && !path.split('/').includes('node_modules'));
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(entry.name)) walk(join(dir, entry.name));
        } else if (entry.isFile()) files.push(relative(ROOT, join(dir, entry.name)));
      }
    };
    walk(ROOT);
    return files;
  }
}

describe('the repository is self-contained', () => {
  it('recognizes a reference to the sibling folder, and nothing else', () => {
    expect(outsideReferences(`import spec from '..${'/'}${SIBLING}/SPEC.md';`)).toHaveLength(1);
    expect(outsideReferences(`see /work${'/'}${SIBLING}/reference`)).toHaveLength(1);
    expect(outsideReferences(`import { x } from '..${'/'}${SIBLING}-state';`)).toEqual([]);
    expect(outsideReferences('see docs/product.md §4')).toEqual([]);
  });

  it('no file outside node_modules refers to the sibling folder', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const path of files) {
      const full = join(ROOT, path);
      let text: string;
      try {
        if (!statSync(full).isFile()) continue;
        text = readFileSync(full, 'utf8');
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      if (text.includes('\0')) continue; // binary (images, PDFs)
      const found = outsideReferences(text);
      if (found.length > 0) offenders.push(`${path}: ${found.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
