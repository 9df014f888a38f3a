/**
 * `npm run bench:import`: times `npm run import:navs` on 10 years of daily NAVs for 20 shares
 * (about 52,000 rows) against a freshly seeded database, the way an operator would run it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, toEpochDay } from '@/domain/dates';
import { funds } from '@/server/db/seed/fixtures/funds';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
const env = { ...process.env, PGLITE_DIR: path.join(dir, 'db') };
const tsx = [path.join(root, 'node_modules/.bin/tsx'), '--conditions=react-server'];

try {
  execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/db-migrate.ts'], { cwd: root, env, stdio: 'ignore' });
  // The 20 oldest shares (NAVs dated before a share's inception are stored but not used by the figures).
  const shares = funds
    .flatMap((f) => f.shares)
    .sort((a, b) => a.inceptionDate.localeCompare(b.inceptionDate))
    .slice(0, 20);
  const lines = ['isin,date,nav'];
  for (const [i, share] of shares.entries()) {
    let nav = 100 + i;
    for (let day = '2016-11-21'; day <= '2026-11-20'; day = addDays(day, 1)) {
      const weekday = (((toEpochDay(day) + 3) % 7) + 7) % 7;
      if (weekday >= 5) continue;
      nav *= 1 + Math.sin(toEpochDay(day) * (i + 1)) * 0.004;
      lines.push(`${share.isinCode},${day},${nav.toFixed(4)}`);
    }
  }
  const file = path.join(dir, 'navs.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const started = process.hrtime.bigint();
  const output = execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/import-navs.ts', file], { cwd: root, env, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(output.trim());
  console.log(`import:navs of ${lines.length - 1} rows for ${shares.length} shares: ${seconds.toFixed(2)} s wall clock (process start included)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
