/**
 * `npm run bench`: builds, starts the production server on a fresh database, and prints one table:
 * throughput and p99 (autocannon, 20 connections, 10 s, asking for compression as a browser does)
 * of the layout query (per investor profile) and of each kind of page (the fund range plain and
 * filtered included) against a prerendered page and a static file of the same server, the bytes
 * each answer took on the wire, the first-load JS (gzip) of each page, and Lighthouse (mobile)
 * scores (median of BENCH_LIGHTHOUSE_RUNS=5 runs, on a first and on a returning visit, for the home
 * page, the fund range, a fund page and a share page) beside those of a bare Next.js page built in
 * the same run (scripts/bench-bare.ts), measured interleaved with ours, and the cached pages through
 * Varnish against the app alone (scripts/bench-shared-cache.ts, BENCH_VARNISH=0 skips it), and last
 * the fund alerts' digests of BENCH_SUBSCRIBERS (100,000) subscribers against a cached page's p99
 * (scripts/bench-alert-digests.ts, on a server of its own; BENCH_ALERTS=0 skips it). Figures are
 * printed and written to bench-results/latest.json (and alert-digests.json); nothing here passes or fails.
 *
 * BENCH_ROUNDS=n (default 1) measures every target n times, one round after another, so that a
 * busy machine weighs on all targets alike: the table gives the median of the rounds, each ratio
 * taken against the prerendered page of its own round. BENCH_LIGHTHOUSE=0 skips Lighthouse, BENCH_LOAD=0
 * the load measurements (Lighthouse alone). On Linux
 * it also gives the server's CPU time per request of each target and its ratio to the prerendered
 * page's: throughput on one core, far less disturbed by other programs than req/s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { LAYOUT_QUERY, LAYOUT_VARIABLES } from '@/graphql/operations';
import { buildBareApp, startBareApp, type BareApp } from './bench-bare';
import { lighthouseRun, type LighthouseRun, type VisitKind } from './bench-lighthouse';
import { BROWSER_HEADERS, serverCpuMs, waitForHealth } from './bench-server';
import { benchSharedCache, printSharedCache, type SharedCacheRow } from './bench-shared-cache';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const PROFILES = ['RETAIL', 'INSTIT', 'CGP'] as const;
/** The pages Lighthouse measures, each on a first and on a returning visit. */
const LIGHTHOUSE_PAGES = ['home page', 'fund range', 'fund page', 'share page'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Target = { name: string; path: string; method?: 'GET' | 'POST'; body?: string; page: boolean };
type Row = {
  name: string;
  path: string;
  status: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  ratioToPrerendered: number | null;
  p99ToStatic: number | null;
  /** The server's CPU time per request (Linux: /proc), the figure a busy machine disturbs least. */
  serverCpuMsPerRequest: number | null;
  /** The prerendered page's CPU per request over this target's: the throughput ratio on one core. */
  cpuRatioToPrerendered: number | null;
  /** Each round's req/s and p99, when BENCH_ROUNDS > 1. */
  rounds: { requestsPerSecond: number; p99Ms: number }[];
  /** Bytes of one answer on the wire (compressed when the server compresses it). */
  wireKb: number;
  firstLoadJsGzipKb: number | null;
};

function startServer(): ChildProcess {
  const dir = path.join(root, '.data', 'bench');
  rmSync(dir, { recursive: true, force: true });
  // A fresh database, and no page another run cached (with its own data and PUBLIC_BASE_URL).
  rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), LISTEN_HOST: '127.0.0.1', PGLITE_DIR: dir, SKIP_BUILD: '1', PUBLIC_BASE_URL: BASE },
  });
}

/** Scripts a modern browser loads: `noModule` polyfills are skipped by every browser the site supports. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/\snomodule/i.test(attrs))
    .map((attrs) => attrs.match(/\ssrc="([^"]+)"/)?.[1])
    .filter((src): src is string => !!src && src.startsWith('/'));
}

async function firstLoadJs(pagePath: string): Promise<number> {
  const html = await (await fetch(BASE + pagePath)).text();
  let total = 0;
  for (const src of new Set(scriptsOf(html))) {
    const body = Buffer.from(await (await fetch(BASE + src)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return Math.round((total / 1024) * 10) / 10;
}


async function load(target: Target, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: BASE + target.path,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.body ? { ...BROWSER_HEADERS, 'content-type': 'application/json' } : BROWSER_HEADERS,
    connections: CONNECTIONS,
    duration,
  });
}

const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
/** BENCH_LIGHTHOUSE_PAGES="home page,share page" measures only those (quick runs). */
const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? PORT + 1);

type LighthouseComparison = { ours: LighthouseRun[]; bare: LighthouseRun[] };

/** The median of a category (or `tbt`) over runs. */
const medianOf = (runs: LighthouseRun[], key: string) => median(runs.map((r) => r[key] ?? 0));

/**
 * LIGHTHOUSE_RUNS runs of our page and of the bare page, interleaved (bare, ours, bare, ours…) so
 * that whatever else the machine does in these minutes weighs on both alike.
 */
async function lighthouseCompared(url: string, bareUrl: string, kind: VisitKind): Promise<LighthouseComparison> {
  const result: LighthouseComparison = { ours: [], bare: [] };
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    result.bare.push(await lighthouseRun(bareUrl, kind));
    result.ours.push(await lighthouseRun(url, kind));
  }
  return result;
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    const build = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // The floor, built before our server starts so that the two builds do not share the cores.
  const bareDir = process.env.BENCH_LIGHTHOUSE === '0' ? null : buildBareApp();
  const server = startServer();
  let bare: BareApp | null = null;
  try {
    if (bareDir) bare = await startBareApp(bareDir, BARE_PORT);
    await waitForHealth(BASE, 300_000);
    const probe = (await (
      await fetch(`${BASE}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ funds(locale: "fr") { url mainShare { url } } }' }),
      })
    ).json()) as { data: { funds: { url: string; mainShare: { url: string } | null }[] } };
    const fund = probe.data.funds.find((f) => f.mainShare && !f.mainShare.url.endsWith('/')) ?? probe.data.funds[0];
    const homeHtml = await (await fetch(`${BASE}/fr`)).text();
    const staticFile = scriptsOf(homeHtml)[0] ?? '/favicon.ico';
    const targets: Target[] = [
      ...PROFILES.map(
        (profile): Target => ({
          name: `layout query ${profile} (POST /graphql)`,
          path: '/graphql',
          method: 'POST',
          body: JSON.stringify({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: profile } }),
          page: false,
        }),
      ),
      { name: 'home page', path: '/fr', page: true },
      { name: 'fund range', path: '/fr/gamme-fonds', page: true },
      { name: 'fund range, one filter', path: '/fr/gamme-fonds?category=equities', page: true },
      { name: 'fund range, filter and sort', path: '/fr/gamme-fonds?sri=4&sort=ytd', page: true },
      { name: 'fund page', path: fund?.url ?? '/fr/funds', page: true },
      { name: 'share page', path: fund?.mainShare?.url ?? '/fr/funds', page: true },
      // The FinDatEx EMT of the whole range (docs/distribution-data.md), built once and then served from memory.
      { name: 'range EMT file (CSV)', path: '/e/fr/data/findatex/emt.csv', page: false },
      // A content page rendered once at its first request and then served from Next's cache (ISR).
      { name: 'prerendered page', path: process.env.BENCH_PRERENDERED ?? '/fr/mentions-legales', page: true },
      { name: 'static file', path: staticFile, page: false },
    ];
    const results = new Map<string, { status: number; results: autocannon.Result[]; cpu: number[] }>();
    // Warm-up of every target first (render and compress once, let the JIT and the start's own work
    // settle), so that the first targets measured are not the ones paying for it.
    const measured = process.env.BENCH_LOAD === '0' ? [] : targets;
    for (const target of targets) await load(target, measured.length > 0 ? 5 : 1);
    for (let round = 0; round < ROUNDS && measured.length > 0; round++) {
      for (const target of measured) {
        const status = (await fetch(BASE + target.path, { method: target.method ?? 'GET', body: target.body, headers: target.body ? { 'content-type': 'application/json' } : undefined })).status;
        const cpuBefore = serverCpuMs(server);
        const result = await load(target, DURATION);
        const cpuAfter = serverCpuMs(server);
        const entry = results.get(target.name) ?? { status, results: [], cpu: [] };
        entry.results.push(result);
        if (cpuBefore !== null && cpuAfter !== null) entry.cpu.push((cpuAfter - cpuBefore) / Math.max(1, result.requests.total));
        results.set(target.name, entry);
        process.stderr.write(`[bench] round ${round + 1}/${ROUNDS} ${target.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms\n`);
      }
    }
    const prerendered = results.get('prerendered page')?.results.map((r) => r.requests.average) ?? [];
    const prerenderedCpuRuns = results.get('prerendered page')?.cpu ?? [];
    const prerenderedCpu = prerenderedCpuRuns.length > 0 ? median(prerenderedCpuRuns) : null;
    const staticP99 = results.get('static file')?.results.map((r) => r.latency.p99) ?? [];
    /** A target's p99 over the static file's in the same round (the tail-latency goal: within 2×). */
    const p99Ratios = (runs: autocannon.Result[]) => {
      const ratios = runs.map((r, i) => r.latency.p99 / (staticP99[i] ?? 0)).filter((r) => Number.isFinite(r));
      return ratios.length > 0 ? Math.round(median(ratios) * 10) / 10 : null;
    };
    const rows: Row[] = [];
    for (const target of measured) {
      const { status, results: runs, cpu } = results.get(target.name)!;
      const cpuMs = cpu.length > 0 ? median(cpu) : null;
      const result = runs[0]!;
      const ratios = runs.map((r, i) => r.requests.average / (prerendered[i] ?? 0)).filter((r) => Number.isFinite(r));
      rows.push({
        name: target.name,
        path: target.path,
        status,
        requestsPerSecond: Math.round(median(runs.map((r) => r.requests.average))),
        p99Ms: median(runs.map((r) => r.latency.p99)),
        non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
        ratioToPrerendered: ratios.length > 0 ? Math.round(median(ratios) * 100) / 100 : null,
        p99ToStatic: p99Ratios(runs),
        serverCpuMsPerRequest: cpuMs === null ? null : Math.round(cpuMs * 100) / 100,
        cpuRatioToPrerendered: cpuMs && prerenderedCpu ? Math.round((prerenderedCpu / cpuMs) * 100) / 100 : null,
        rounds: runs.map((r) => ({ requestsPerSecond: Math.round(r.requests.average), p99Ms: r.latency.p99 })),
        wireKb: Math.round((result.throughput.average / Math.max(result.requests.average, 1) / 1024) * 10) / 10,
        firstLoadJsGzipKb: target.page ? await firstLoadJs(target.path) : null,
      });
    }
    // The same cached pages through Varnish (deploy/varnish.vcl) against the app alone, 50 connections.
    const sharedCache: SharedCacheRow[] | string =
      measured.length === 0
        ? 'skipped (BENCH_LOAD=0)'
        : await benchSharedCache({
            appBase: BASE,
            appPort: PORT,
            varnishPort: Number(process.env.BENCH_VARNISH_PORT ?? PORT + 2),
            targets: targets.filter((t) => t.page && !t.name.includes('filter and sort')),
            duration: DURATION,
            cpu: () => serverCpuMs(server),
          });
    const lighthouse: Record<string, LighthouseComparison> = {};
    if (bare) {
      for (const target of targets.filter((t) => LIGHTHOUSE_PAGES.includes(t.name) && (!LIGHTHOUSE_ONLY || LIGHTHOUSE_ONLY.includes(t.name)))) {
        for (const kind of ['first visit', 'returning visit'] as const) {
          const compared = await lighthouseCompared(BASE + target.path, bare.url, kind);
          lighthouse[`${target.name}, ${kind}`] = compared;
          process.stderr.write(`[bench] Lighthouse ${target.name}, ${kind}: ours ${JSON.stringify(compared.ours)}, bare ${JSON.stringify(compared.bare)}\n`);
        }
      }
    }
    console.log(`\nBench: ${CONNECTIONS} connections, ${DURATION} s per target, ${ROUNDS} round(s) (median), ${new Date().toISOString()}\n`);
    console.log('| target | path | status | req/s | p99 ms | non-2xx | × prerendered | p99 × static | server CPU ms/req | CPU × prerendered | KB on the wire | first-load JS gzip KB |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${r.path} | ${r.status} | ${r.requestsPerSecond} | ${r.p99Ms} | ${r.non2xx} | ${r.ratioToPrerendered ?? ''} | ${r.p99ToStatic ?? ''} | ${r.serverCpuMsPerRequest ?? ''} | ${r.cpuRatioToPrerendered ?? ''} | ${r.wireKb} | ${r.firstLoadJsGzipKb ?? ''} |`,
      );
    }
    printSharedCache(sharedCache, DURATION);
    if (Object.keys(lighthouse).length) {
      console.log(`\nLighthouse (mobile, simulated throttling), median of ${LIGHTHOUSE_RUNS} runs each, interleaved with a bare Next.js page (same next, react, react-dom)`);
      console.log('| page, visit | performance | bare | Δ points | each run (ours / bare) | TBT ms | bare TBT ms | TBT × bare | accessibility | best-practices | seo |');
      console.log('|---|---|---|---|---|---|---|---|---|---|---|');
      for (const [name, { ours, bare: floor }] of Object.entries(lighthouse)) {
        const [perf, barePerf, tbt, bareTbt] = [medianOf(ours, 'performance'), medianOf(floor, 'performance'), medianOf(ours, 'tbt'), medianOf(floor, 'tbt')];
        const runs = `${ours.map((r) => r.performance).join(',')} / ${floor.map((r) => r.performance).join(',')}`;
        const tbtRatio = bareTbt > 0 ? String(Math.round((tbt / bareTbt) * 10) / 10) : '';
        console.log(
          `| ${name} | ${perf} | ${barePerf} | ${perf - barePerf} | ${runs} | ${tbt} | ${bareTbt} | ${tbtRatio} | ${medianOf(ours, 'accessibility')} | ${medianOf(ours, 'best-practices')} | ${medianOf(ours, 'seo')} |`,
        );
      }
    }
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(path.join(root, 'bench-results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), rows, sharedCache, lighthouse }, null, 2));
  } finally {
    server.kill('SIGTERM');
    bare?.stop();
  }
  // The fund alerts' digests at scale, on a server and database of their own, against a cached page's p99.
  if (process.env.BENCH_ALERTS === '0') console.log('\nFund alert digests: skipped (BENCH_ALERTS=0)');
  else {
    console.log('\nFund alert digests (scripts/bench-alert-digests.ts)');
    spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/bench-alert-digests.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_ALERTS_PORT: process.env.BENCH_ALERTS_PORT ?? String(PORT + 3) },
    });
  }
}

await main();
