/**
 * Faults: the mail server down then back, PostgreSQL restarted under load, a second process on the
 * PGlite folder, SIGTERM under load. Each is judged on what a visitor or the staff would see.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { decodeMail, startSmtpSink } from '../../tests/support/smtp-sink';
import {
  appEnv,
  contactForm,
  discover,
  freshPglite,
  HealthMonitor,
  httpRequest,
  root,
  sleep,
  startApp,
  storedSubmissions,
  type App,
  type Outcome,
} from './harness';
import { checkTargets, mixedLoad, summarize } from './load';
import { postgresBin, startCluster } from './postgres';

const SMTP_PORT = Number(process.env.RESILIENCE_SMTP_PORT ?? 23601);
const PG_PORT = Number(process.env.RESILIENCE_PG_PORT ?? 25600);

let clients = 0;
/** Posts the contact form as a new client (X-Forwarded-For, read with TRUSTED_PROXIES=1); the id it was given, if accepted. */
async function submit(app: App, marker: string): Promise<{ status: number; id?: string }> {
  const form = contactForm(marker);
  clients += 1;
  const answer = await httpRequest(
    `${app.base}/api/forms/contact`,
    { method: 'POST', headers: { 'content-type': form.contentType, 'x-forwarded-for': `10.200.${clients >> 8}.${clients & 255}` }, agent: false },
    form.body,
    30_000,
  );
  let id: string | undefined;
  try {
    id = (JSON.parse(answer.body.toString('utf8')) as { id?: string }).id;
  } catch {
    /* not JSON */
  }
  return { status: answer.status, id: answer.status === 200 ? id : undefined };
}

async function smtpDownThenBack(golden: string, port: number): Promise<Outcome> {
  const name = 'mail server down, then back';
  const expected = 'the form is accepted while SMTP is down; the mail is delivered exactly once after it is back';
  const app = startApp({ name: 'smtp', port, pgliteDir: freshPglite(golden, 'smtp'), env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, SMTP_REQUIRE_TLS: 'false', TRUSTED_PROXIES: '1' } });
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
  try {
    await app.waitHealthy();
    const marker = `smtp-${randomUUID()}`;
    const answer = await submit(app, marker);
    if (!answer.id) return { part: 'faults', name, expected, observed: `the form answered ${answer.status} while SMTP was down`, pass: false };
    // Structured log line (src/server/outbox/drain.ts): area outbox, "mail not sent, kept for a retry".
    await app.waitForOutput(/outbox.*mail not sent/, 30_000);
    const down = Date.now();
    sink = await startSmtpSink(SMTP_PORT);
    await sink.waitFor(marker, 120_000);
    const deliveredAfter = Math.round((Date.now() - down) / 1000);
    // The drain after another submission and at least one more tick of the outbox worker (every 10 s): no second copy.
    await submit(app, `smtp-after-${randomUUID()}`);
    await sleep(12_000);
    const copies = sink.mails.filter((m) => decodeMail(m.raw).includes(marker)).length;
    return {
      part: 'faults',
      name,
      expected,
      observed: `accepted (${answer.status}); delivered ${deliveredAfter} s after the SMTP server started; ${copies} cop${copies === 1 ? 'y' : 'ies'}`,
      pass: copies === 1,
    };
  } catch (error) {
    return { part: 'faults', name, expected, observed: error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error), pass: false };
  } finally {
    await app.stop('SIGTERM', 30_000);
    await sink?.stop();
  }
}

async function secondProcessOnPglite(golden: string, port: number): Promise<Outcome> {
  const name = 'a second process on the same PGlite folder';
  const expected = 'refused: non-zero exit within 20 s, with a message about the lock; the first server stays healthy';
  const pgliteDir = freshPglite(golden, 'lock');
  const app = startApp({ name: 'lock', port, pgliteDir });
  try {
    await app.waitHealthy();
    const started = Date.now();
    const second = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: appEnv({ name: 'lock-2', port: port + 1, pgliteDir }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    second.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    second.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const exit = await Promise.race([
      new Promise<number | null>((resolve) => second.on('exit', (code) => resolve(code))),
      sleep(30_000).then(() => 'running' as const),
    ]);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    if (exit === 'running') {
      try {
        process.kill(-(second.pid ?? 0), 'SIGKILL'); // its own process group: start.mjs and the server it spawned
      } catch {
        /* gone */
      }
    }
    const health = await httpRequest(`${app.base}/api/health`, { method: 'GET', agent: false }, undefined, 5000).catch(() => null);
    const lockMessage = output.split('\n').find((l) => /lock/i.test(l))?.trim();
    const observed =
      exit === 'running'
        ? `still running after 30 s (killed); first server health ${health?.status ?? 'none'}`
        : `exit ${exit} after ${seconds} s; ${lockMessage ? `"${lockMessage.slice(0, 120)}"` : 'no message about a lock'}; first server health ${health?.status ?? 'none'}`;
    return { part: 'faults', name, expected, observed, pass: exit !== 'running' && exit !== 0 && seconds <= 20 && !!lockMessage && health?.status === 200 };
  } finally {
    await app.stop('SIGTERM', 30_000);
  }
}

/** A form post whose body is half sent before SIGTERM and finished `delayMs` after. */
function slowSubmission(port: number, marker: string, signalled: Promise<void>, delayMs: number): Promise<{ status: number; id?: string; error?: string }> {
  const form = contactForm(marker);
  const half = Math.floor(form.body.length / 2);
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
    const done = (error?: string) => {
      const status = Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      const id = received.match(/"id":"([0-9a-f-]{36})"/)?.[1];
      resolve({ status, id: status === 200 ? id : undefined, error });
    };
    socket.on('end', () => done());
    socket.on('error', (e) => done((e as NodeJS.ErrnoException).code ?? e.message));
    socket.on('connect', async () => {
      socket.write(
        `POST /api/forms/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: ${form.contentType}\r\nX-Forwarded-For: 10.201.0.${(clients += 1) & 255}\r\nContent-Length: ${form.body.length}\r\n\r\n`,
      );
      socket.write(form.body.subarray(0, half));
      await signalled;
      await sleep(delayMs);
      socket.write(form.body.subarray(half));
    });
  });
}

async function sigtermUnderLoad(golden: string, port: number): Promise<Outcome> {
  const name = 'SIGTERM under load';
  const expected = 'requests in flight at the signal complete (2xx, form posts stored); exit 0 within 30 s';
  const pgliteDir = freshPglite(golden, 'sigterm');
  const app = startApp({ name: 'sigterm', port, pgliteDir, env: { TRUSTED_PROXIES: '1' } });
  try {
    await app.waitHealthy();
    const site = await discover(app.base);
    await checkTargets(app, site);
    const load = mixedLoad(app, site, 15, 40, 'sigterm');
    await sleep(5000);
    let signal!: () => void;
    const signalled = new Promise<void>((resolve) => (signal = resolve));
    // In flight for sure: form posts with half their body sent, finished 1 s after the signal…
    const posts = Array.from({ length: 5 }, (_, i) => slowSubmission(app.port, `sigterm-slow-${i}-${randomUUID()}`, signalled, 1000));
    // …and page requests sent a second before it (each on its own connection, so the server has
    // read it: a request still in the kernel's queue, or not yet read on a kept-alive connection, is
    // not in flight yet). Those already answered at the signal count as well.
    const paths = [site.homeUrl, site.fundUrl, site.shareUrl, site.newsUrl, site.documentUrl];
    let pending = 0;
    const pages = [...paths, ...paths].map((p) => {
      pending += 1;
      return httpRequest(`${app.base}${p}?inflight=${randomUUID()}`, { method: 'GET', agent: false }, undefined, 60_000)
        .then((a) => a.status, (e: Error) => e.message)
        .finally(() => (pending -= 1));
    });
    await sleep(1000);
    const pendingAtSignal = pending;
    const stopping = app.stop('SIGTERM', 30_000);
    signal();
    const [postResults, pageResults, exit, mix] = await Promise.all([Promise.all(posts), Promise.all(pages), stopping, load]);
    const stored = await storedSubmissions({ pgliteDir }, postResults.flatMap((r) => (r.id ? [r.id] : [])));
    const okPosts = postResults.filter((r) => r.id && stored.has(r.id)).length;
    const okPages = pageResults.filter((s) => s === 200).length;
    const summary = summarize(mix);
    const observed = `${okPosts} of ${posts.length} slow posts answered and stored (${postResults.map((r) => r.status || r.error).join('/')}); ${okPages} of ${pages.length} pages 200 (${[...new Set(pageResults)].join('/')}; ${pendingAtSignal} still in flight at the signal); exit ${exit.code ?? exit.signal} in ${exit.ms} ms; load: ${summary.line.split(';')[0]}`;
    return { part: 'faults', name, expected, observed, pass: okPosts === posts.length && okPages === pages.length && exit.code === 0 && exit.ms <= 30_000 };
  } finally {
    await app.stop('SIGKILL', 5000);
  }
}

async function postgresRestart(port: number): Promise<Outcome[]> {
  const name = 'PostgreSQL restarted under load';
  const expected = '/api/health goes 503, then 200 again with the same app process; no accepted submission lost';
  const bin = postgresBin();
  if (!bin) {
    const required = process.env.CI === 'true';
    return [{ part: 'faults', name, expected, observed: 'no PostgreSQL binary (Debian postgresql package)', pass: !required }];
  }
  const cluster = await startCluster(bin, PG_PORT);
  const app = startApp({ name: 'postgres', port, databaseUrl: cluster.url, env: { TRUSTED_PROXIES: '1' } });
  try {
    await app.waitHealthy();
    const site = await discover(app.base);
    const serverPid = app.serverPid();
    const monitor = new HealthMonitor(app.base, 100, 5000);
    monitor.start();
    const seconds = Number(process.env.RESILIENCE_PG_LOAD_SECONDS ?? 30);
    const load = mixedLoad(app, site, seconds, 20, 'postgres');
    await sleep(5000);
    const stoppedAt = Date.now();
    cluster.stop();
    const saw503 = await waitStatus(monitor, stoppedAt, (s) => s === 503, 20_000);
    await sleep(2000);
    const startedAt = Date.now();
    cluster.start();
    const back = await waitStatus(monitor, startedAt, (s) => s === 200, 60_000);
    const mix = await load;
    await monitor.stop();
    const stillRunning = app.process.exitCode === null && serverPid !== null && app.serverPid() === serverPid;
    const stored = await storedSubmissions({ databaseUrl: cluster.url }, mix.acceptedIds);
    const lost = mix.acceptedIds.filter((id) => !stored.has(id)).length;
    const answers = [...mix.formAnswers].map(([s, n]) => `${n}×${s}`).join(', ');
    const observed = `503 ${saw503 === null ? 'never seen' : `${saw503} ms after the stop`}; 200 ${back === null ? 'never again' : `${back} ms after the start`}; app process ${stillRunning ? 'the same, running' : 'gone'}; forms ${answers}; ${mix.acceptedIds.length} accepted, ${lost} lost`;
    return [{ part: 'faults', name, expected, observed, pass: saw503 !== null && back !== null && stillRunning && lost === 0 && mix.acceptedIds.length > 0 }];
  } catch (error) {
    return [{ part: 'faults', name, expected, observed: `${error instanceof Error ? error.message.split('\n')[0] : String(error)}; app output: ${app.output.slice(-3).join(' / ')}`, pass: false }];
  } finally {
    await app.stop('SIGTERM', 30_000);
    cluster.destroy();
  }
}

/** Milliseconds after `since` at which the health monitor first saw a status matching `wanted`, or null. */
async function waitStatus(monitor: HealthMonitor, since: number, wanted: (status: number) => boolean, timeoutMs: number): Promise<number | null> {
  const until = since + timeoutMs;
  while (Date.now() < until) {
    const hit = monitor.statuses.find((s) => s.at >= since && wanted(s.status));
    if (hit) return hit.at - since;
    await sleep(100);
  }
  return null;
}

export async function runFaults(golden: string, port: number, only?: RegExp): Promise<Outcome[]> {
  const faults: { name: string; run: () => Promise<Outcome | Outcome[]> }[] = [
    { name: 'smtp', run: () => smtpDownThenBack(golden, port) },
    { name: 'sigterm', run: () => sigtermUnderLoad(golden, port) },
    { name: 'postgres', run: () => postgresRestart(port) },
    { name: 'pglite lock', run: () => secondProcessOnPglite(golden, port) },
  ];
  const outcomes: Outcome[] = [];
  for (const fault of faults) {
    if (only && !only.test(fault.name)) continue;
    const result = await fault.run();
    for (const outcome of [result].flat()) {
      outcomes.push(outcome);
      process.stderr.write(`[faults] ${outcome.pass ? 'pass' : 'FAIL'} ${outcome.name}: ${outcome.observed}\n`);
    }
  }
  return outcomes;
}
