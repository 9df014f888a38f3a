import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No fund house is compiled in (issue 43): its names, address and brand are data, edited in the
 * back-office. The demo houses live in their seed (src/server/db/seed/) and in tests; no message,
 * source or stylesheet elsewhere may name one. Texts that name the house take it as `{company}`.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The demo houses' names and the stem of their slugs and addresses, in any case. Their codes (SEED_DEMO's
// values) live in the seed too (src/server/db/seed/house-codes.ts), which src/env.ts reads.
const NEEDLES = [/aurore/i, /meridian/i];

/**
 * Released migrations are never edited (a database that ran one keeps what it did). Two of them, from
 * before this rule, add the first demo's accessibility statement and country pages to a database that
 * already had pages, which only the demo could have then (an empty start had none).
 */
const RELEASED_DEMO_MIGRATIONS = new Set(['src/server/db/migrations/0023_accessibility_page.sql', 'src/server/db/migrations/0025_country_pages.sql']);

const isDemoOrTest = (path: string) =>
  path.startsWith('src/server/db/seed/') || /\.(test|fixture)\.tsx?$/.test(path) || RELEASED_DEMO_MIGRATIONS.has(path);

function candidates(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', 'src', 'messages'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((path) => /\.(tsx?|mjs|json|css|sql)$/.test(path) && !isDemoOrTest(path));
}

describe('no fund house in code', () => {
  it('finds the source files and messages it checks', () => {
    const files = candidates();
    expect(files).toContain('messages/forms/en.json');
    expect(files).toContain('src/app/[locale]/layout.tsx');
    expect(files.filter((f) => f.startsWith('src/server/db/seed/'))).toEqual([]);
  });

  it('names no demo house outside its seed and the tests', () => {
    const offending = candidates().flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      return NEEDLES.filter((needle) => needle.test(text)).map((needle) => `${path}: ${needle.source}`);
    });
    expect(offending).toEqual([]);
  });

  it('keeps the house a parameter in every text that names it', () => {
    const en = JSON.parse(readFileSync(join(ROOT, 'messages/forms/en.json'), 'utf8')) as { Forms: { validation: Record<string, string> } };
    expect(en.Forms.validation.contact).toContain('{company}');
  });
});
