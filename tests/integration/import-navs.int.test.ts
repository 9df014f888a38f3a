import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseNavCsv } from '../../src/domain/csv/navs';
import { addDays } from '../../src/domain/dates';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { commitNavImport } from '../../src/server/navs/import';

const cli = { type: 'system', label: 'test' } as const;
import { funds } from '../../src/server/db/seed/fixtures/funds';

const share = funds.flatMap((f) => f.shares).find((s) => s.inceptionDate < '2015-01-01');
if (!share) throw new Error('the demo has an old share');

async function state() {
  const db = await getDb();
  const [row] = await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, share!.isinCode));
  const [perf] = await db.select().from(t.sharePerformances).where(eq(t.sharePerformances.shareId, row!.id));
  const navCount = await db.$count(t.navs, eq(t.navs.shareId, row!.id));
  return { perf, navCount, shareId: row!.id };
}

describe('NAV import', () => {
  it('upserts NAVs and recomputes the share, as of the new last date', async () => {
    const db = await getDb();
    const before = await state();
    const last = before.perf!.asOf!;
    const next = addDays(last, 3);
    const lastNav = before.perf!.lastNav!;
    const parsed = parseNavCsv(`isin,date,nav\n${share.isinCode},${last},${lastNav}\n${share.isinCode},${next},${(lastNav * 1.1).toFixed(4)}\n`);
    if (!parsed.ok) throw new Error('valid file refused');
    const result = await commitNavImport(db, parsed.rows, cli, { riskFreeRate: 0.02 });
    expect(result).toMatchObject({ ok: true, rows: 2, added: 1, changed: 0, unchanged: 1, written: 1, recomputed: 1 });
    const after = await state();
    expect(after.navCount).toBe(before.navCount + 1);
    expect(after.perf!.asOf).toBe(next);
    // 1m return moves by the 10 % jump: (1 + r_after) = (1 + r_before) × 1.1 when the 1m start NAV is unchanged.
    expect(after.perf!.lastNav).toBeCloseTo(lastNav * 1.1, 3);
    expect(after.perf!.figures.creation).toBeCloseTo((1 + before.perf!.figures.creation!) * ((lastNav * 1.1) / lastNav) - 1, 3);
    // Restore for the next tests on a shared PostgreSQL.
    await db.delete(t.navs).where(eq(t.navs.date, next));
    const { recomputeShares } = await import('../../src/server/navs/recompute');
    await recomputeShares(db, [after.shareId], 0.02);
  });

  it('rejects a file naming an unknown ISIN whole, writing nothing', async () => {
    const db = await getDb();
    const before = await state();
    const parsed = parseNavCsv(`isin,date,nav\n${share.isinCode},2030-01-02,100\nFR0000000001,2030-01-02,100\n`);
    if (!parsed.ok) throw new Error('syntax is valid');
    const result = await commitNavImport(db, parsed.rows, cli, { riskFreeRate: 0.02 });
    expect(result).toMatchObject({ ok: false, errors: [{ line: 3, message: 'no share has the ISIN FR0000000001' }] });
    expect(await state()).toEqual(before);
  });

  it('runs as `npm run import:navs`, reporting a bad row with its line number', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'navs-'));
    const file = path.join(dir, 'bad.csv');
    writeFileSync(file, `isin,date,nav\n${share.isinCode},2026-13-01,100\n`);
    const run = promisify(execFile);
    const error = await run('npx', ['tsx', '--conditions=react-server', 'scripts/import-navs.ts', file], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, PGLITE_DIR: path.join(dir, 'db'), SEED_DEMO: 'false' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in error && error.code).toBe(1);
    expect('stderr' in error && error.stderr).toContain('line 2: "2026-13-01" is not a date in the form YYYY-MM-DD');
  }, 120_000);
});
