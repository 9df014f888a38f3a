/**
 * `npm run bench:import`: 10 years of daily NAVs for 20 shares (about 52,000 rows) against a freshly
 * seeded database, timed three ways:
 * - through the back-office services, as the screens and the import API run them: parse, preview
 *   (what would change), commit (one transaction with the recomputed figures, audited, published);
 * - the same file again (the idempotent pass: preview and commit find nothing to write);
 * - `npm run import:navs` on a corrected file (every NAV changed), the way an operator would run it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, toEpochDay } from '@/domain/dates';
import { funds } from '@/server/db/seed/fixtures/funds';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
// Before anything reads the environment: the bench's own database.
process.env.PGLITE_DIR = path.join(dir, 'db');
delete process.env.DATABASE_URL;
const env = { ...process.env };
const tsx = [path.join(root, 'node_modules/.bin/tsx'), '--conditions=react-server'];

const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

async function timeServices(csv: string) {
  const { parseNavCsv } = await import('@/domain/csv/navs');
  const { openDatabase } = await import('@/server/db/client');
  const { commitNavImport, previewNavImport } = await import('@/server/navs/import');
  const database = await openDatabase();
  const actor = { type: 'system', label: 'bench:import' } as const;
  const timings: Record<string, string> = {};
  try {
    for (const pass of ['first import', 'same file again']) {
      let started = process.hrtime.bigint();
      const parsed = parseNavCsv(csv);
      if (!parsed.ok) throw new Error(`the bench file is refused: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
      const parse = seconds(started);
      started = process.hrtime.bigint();
      const preview = await previewNavImport(database.db, parsed.rows);
      const previewTime = seconds(started);
      started = process.hrtime.bigint();
      const commit = await commitNavImport(database.db, parsed.rows, actor);
      const commitTime = seconds(started);
      if (!preview.ok || !commit.ok) throw new Error('the bench file was refused');
      timings[pass] =
        `parse ${parse.toFixed(2)} s, preview ${previewTime.toFixed(2)} s (${preview.added} new, ${preview.changed} changed), ` +
        `commit ${commitTime.toFixed(2)} s (${commit.written} written, ${commit.recomputed} shares recomputed); total ${(parse + previewTime + commitTime).toFixed(2)} s`;
    }
  } finally {
    await database.close();
  }
  return timings;
}

try {
  execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/db-migrate.ts'], { cwd: root, env, stdio: 'ignore' });
  // The 20 oldest shares (NAVs dated before a share's inception are stored but not used by the figures).
  const shares = funds
    .flatMap((f) => f.shares)
    .sort((a, b) => a.inceptionDate.localeCompare(b.inceptionDate))
    .slice(0, 20);
  const file = (factor: number) => {
    const lines = ['isin,date,nav'];
    for (const [i, share] of shares.entries()) {
      let nav = 100 + i;
      for (let day = '2016-11-21'; day <= '2026-11-20'; day = addDays(day, 1)) {
        const weekday = (((toEpochDay(day) + 3) % 7) + 7) % 7;
        if (weekday >= 5) continue;
        nav *= 1 + Math.sin(toEpochDay(day) * (i + 1)) * 0.004;
        lines.push(`${share.isinCode},${day},${(nav * factor).toFixed(4)}`);
      }
    }
    return lines;
  };
  const lines = file(1);
  const csv = `${lines.join('\n')}\n`;

  const timings = await timeServices(csv);
  console.log(`back-office preview + commit of ${lines.length - 1} rows for ${shares.length} shares:`);
  for (const [pass, text] of Object.entries(timings)) console.log(`  ${pass}: ${text}`);

  const corrected = path.join(dir, 'navs-corrected.csv');
  writeFileSync(corrected, `${file(1.001).join('\n')}\n`);
  const started = process.hrtime.bigint();
  const output = execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/import-navs.ts', corrected], { cwd: root, env, encoding: 'utf8' });
  console.log(output.trim());
  console.log(`import:navs of ${lines.length - 1} corrected rows for ${shares.length} shares: ${seconds(started).toFixed(2)} s wall clock (process start included)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
