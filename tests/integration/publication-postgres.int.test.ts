import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { parseNavCsv } from '../../src/domain/csv/navs';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { commitNavImport } from '../../src/server/navs/import';
import { recomputeShares } from '../../src/server/navs/recompute';

const url = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');
const share = funds.flatMap((f) => f.shares)[0];
if (!share) throw new Error('the demo has shares');

type Line = { ready?: boolean; scope?: Record<string, unknown>; lastPrice: { date: string; nav: number } | null };

/** Starts the other process and returns a way to wait for the first line it prints that matches. */
function startListener(): { child: ChildProcessWithoutNullStreams; next: (match: (line: Line) => boolean, ms?: number) => Promise<Line> } {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'tests/support/change-listener.ts', share!.isinCode], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
  });
  const lines: Line[] = [];
  const waiters: { match: (line: Line) => boolean; resolve: (line: Line) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as Line;
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.match(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const next = (match: (line: Line) => boolean, ms = 10_000) =>
    new Promise<Line>((resolve, reject) => {
      const seen = lines.find(match);
      if (seen) {
        lines.splice(lines.indexOf(seen), 1);
        resolve(seen);
        return;
      }
      const timer = setTimeout(() => reject(new Error(`the other process did not report it within ${ms} ms; its stderr: ${stderr}`)), ms);
      waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  return { child, next };
}

async function importNav(date: string, nav: number) {
  const parsed = parseNavCsv(`isin,date,nav\n${share!.isinCode},${date},${nav}\n`);
  if (!parsed.ok) throw new Error('valid file');
  const result = await commitNavImport(await getDb(), parsed.rows, { type: 'system', label: 'test' });
  expect(result).toMatchObject({ ok: true, written: 1 });
}

let child: ChildProcessWithoutNullStreams | undefined;

afterAll(async () => {
  child?.stdin.end();
  if (!url) return;
  const db = await getDb();
  const [row] = await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, share.isinCode));
  await db.delete(t.navs).where(and(eq(t.navs.shareId, row!.id), gt(t.navs.date, DEMO_AS_OF)));
  await recomputeShares(db, [row!.id], 0.02);
});

describe.skipIf(!url)('publication across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a change committed in one process is seen by another within seconds, also after its connection was cut', async () => {
    const listener = startListener();
    child = listener.child;
    const ready = await listener.next((l) => l.ready === true, 60_000);
    expect(ready.lastPrice?.date).toBe(DEMO_AS_OF);

    const day1 = addDays(DEMO_AS_OF, 3);
    await importNav(day1, 111.11);
    const seen = await listener.next((l) => l.lastPrice?.date === day1);
    expect(seen.lastPrice).toEqual({ date: day1, nav: 111.11 });
    expect(seen.scope).toEqual({ funds: [{ slug: funds.find((f) => f.shares.includes(share))?.slug, shares: [share.slug] }] });

    // The listener's connection is cut: it reconnects, drops everything once (it may have missed
    // changes), and hears the next change.
    const db = await getDb();
    await db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'fundhouse-test-listener'`);
    await listener.next((l) => l.scope?.all === true, 20_000);
    const day2 = addDays(DEMO_AS_OF, 4);
    await importNav(day2, 112.22);
    expect((await listener.next((l) => l.lastPrice?.date === day2)).lastPrice).toEqual({ date: day2, nav: 112.22 });
  }, 120_000);
});
