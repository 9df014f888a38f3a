import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/039: the public pages have no next-intl client provider, so no module the browser
 * loads with a public page may read next-intl (it would throw without the provider, and bring
 * use-intl and its message parser back into the first load). Client components get their texts as
 * props. This walks the static imports from every client component ('use client') of the public
 * side; `import()` is not followed (code loaded on demand), nor `import type`.
 *
 * Allowed, each with a provider of its own where it is used: the visitor forms (visitor-form-slot.tsx
 * wraps them with `Forms`) and the consent dialogs (loaded on demand with their provider,
 * compliance-provider.tsx).
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const ALLOWED = [/^components\/forms\//, /^components\/compliance\/consent-(dialog|notice)\.tsx$/];
const PUBLIC_ROOTS = ['components', 'app/[locale]'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Static value imports and re-exports of a module (not `import type`, not `import()`). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

function nextIntlReaders(entries: string[]): string[] {
  const seen = new Set<string>();
  const readers: string[] = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const rel = relative(SRC, file);
    if (ALLOWED.some((re) => re.test(rel))) continue;
    const imports = staticImports(readFileSync(file, 'utf8'));
    if (imports.some((spec) => spec === 'next-intl' || spec.startsWith('next-intl/') || spec === '@/i18n/navigation')) readers.push(rel);
    for (const spec of imports) {
      const target = resolveImport(file, spec);
      if (target) queue.push(target);
    }
  }
  return readers.sort();
}

describe('the public pages load no next-intl in the browser (docs/decisions/039)', () => {
  const clientComponents = PUBLIC_ROOTS.flatMap((root) => files(join(SRC, root))).filter((file) => /^['"]use client['"]/.test(readFileSync(file, 'utf8').trimStart()));

  it('finds the client components it checks', () => {
    const names = clientComponents.map((f) => relative(SRC, f));
    expect(names).toContain('components/layout/country-menu.tsx');
    expect(names).toContain('components/layout/mobile-menu-dialog.tsx');
    expect(names).toContain('components/compliance/compliance-provider.tsx');
  });

  it('no client component reaches next-intl through its static imports, but the forms and the consent dialogs', () => {
    expect(nextIntlReaders(clientComponents)).toEqual([]);
  });

  it('would see a client component that reads next-intl', () => {
    const probe = join(SRC, 'components/layout/new-tab-hint.tsx');
    expect(nextIntlReaders([probe])).toEqual(['components/layout/new-tab-hint.tsx']);
  });
});
