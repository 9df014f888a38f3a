/**
 * `npm run bench:findatex`: the FinDatEx files of a catalog of 1,000 share classes (issue 32). A
 * freshly migrated and seeded database gets copies of the demo's share classes, each with its own
 * ISIN, its distribution data, the latest month of its PRIIPs scenarios and a KID, until it holds
 * 1,000; then each template's file for every active share is built once from a cold cache, and
 * written as CSV and as XLSX. The build must take under 2 s (the bound); the figures printed
 * are this machine's, to compare with each other, not with another machine's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-findatex-'));
process.env.PGLITE_DIR = path.join(dir, 'db');
delete process.env.DATABASE_URL;
const tsx = [path.join(root, 'node_modules/.bin/tsx'), '--conditions=react-server'];
const TARGET = Number(process.env.BENCH_SHARES ?? 1000);
const BOUND_S = 2;

const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

async function main() {
  execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/db-migrate.ts'], { cwd: root, env: process.env, stdio: 'ignore' });
  const { desc, eq } = await import('drizzle-orm');
  const { isinWithCheckDigit } = await import('@/domain/funds/isin');
  const { openDatabase } = await import('@/server/db/client');
  const t = await import('@/server/db/schema');
  const { clearMemoryCaches } = await import('@/server/cache/registry');
  const { findatexRange, rangeFile } = await import('@/server/distribution/findatex');
  const database = await openDatabase();
  const { db } = database;
  try {
    const shares = await db.select().from(t.shares).where(eq(t.shares.active, true));
    const distributions = new Map((await db.select().from(t.shareDistributions)).map((d) => [d.shareId, d.data]));
    const kids = await db.select().from(t.documents).where(eq(t.documents.documentTypeCode, 'KIID'));
    const models = shares.filter((s) => distributions.has(s.id));
    const copies = TARGET - shares.length;
    for (let start = 0; start < copies; start += 100) {
      const batch = Array.from({ length: Math.min(100, copies - start) }, (_, k) => start + k);
      const inserted = await db
        .insert(t.shares)
        .values(
          batch.map((i) => {
            const model = models[i % models.length] as (typeof models)[number];
            const { id: _id, ...row } = model;
            return { ...row, slug: `${model.slug}-copy-${i}`, isinCode: isinWithCheckDigit(`XS${String(900_000_000 + i)}`), isMain: false, position: 100 + i };
          }),
        )
        .returning({ id: t.shares.id, slug: t.shares.slug });
      for (const [k, row] of inserted.entries()) {
        const model = models[(batch[k] as number) % models.length] as (typeof models)[number];
        await db.insert(t.shareDistributions).values({ shareId: row.id, data: distributions.get(model.id) as NonNullable<ReturnType<typeof distributions.get>> });
        const [latest] = await db.select({ month: t.performanceScenarios.month }).from(t.performanceScenarios).where(eq(t.performanceScenarios.shareId, model.id)).orderBy(desc(t.performanceScenarios.month)).limit(1);
        if (latest) {
          const figures = await db.select().from(t.performanceScenarios).where(eq(t.performanceScenarios.shareId, model.id));
          const month = figures.filter((f) => f.month === latest.month).map((f) => ({ ...f, shareId: row.id }));
          if (month.length) await db.insert(t.performanceScenarios).values(month);
        }
        const kid = kids.find((d) => d.shareId === model.id && d.locale === 'fr');
        if (kid) {
          const { id: _kid, ...doc } = kid;
          await db.insert(t.documents).values({ ...doc, shareId: row.id, replacesId: null, data: Buffer.from('%PDF-1.4 bench') });
        }
      }
    }
    const total = (await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.active, true))).length;
    console.log(`FinDatEx files of ${total} active share classes (${models.length} demo share classes copied), cold cache each time:`);
    const lines: string[] = [];
    let worst = 0;
    for (const version of ['emt-4.3', 'ept-2.1', 'eet-1.1.2', 'emt-4.2'] as const) {
      clearMemoryCaches(['funds']);
      // The catalog first, as the site holds it already when a distributor asks; then the build alone.
      const { rawCatalog } = await import('@/server/funds/catalog');
      let started = process.hrtime.bigint();
      await rawCatalog(db);
      const catalog = seconds(started);
      started = process.hrtime.bigint();
      const range = await findatexRange(db, 'fr', null, version);
      const build = seconds(started);
      started = process.hrtime.bigint();
      const csv = await rangeFile(range, 'csv');
      const csvTime = seconds(started);
      started = process.hrtime.bigint();
      const xlsx = await rangeFile(range, 'xlsx');
      const xlsxTime = seconds(started);
      worst = Math.max(worst, build);
      lines.push(
        `| ${version} | ${range.index.size} | ${range.excluded.length} | ${catalog.toFixed(2)} | ${build.toFixed(2)} | ${csvTime.toFixed(2)} (${Math.round(csv.body.byteLength / 1024)} KB) | ${xlsxTime.toFixed(2)} (${Math.round(xlsx.body.byteLength / 1024)} KB) |`,
      );
    }
    console.log('| template | rows served | left out | catalog load s | build s | CSV s (size) | XLSX s (size) |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const line of lines) console.log(line);
    console.log(`slowest build: ${worst.toFixed(2)} s (bound: ${BOUND_S} s) — ${worst < BOUND_S ? 'within' : 'OVER'} the bound`);
    if (worst >= BOUND_S) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
