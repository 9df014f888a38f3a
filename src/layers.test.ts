import { ESLint } from 'eslint';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.mjs (docs/product.md "Layers"), run through ESLint's own API
 * with the project's configuration, on imports written into files of each layer; and the rule of
 * .dependency-cruiser.cjs (no import cycle), run as `npm run lint` runs it, on fixture cycles and on src.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: fileURLToPath(new URL('../eslint.config.mjs', import.meta.url)) });
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe('the layers hold (eslint.config.mjs)', { timeout: 60_000 }, () => {
  it('refuses an import from server code, i18n, the environment, React or Next in src/domain', async () => {
    const file = 'src/domain/layer-probe.ts';
    expect(await layerErrors(file, `import { getDb } from '@/server/db';${use('getDb')}`)).toHaveLength(1);
    expect(await layerErrors(file, `import { localizedPath } from '../i18n/navigation';${use('localizedPath')}`)).toHaveLength(1);
    expect(await layerErrors(file, `import type { Env } from '@/env';\nexport type E = Env;\n`)).toHaveLength(1);
    expect(await layerErrors(file, `import { useState } from 'react';${use('useState')}`)).toHaveLength(1);
    expect(await layerErrors('src/domain/forms/layer-probe.ts', `import { notFound } from 'next/navigation';${use('notFound')}`)).toHaveLength(1);
    expect(await layerErrors('src/domain/forms/layer-probe.ts', `import { x } from '../../components/layout/x';${use('x')}`)).toHaveLength(1);
  });

  it('accepts imports inside src/domain', async () => {
    expect(await layerErrors('src/domain/layer-probe.ts', `import { localizedPath } from './paths';\nimport type { Locale } from '@/domain/language/locale';\nexport const home = (l: Locale) => localizedPath('/', l);\n`)).toEqual([]);
    expect(await layerErrors('src/domain/forms/layer-probe.ts', `import { PROFILE_COOKIE } from '../consent';${use('PROFILE_COOKIE')}`)).toEqual([]);
  });

  it('refuses server code and routes in src/components, type imports too', async () => {
    const file = 'src/components/layout/layer-probe.tsx';
    expect(await layerErrors(file, `import { getLayoutData } from '@/server/site/layout-queries';${use('getLayoutData')}`)).toHaveLength(1);
    expect(await layerErrors(file, `import type { Db } from '../../server/db';\nexport type D = Db;\n`)).toHaveLength(1);
    expect(await layerErrors(file, `import { x } from '@/app/admin/(staff)/accounts/_actions';${use('x')}`)).toHaveLength(1);
  });

  it('accepts domain, GraphQL documents and other components in src/components', async () => {
    const code = `import type { LayoutData } from '@/domain/content/layout';\nimport { DISCLAIMER_POPUP_QUERY } from '@/graphql/operations';\nimport { NavLink } from './nav-link';\nexport type L = LayoutData;\nexport const used = [DISCLAIMER_POPUP_QUERY, NavLink];\n`;
    expect(await layerErrors('src/components/layout/layer-probe.tsx', code)).toEqual([]);
  });

  it('refuses components and routes in src/server, and accepts server and domain imports', async () => {
    const file = 'src/server/funds/layer-probe.ts';
    expect(await layerErrors(file, `import type { X } from '@/components/layout/x';\nexport type Y = X;\n`)).toHaveLength(1);
    expect(await layerErrors('src/server/http/layer-probe.tsx', `import { FundRoute } from '../../app/[locale]/[profile]/funds/[fundSlug]/fund-route';${use('FundRoute')}`)).toHaveLength(1);
    expect(await layerErrors(file, `import { getDb } from '@/server/db';\nimport { news } from '../db/schema';\nimport { formatDate } from '@/domain/language/format';${use('[getDb, news, formatDate]')}`)).toEqual([]);
  });
});

/**
 * The back-office's primitives rule (eslint.config.mjs, UI_PRIMITIVE_RULES): a raw table, button,
 * input, select or textarea under src/app/admin or src/components/admin is an error; the same
 * elements inside src/components/ui are the primitives themselves.
 */
describe('production code has its own folder, runtime/ (issue 46)', { timeout: 60_000 }, () => {
  it('refuses an import of scripts/ in runtime/ and in next.config.ts, and accepts one of runtime/', async () => {
    expect(await layerErrors('runtime/layer-probe.mjs', `import { x } from '../scripts/bench';${use('x')}`)).toHaveLength(1);
    expect(await layerErrors('runtime/layer-probe.mjs', `import { x } from './shared-cache.mjs';${use('x')}`)).toEqual([]);
    expect(await layerErrors('next.config.ts', `import { x } from './scripts/e2e-build-copy';${use('x')}`)).toHaveLength(1);
  });

  it('keeps no module the server or Next loads under scripts/: the server, its helpers and the cache handler are in runtime/', () => {
    const scripts = readdirSync(path.join(ROOT, 'scripts'));
    // The launcher of `npm start` (build if needed, migrate, then the server) stays a command-line tool.
    expect(scripts.filter((name) => /\.(mjs|d\.mts)$/.test(name) && name !== 'start.mjs')).toEqual([]);
    const code = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const loaders = ['next.config.ts', ...readdirSync(path.join(ROOT, 'runtime')).filter((name) => name.endsWith('.mjs')).map((name) => `runtime/${name}`)];
    expect(loaders.filter((file) => /['"`](?:\.\.?\/)*scripts\//.test(code(file)))).toEqual([]);
    expect(code('next.config.ts')).toContain("path.resolve('runtime/page-tags-cache-handler.mjs')");
  });
});

describe('the back-office draws with src/components/ui', { timeout: 240_000 }, () => {
  const rawErrors = (messages: ESLint.LintResult['messages']) => messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('src/components/ui'));

  it('refuses the raw elements of a fixture, as a screen and as an admin component', async () => {
    const code = readFileSync(fileURLToPath(new URL('../tests/fixtures/ui-primitives/raw-elements.tsx', import.meta.url)), 'utf8');
    for (const filePath of ['src/app/admin/(staff)/probe/page.tsx', 'src/components/admin/probe.tsx']) {
      const [result] = await eslint.lintText(code, { filePath });
      expect(rawErrors(result?.messages ?? [])).toHaveLength(5);
    }
  });

  it('accepts them inside src/components/ui', async () => {
    const code = readFileSync(fileURLToPath(new URL('../tests/fixtures/ui-primitives/raw-elements.tsx', import.meta.url)), 'utf8');
    const [result] = await eslint.lintText(code, { filePath: 'src/components/ui/probe.tsx' });
    expect(rawErrors(result?.messages ?? [])).toEqual([]);
  });

  it('holds on the real tree', async () => {
    const results = await eslint.lintFiles(['src/app/admin', 'src/components/admin']);
    const offenders = results.flatMap((r) => rawErrors(r.messages).map((m) => `${r.filePath}:${m.line}`));
    expect(results.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});

type Cruise = { code: number; output: string };

/** `depcruise <target> --config .dependency-cruiser.cjs [...]`, as the lint step runs it. */
function depcruise(target: string, ...extra: string[]): Promise<Cruise> {
  const bin = path.join(ROOT, 'node_modules/.bin/depcruise');
  return new Promise((resolve) => {
    execFile(bin, [target, '--config', '.dependency-cruiser.cjs', ...extra], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // It exits with the number of errors found.
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('no import cycle (.dependency-cruiser.cjs)', { timeout: 120_000 }, () => {
  it('fails on a two-module cycle, a dynamic import in a typed callback included', async () => {
    const { code, output } = await depcruise('tests/fixtures/import-cycle/runtime');
    expect(code).not.toBe(0);
    expect(output).toContain('no-circular');
    expect(output).toContain('tests/fixtures/import-cycle/runtime/opens.ts');
    expect(output).toContain('tests/fixtures/import-cycle/runtime/starts.ts');
  });

  it('fails on a cycle closed by a type-only import: types count', async () => {
    const { code, output } = await depcruise('tests/fixtures/import-cycle/types');
    expect(code).not.toBe(0);
    expect(output).toContain('no-circular');
    expect(output).toContain('tests/fixtures/import-cycle/types/map.ts');
  });

  it('passes on src, having read every module of it', async () => {
    const before = sourceFiles('src');
    const { code, output } = await depcruise('src', '--output-type', 'json');
    expect(code, output.slice(0, 4000)).toBe(0);
    const result = JSON.parse(output) as { modules: { source: string }[]; summary: { error: number } };
    expect(result.summary.error).toBe(0);
    // A cruiser that could not read TypeScript (or resolve `@/`) would pass on an empty graph.
    const cruised = new Set(result.modules.map((m) => m.source));
    expect(before.filter((file) => !cruised.has(file) && existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
