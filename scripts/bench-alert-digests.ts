/**
 * `npm run bench:alert-digests` (also the last part of `npm run bench`, BENCH_ALERTS=0 skips it): the
 * fund alerts' daily digests at scale, in the production server, against the page answers it gives
 * meanwhile (docs/operations.md "Fund alerts"). `npm run bench:alert-digests:pg` runs it on a
 * throwaway PostgreSQL cluster (scripts/with-postgres.sh), the production layout; without DATABASE_URL
 * it runs on a fresh PGlite folder.
 *
 * 1. In a fresh database (migrated and seeded with the demo), it writes BENCH_SUBSCRIBERS (default
 *    100,000) confirmed subscribers spread over the demo's (country, profile) audiences, languages and
 *    funds (one to three funds each, a third with the NAV summary), one INSERT … SELECT generate_series
 *    per table, and a day's publications (a KID per share and language, an event with its notices per
 *    fund, a dividend per fund): scripts/bench-alert-seed.ts.
 * 2. It starts the production build (`scripts/start.mjs`, SKIP_BUILD=1: run `npm run build` first) on
 *    that database, with ENABLE_SUBMISSION_INSPECTION so that `POST /api/test/alerts/digest` builds the
 *    digests due where the hourly worker would (src/server/alerts/digest-runner.ts: the serving process
 *    on PGlite, a process of its own on PostgreSQL).
 * 3. It loads a cached fund page (autocannon, BENCH_ALERTS_CONNECTIONS=10 connections) at a fixed rate:
 *    BENCH_ALERTS_LOAD (default 0.5) of the most the server answered in a 5-s warm-up at full speed. A
 *    server held at saturation answers slower for any other work on a two-core machine, whatever
 *    process does it; a site in production runs with room to spare (and the shared cache in front).
 *    The page is loaded in BENCH_ALERTS_QUIET_WINDOWS=3 windows of BENCH_ALERTS_DURATION=20 s with
 *    nothing else running, then in windows of the same length for the whole of a digest run triggered
 *    by that route, and the p99s are compared, worst window with worst window and median with median
 *    (one window's p99 varies by a third from one to the next on two cores). It prints errors and
 *    timeouts, the run's time, the resident memory of the serving process and of the digest process
 *    (sampled every 250 ms), and, read from the database once the server has stopped, the subscribers
 *    whose digest was built and the mails queued (no SMTP_URL: they stay in the outbox). A second run
 *    the same day must find nothing.
 *
 * Figures are printed and written to bench-results/alert-digests[-postgres].json; nothing here passes or fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seed } from './bench-alert-seed';
import { BROWSER_HEADERS, rssBytes, servingPid, serverRssBytes, waitForHealth } from './bench-server';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-alerts-'));
const POSTGRES = Boolean(process.env.DATABASE_URL);
// Before anything reads the environment: the bench's own database, shared with the server it starts.
if (!POSTGRES) process.env.PGLITE_DIR = path.join(dir, 'db');
const PORT = Number(process.env.BENCH_ALERTS_PORT ?? 3230);
const BASE = `http://127.0.0.1:${PORT}`;
process.env.PUBLIC_BASE_URL = BASE;
delete process.env.SMTP_URL;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_ALERTS_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_ALERTS_DURATION ?? 20);
const LOAD = Math.min(1, Math.max(0.05, Number(process.env.BENCH_ALERTS_LOAD ?? 0.5)));
/** Windows without a run: one window's p99 varies by a third from one to the next on two cores, so runs are compared with several. */
const QUIET_WINDOWS = Math.min(10, Math.max(1, Number(process.env.BENCH_ALERTS_QUIET_WINDOWS ?? 3)));

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

/** What the database holds once the server has stopped: digests built today and mails queued. */
async function outcome(dayStart: Date): Promise<{ digested: number; queued: number }> {
  const { openDatabase } = await import('@/server/db/client');
  const t = await import('@/server/db/schema');
  const { eq, gte, sql } = await import('drizzle-orm');
  const database = await openDatabase();
  try {
    const [{ n: digested } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.alertSubscribers).where(gte(t.alertSubscribers.lastDigestAt, dayStart));
    const [{ n: queued } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.mailOutbox).where(eq(t.mailOutbox.kind, 'fund-alerts'));
    return { digested: Number(digested), queued: Number(queued) };
  } finally {
    await database.close();
  }
}

/** POST without fetch's five-minute header timeout: a run of 100,000 subscribers may take longer. */
function post(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-length': '0' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Loads `url` for `duration` s, at `rate` requests per second in all (as fast as it answers when absent); its latencies and counts. */
function load(url: string, duration: number, rate?: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers: BROWSER_HEADERS, connections: CONNECTIONS, duration, ...(rate ? { overallRate: rate } : {}) }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The resident memory of the digest process the serving process started (on PostgreSQL), in bytes; 0 when none runs. */
function childrenRssBytes(starter: ChildProcess): number {
  const pid = servingPid(starter);
  if (!pid) return 0;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.reduce((sum, child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('alerts-digest') ? sum + (rssBytes(child) ?? 0) : sum;
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}

function startServer(): ChildProcess {
  // No page another run cached (with its own data and PUBLIC_BASE_URL).
  rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), LISTEN_HOST: '127.0.0.1', SKIP_BUILD: '1', ENABLE_SUBMISSION_INSPECTION: '1' },
  });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('no production build: run `npm run build` first');
  const now = new Date();
  const dayStart = new Date(now.toISOString().slice(0, 10) + 'T00:00:00Z');
  const written = await seed(now, SUBSCRIBERS);
  console.log(`${SUBSCRIBERS.toLocaleString('en')} subscribers, ${written.subscriptions.toLocaleString('en')} subscriptions over ${written.audiences} audiences, written in ${written.writeSeconds.toFixed(1)} s`);

  const server = startServer();
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let peakRss = 0;
  let peakChildRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, serverRssBytes(server) ?? 0);
    peakChildRss = Math.max(peakChildRss, childrenRssBytes(server));
  }, 250);
  try {
    await waitForHealth(BASE, 300_000);
    const probe = (await (
      await fetch(`${BASE}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ funds(locale: "fr") { url } }' }) })
    ).json()) as { data: { funds: { url: string }[] } };
    const page = BASE + (probe.data.funds[0]?.url ?? '/fr');
    // Cached and warmed (render once, let the JIT and the start's own work settle).
    const warm = await load(page, 5);
    const rate = Math.max(1, Math.round(warm.requests.average * LOAD));
    const rssBefore = serverRssBytes(server);
    peakRss = rssBefore ?? 0;
    const quietWindows: autocannon.Result[] = [];
    for (let i = 0; i < QUIET_WINDOWS; i += 1) quietWindows.push(await load(page, DURATION, rate));
    const peakQuiet = peakRss;
    const started = process.hrtime.bigint();
    let settled = false;
    let runSeconds = 0;
    const digest = post(`${BASE}/api/test/alerts/digest`).finally(() => {
      settled = true;
      runSeconds = seconds(started);
    });
    // Fixed windows of DURATION s while the run lasts (a load stopped midway reported nothing): every
    // window counts, the last one may end after the run; the worst window's p99 is what is compared.
    const windows: autocannon.Result[] = [];
    while (!settled) windows.push(await load(page, DURATION, rate));
    const run = await digest;
    const worstOf = (list: autocannon.Result[]) => list.reduce((worst, w) => (w.latency.p99 > worst.latency.p99 ? w : worst));
    const medianOf = (list: autocannon.Result[]) => [...list.map((w) => w.latency.p99)].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;
    const busy = worstOf(windows);
    const quiet = worstOf(quietWindows);
    const medianP99 = medianOf(windows);
    const quietMedianP99 = medianOf(quietWindows);
    const peakDuring = peakRss;
    const again = await post(`${BASE}/api/test/alerts/digest`);
    server.kill('SIGTERM');
    await exited;
    const { digested, queued } = await outcome(dayStart);
    const ratioOf = (p99: number, base: number) => (base > 0 ? Math.round((p99 / base) * 100) / 100 : null);
    // Worst window against worst window, median against median.
    const ratio = ratioOf(busy.latency.p99, quiet.latency.p99);
    const medianRatio = ratioOf(medianP99, quietMedianP99);
    const result = {
      at: new Date().toISOString(),
      subscribers: SUBSCRIBERS,
      subscriptions: written.subscriptions,
      audiences: written.audiences,
      writeSeconds: Math.round(written.writeSeconds * 10) / 10,
      database: POSTGRES ? 'postgresql' : 'pglite',
      page: page.slice(BASE.length),
      connections: CONNECTIONS,
      loadShare: LOAD,
      ratePerSecond: rate,
      warmUpRequestsPerSecond: Math.round(warm.requests.average),
      quiet: {
        windows: quietWindows.map((w) => ({ requestsPerSecond: Math.round(w.requests.average), p50Ms: w.latency.p50, p99Ms: w.latency.p99, non2xx: w.non2xx, errors: w.errors, timeouts: w.timeouts })),
        worst: { requestsPerSecond: Math.round(quiet.requests.average), p50Ms: quiet.latency.p50, p99Ms: quiet.latency.p99, non2xx: quiet.non2xx, errors: quiet.errors, timeouts: quiet.timeouts },
        medianP99Ms: quietMedianP99,
      },
      duringDigest: {
        seconds: Math.round(runSeconds * 10) / 10,
        windows: windows.map((w) => ({ requestsPerSecond: Math.round(w.requests.average), p50Ms: w.latency.p50, p99Ms: w.latency.p99, non2xx: w.non2xx, errors: w.errors, timeouts: w.timeouts })),
        worst: { requestsPerSecond: Math.round(busy.requests.average), p50Ms: busy.latency.p50, p99Ms: busy.latency.p99, non2xx: busy.non2xx, errors: busy.errors, timeouts: busy.timeouts },
        medianP99Ms: medianP99,
      },
      p99Ratio: ratio,
      medianWindowP99Ratio: medianRatio,
      digest: { status: run.status, answer: run.body, seconds: Math.round(runSeconds * 10) / 10, subscribersDigested: digested, mailsQueued: queued, secondRun: again.body },
      serverRssMb: { before: Math.round((rssBefore ?? 0) / 1048576), peakWithoutRun: Math.round(peakQuiet / 1048576), peakDuringRun: Math.round(peakDuring / 1048576) },
      digestProcessPeakRssMb: Math.round(peakChildRss / 1048576),
    };
    console.log(`${result.database}; page ${result.page}, ${CONNECTIONS} connections at ${rate} req/s (${LOAD} of the ${result.warmUpRequestsPerSecond} req/s of the warm-up at full speed):`);
    console.log(`  without a digest run (${quietWindows.length} windows of ${DURATION} s): p99 by window ${quietWindows.map((w) => w.latency.p99).join(', ')} ms; worst: ${Math.round(quiet.requests.average)} req/s, p50 ${quiet.latency.p50} ms, p99 ${quiet.latency.p99} ms, non-2xx ${quiet.non2xx}`);
    console.log(`  during the digest run (${runSeconds.toFixed(1)} s, ${windows.length} windows of ${DURATION} s): p99 by window ${windows.map((w) => w.latency.p99).join(', ')} ms`);
    console.log(`  worst window: ${result.duringDigest.worst.requestsPerSecond} req/s, p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms, non-2xx ${busy.non2xx}, errors ${busy.errors}, timeouts ${busy.timeouts}; p99 × ${ratio ?? 'n/a'} the worst quiet window's; median window's p99 × ${medianRatio ?? 'n/a'} the quiet median`);
    console.log(`digest run (POST /api/test/alerts/digest, ${POSTGRES ? 'in a process of its own' : 'in the serving process'}): answer ${run.status} ${run.body}; ${digested.toLocaleString('en')} subscribers digested today, ${queued.toLocaleString('en')} mails queued, ${Math.round(digested / runSeconds)} subscribers/s`);
    console.log(`server RSS: ${mb(rssBefore)} before, peak ${mb(peakQuiet)} without the run, peak ${mb(peakDuring)} during it ${POSTGRES ? '' : " (PGlite's WebAssembly heap included)"}; digest process peak ${mb(peakChildRss || null)}`);
    console.log(`a second run the same day: ${again.status} ${again.body}`);
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(path.join(root, 'bench-results', POSTGRES ? 'alert-digests-postgres.json' : 'alert-digests.json'), JSON.stringify(result, null, 2));
  } finally {
    clearInterval(sampler);
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
