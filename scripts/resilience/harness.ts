/**
 * The resilience suite's server harness: builds once, starts the production server
 * (scripts/start.mjs → runtime/server.mjs) on a database of its own, polls /api/health, reads the
 * server's memory, and speaks raw HTTP where fetch cannot (chunked bodies, lying lengths, slow
 * clients, URLs fetch would normalize). Every part of the suite uses it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const DATA_DIR = path.join(root, '.data', 'resilience');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `next build`, unless SKIP_BUILD=1 (the build is then expected to be up to date). */
export function buildOnce(): void {
  if (process.env.SKIP_BUILD === '1') return;
  const build = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
}

export type AppOptions = {
  name: string;
  port: number;
  /** PGlite folder; ignored when databaseUrl is given. */
  pgliteDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
};

export type App = {
  name: string;
  port: number;
  base: string;
  process: ChildProcess;
  /** Everything the server printed (stdout and stderr), most recent last. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitHealthy(timeoutMs?: number): Promise<void>;
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** The Node process that serves (runtime/server.mjs), spawned by start.mjs. */
  serverPid(): number | null;
  /**
   * The server's memory in MB right after a full garbage collection, as it reports it: so two
   * readings compare what the process keeps, not when V8 last collected. Needs NODE_OPTIONS=--expose-gc
   * in the app's env (runtime/server.mjs then collects on SIGUSR2); null when it did not answer within 10 s.
   */
  memoryAfterGc(): Promise<MemoryReading | null>;
  /** Sends a signal and waits for the exit (SIGKILL after timeoutMs). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
};

/** Variables of the calling shell that would change what the server under test does. */
const CLEARED = [
  'DATABASE_URL',
  'PGLITE_DIR',
  'SMTP_URL',
  'SMTP_REQUIRE_TLS',
  'MAIL_FROM',
  'MAIL_TO',
  'ALERT_EMAIL',
  'RECAPTCHA_SITE_KEY',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_VERIFY_URL',
  'TRUSTED_PROXIES',
  'LISTEN_HOST',
  'LOCALES',
  'ROOT_REDIRECT',
  'SEED_DEMO',
  'DOCUMENT_CHECK',
  'ENABLE_ERROR_TEST_ROUTE',
  'ENABLE_SUBMISSION_INSPECTION',
  'GRAPHQL_MAX_DEPTH',
  'GRAPHQL_MAX_COST',
  'GRAPHQL_TIMEOUT_MS',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'NODE_OPTIONS',
];

export function appEnv(options: AppOptions): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete env[name];
  return {
    ...env,
    PORT: String(options.port),
    // The server listens on LISTEN_HOST; HOSTNAME is where it reaches itself (/api/internal/publish).
    LISTEN_HOST: '127.0.0.1',
    HOSTNAME: '127.0.0.1',
    SKIP_BUILD: '1',
    PUBLIC_BASE_URL: base,
    NEXT_TELEMETRY_DISABLED: '1',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { PGLITE_DIR: options.pgliteDir ?? path.join(DATA_DIR, options.name) }),
    ...options.env,
  };
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** What runtime/server.mjs prints after a collection (process.memoryUsage(), in MB). */
export type MemoryReading = { rss: number; heapUsed: number; external: number; arrayBuffers: number };

function killTree(child: ChildProcess): void {
  for (const pid of childrenOf(child.pid ?? 0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  child.kill('SIGKILL');
}

/** Servers still running when the suite ends (an exception, Ctrl-C) are killed with it. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) killTree(child);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(130));
}

export function startApp(options: AppOptions): App {
  const base = `http://127.0.0.1:${options.port}`;
  // No page another run cached (with its own data and base URL).
  rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: appEnv(options) });
  const output: string[] = [];
  const reports: MemoryReading[] = [];
  const verbose = process.env.RESILIENCE_VERBOSE === '1';
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const report = /\[server\] garbage collected (\{.*\})/.exec(line)?.[1];
        if (report) reports.push(JSON.parse(report) as MemoryReading);
        if (verbose) process.stderr.write(`[${options.name}] ${line}\n`);
      }
      if (output.length > 5000) output.splice(0, output.length - 5000);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let exitedYet = false;
  running.add(child);
  void exited.then(() => {
    exitedYet = true;
    running.delete(child);
  });

  const app: App = {
    name: options.name,
    port: options.port,
    base,
    process: child,
    output,
    exited,
    async waitHealthy(timeoutMs = 300_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (exitedYet) throw new Error(`${options.name}: the server exited before it was healthy:\n${output.slice(-30).join('\n')}`);
        const answer = await httpGet(`${base}/api/health`, 2000).catch(() => null);
        if (answer?.status === 200) return;
        await sleep(300);
      }
      throw new Error(`${options.name}: not healthy within ${timeoutMs} ms:\n${output.slice(-30).join('\n')}`);
    },
    async waitForOutput(pattern, timeoutMs) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const line = output.find((l) => pattern.test(l));
        if (line) return line;
        if (Date.now() > until) throw new Error(`${options.name}: no output matching ${pattern} within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    serverPid() {
      // start.mjs runs the migrations, then spawns runtime/server.mjs: that child serves.
      return child.pid ? (childrenOf(child.pid).at(-1) ?? null) : null;
    },
    async memoryAfterGc() {
      const server = app.serverPid();
      if (!server) return null;
      const seen = reports.length;
      process.kill(server, 'SIGUSR2');
      const until = Date.now() + 10_000;
      while (reports.length === seen) {
        if (Date.now() > until) return null;
        await sleep(50);
      }
      return reports[seen] ?? null;
    },
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      const started = Date.now();
      if (exitedYet) return { ...(await exited), ms: 0 };
      // start.mjs passes SIGTERM and SIGINT on to the server; SIGKILL must reach the server itself.
      if (signal === 'SIGKILL') killTree(child);
      else child.kill(signal);
      const timer = setTimeout(() => killTree(child), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return { ...result, ms: Date.now() - started };
    },
  };
  return app;
}

/**
 * A seeded PGlite folder made once (the first start migrates and seeds, which takes a while) and
 * copied for every server that needs a fresh database.
 */
export async function goldenPglite(port: number): Promise<string> {
  const golden = path.join(DATA_DIR, 'golden');
  if (existsSync(path.join(golden, 'PG_VERSION')) && process.env.RESILIENCE_REUSE_GOLDEN === '1') return golden;
  rmSync(golden, { recursive: true, force: true });
  // .ci/run names the folder the browser tests just seeded from empty with the same code and demo
  // (scripts/e2e.sh): a copy saves seeding it again, a minute or more of one core. Its factsheets
  // name the browser tests' address, which no case reads.
  const seeded = process.env.RESILIENCE_GOLDEN_FROM;
  if (seeded && existsSync(path.join(seeded, 'PG_VERSION'))) {
    cpSync(seeded, golden, { recursive: true });
    return golden;
  }
  const app = startApp({ name: 'golden', port, pgliteDir: golden });
  await app.waitHealthy();
  const stopped = await app.stop('SIGTERM', 60_000);
  if (stopped.code !== 0) process.stderr.write(`[resilience] the seeding server exited with ${stopped.code ?? stopped.signal}\n`);
  return golden;
}

export function freshPglite(golden: string, name: string): string {
  const dir = path.join(DATA_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  // The lock of a PGlite folder is `{folder}.lock` beside it (src/server/db/folder-lock.ts), so the
  // copy carries none; one a killed run left for this name would name a pid that may be reused.
  rmSync(`${dir}.lock`, { force: true });
  cpSync(golden, dir, { recursive: true });
  return dir;
}

/** Removes the databases of the run (≈ 70 MB each), keeping the seeded one for RESILIENCE_REUSE_GOLDEN. */
export function removeRunDatabases(): void {
  if (!existsSync(DATA_DIR)) return;
  for (const entry of readdirSync(DATA_DIR)) {
    if (entry !== 'golden') rmSync(path.join(DATA_DIR, entry), { recursive: true, force: true });
  }
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

export type SimpleAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

export function httpGet(url: string, timeoutMs: number, agent: http.Agent = keepAlive): Promise<SimpleAnswer> {
  return httpRequest(url, { method: 'GET' }, undefined, timeoutMs, agent);
}

export function httpRequest(
  url: string,
  options: http.RequestOptions,
  body: Buffer | string | undefined,
  timeoutMs: number,
  agent: http.Agent = keepAlive,
): Promise<SimpleAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls /api/health one request after another; `sample()` tells the worst latency since the last sample. */
export class HealthMonitor {
  private running = false;
  private loop: Promise<void> | null = null;
  private maxMs = 0;
  private count = 0;
  private latencies: number[] = [];
  private completed = 0;
  private bad: string[] = [];
  readonly statuses: { at: number; status: number }[] = [];
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly base: string,
    private readonly intervalMs = 25,
    private readonly timeoutMs = 5000,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const started = performance.now();
        let status = 0;
        try {
          status = (await httpGet(`${this.base}/api/health`, this.timeoutMs, this.agent)).status;
        } catch (error) {
          this.bad.push(error instanceof Error ? error.message : String(error));
        }
        const ms = performance.now() - started;
        this.maxMs = Math.max(this.maxMs, ms);
        this.count += 1;
        this.completed += 1;
        this.latencies.push(ms);
        this.statuses.push({ at: Date.now(), status });
        if (this.statuses.length > 100_000) this.statuses.splice(0, 50_000);
        if (status !== 200 && status !== 0) this.bad.push(`status ${status}`);
        await sleep(this.intervalMs);
      }
    })();
  }

  /**
   * Resolves once a poll that starts after this call has completed (so the one in flight has too):
   * a slow poll that straddles the end of a case is then counted for that case, not the next one.
   */
  async nextPoll(timeoutMs = 10_000): Promise<void> {
    const target = this.completed + 2; // the one in flight (if any), then one started after now
    const until = Date.now() + timeoutMs;
    while (this.running && this.completed < target && Date.now() < until) await sleep(5);
  }

  /** Worst and 99th-percentile latency (ms), polls and failures since the previous sample. */
  sample(): { maxMs: number; p99Ms: number; count: number; failures: string[] } {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const p99 = sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0) : 0;
    const result = { maxMs: Math.round(this.maxMs), p99Ms: Math.round(p99), count: this.count, failures: this.bad };
    this.maxMs = 0;
    this.count = 0;
    this.latencies = [];
    this.bad = [];
    return result;
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.agent.destroy();
  }
}

export type Step = Buffer | string | { pauseMs: number };

export type RawResult = {
  /** Status of the first answer, 0 when none came. */
  status: number;
  /** The head of the first answer (status line and headers). */
  head: string;
  /** Milliseconds from the first byte sent to the status line received. */
  ms: number | null;
  /** The server closed the connection (with or without an answer). */
  closedByServer: boolean;
  closedMs: number | null;
  error?: string;
  /** Bytes of the request actually written before the answer or the close. */
  written: number;
};

/**
 * Sends bytes over a bare TCP connection, step by step (pauses between steps), and reads the first
 * answer's status line. Writing stops as soon as an answer arrives or the server closes.
 */
export function rawExchange(port: number, steps: Step[] | (() => AsyncIterable<Step>), timeoutMs: number): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const started = performance.now();
    let received = Buffer.alloc(0);
    let status = 0;
    let head = '';
    let ms: number | null = null;
    let closedByServer = false;
    let closedMs: number | null = null;
    let error: string | undefined;
    let written = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, head, ms, closedByServer, closedMs, error, written });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      if (status) return;
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        head = received.subarray(0, end).toString('latin1');
        status = Number(head.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0);
        ms = performance.now() - started;
        // Let the close come when the server closes right after its answer (Connection: close).
        setTimeout(finish, 50);
      }
    });
    socket.on('end', () => {
      closedByServer = true;
      closedMs = performance.now() - started;
      finish();
    });
    socket.on('error', (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
      if (!done && closedMs === null) {
        closedByServer = error === 'ECONNRESET' || error === 'EPIPE';
        closedMs = performance.now() - started;
      }
      // A reset may come with the answer still unread; give it a moment.
      setTimeout(finish, 20);
    });
    socket.on('connect', async () => {
      const iterable: Iterable<Step> | AsyncIterable<Step> = typeof steps === 'function' ? steps() : steps;
      try {
        for await (const step of iterable) {
          if (done || status || closedMs !== null) break;
          if (typeof step === 'string' || Buffer.isBuffer(step)) {
            const bytes = typeof step === 'string' ? Buffer.from(step, 'latin1') : step;
            written += bytes.length;
            if (!socket.write(bytes)) {
              await new Promise<void>((r) => {
                const go = () => {
                  socket.off('drain', go);
                  socket.off('close', go);
                  r();
                };
                socket.on('drain', go);
                socket.on('close', go);
              });
            }
          } else {
            await sleep(step.pauseMs);
          }
        }
      } catch (e) {
        error ??= e instanceof Error ? e.message : String(e);
      }
    });
  });
}

/** A request head in HTTP/1.1 (Host and Connection: close added). */
export function head(method: string, target: string, headers: Record<string, string | number> = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** A whole request with a body and its true Content-Length. */
export function request(method: string, target: string, body: string | Buffer = '', headers: Record<string, string | number> = {}): Step[] {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const withLength = method === 'GET' && bytes.length === 0 ? headers : { ...headers, 'Content-Length': bytes.length };
  return [head(method, target, withLength), bytes];
}

/** `total` bytes of `fill`, in 64 KB chunks, as chunked transfer encoding (no Content-Length). */
export function* chunkedBody(total: number, fill = 'a'): Generator<Step> {
  const size = 64 * 1024;
  const piece = Buffer.alloc(size, fill);
  for (let sent = 0; sent < total; sent += size) {
    yield Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  }
  yield '0\r\n\r\n';
}

/** A table in Markdown, padded for a terminal. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.min(70, Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length))));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export type Outcome = { part: string; name: string; expected: string; observed: string; pass: boolean };

export type SiteSample = { homeUrl: string; fundUrl: string; fundSlug: string; shareUrl: string; isin: string; documentUrl: string; newsUrl: string };

/** Real URLs of the seeded site: a fund, its main share, one of its documents, a news item. */
export async function discover(base: string): Promise<SiteSample> {
  const answer = await httpRequest(
    `${base}/graphql`,
    { method: 'POST', headers: { 'content-type': 'application/json' } },
    JSON.stringify({
      query: '{ funds(locale: "fr") { slug url documents { url } mainShare { url isinCode documents { url } } } news(locale: "fr", limit: 30) { items { route routeType } } }',
    }),
    30_000,
  );
  const data = (JSON.parse(answer.body.toString('utf8')) as {
    data?: {
      funds: { slug: string; url: string; documents: { url: string }[]; mainShare: { url: string; isinCode: string; documents: { url: string }[] } | null }[];
      news?: { items: { route: string; routeType: string }[] };
    };
    errors?: unknown;
  }).data;
  if (!data) throw new Error(`discovery query failed: ${answer.body.toString('utf8').slice(0, 500)}`);
  const fund = data.funds.find((f) => f.mainShare && f.documents.length > 0) ?? data.funds[0];
  if (!fund?.mainShare) throw new Error('the seed has no fund with a main share');
  const documentUrl = fund.documents[0]?.url ?? fund.mainShare.documents[0]?.url;
  if (!documentUrl) throw new Error('the seed has no fund document');
  const local = (url: string) => new URL(url, base).pathname;
  return {
    homeUrl: '/fr',
    fundUrl: local(fund.url),
    fundSlug: fund.slug,
    shareUrl: local(fund.mainShare.url),
    isin: fund.mainShare.isinCode,
    documentUrl: local(documentUrl),
    // An article of the site (not an external link nor a document).
    newsUrl: local(data.news?.items.find((n) => n.routeType === 'plain')?.route ?? '/fr/actualites'),
  };
}

/** Which of `ids` are stored as form submissions (the server must be stopped when the database is PGlite). */
export async function storedSubmissions(target: { pgliteDir: string } | { databaseUrl: string }, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (ids.length === 0) return found;
  const sql = 'select id::text as id from form_submission where id = any($1::uuid[])';
  if ('databaseUrl' in target) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      for (const row of (await client.query<{ id: string }>(sql, [ids])).rows) found.add(row.id);
    } finally {
      await client.end();
    }
    return found;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(target.pgliteDir);
  try {
    for (const row of (await db.query<{ id: string }>(sql, [ids])).rows) found.add(row.id);
  } finally {
    await db.close();
  }
  return found;
}

/** A contact-form submission as the site's form posts it (multipart), with `marker` in its message. */
export function contactForm(marker: string): { body: Buffer; contentType: string } {
  const boundary = `----resilience${marker.replace(/[^A-Za-z0-9]/g, '').slice(0, 40)}`;
  const fields: Record<string, string> = {
    locale: 'fr',
    civility: 'MS',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    subject: 'Resilience test',
    content: `Message ${marker}`,
    validation: 'on',
  };
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}
