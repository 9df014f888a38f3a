import 'server-only';
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { env } from '@/env';
import { getDb } from '@/server/db';
import { buildDigests, type DigestRun } from './digest';

/**
 * Where a digest run happens (docs/operations.md "Fund alerts", docs/decisions/058).
 *
 * - On PostgreSQL, in a process of its own: `scripts/alerts-digest.ts`, started here, with its own
 *   connection, event loop and heap, at the lowest scheduling priority. The serving process only
 *   waits for its answer, so the pages it serves meanwhile share nothing with the run but the
 *   machine (where they come first) and the database server.
 * - On the embedded database (PGlite), no other process may open the folder: the run stays in the
 *   serving process, yields between its steps and pauses between its batches (buildDigests `pause`).
 */

/** A run that has not ended in this time is stopped: the next hour's run takes the rest (SKIP LOCKED, cursors). */
const CHILD_TIMEOUT_MS = 50 * 60 * 1000;
/** The run's heap: its memory is bounded by its batch and item limits, not by the number of subscribers. */
const CHILD_HEAP_MB = 384;
/** The run's scheduling priority (the lowest): it takes what the pages leave of the processors. */
const CHILD_NICE = 19;
/** What is kept of the child's output (its summary line comes last; its errors go to stderr, passed on). */
const CHILD_STDOUT_LIMIT = 64 * 1024;

function asRun(line: string): DigestRun | null {
  try {
    const value = JSON.parse(line) as Partial<DigestRun>;
    return typeof value.subscribers === 'number' && typeof value.mails === 'number' && typeof value.batches === 'number' ? { subscribers: value.subscribers, mails: value.mails, batches: value.batches } : null;
  } catch {
    return null;
  }
}

function runInChild(now: Date): Promise<DigestRun> {
  const root = process.cwd();
  return new Promise((resolve, reject) => {
    // One process, not tsx's CLI and its child: the heap bound and the priority apply to the run itself.
    const child = spawn(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`, '--import', 'tsx', '--conditions=react-server', path.join(root, 'scripts', 'alerts-digest.ts'), '--json', '--now', now.toISOString()], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Background work: the machine's cores go to the pages first (nice 19; refused on some systems, then it runs as is).
    try {
      if (child.pid !== undefined) setPriority(child.pid, CHILD_NICE);
    } catch {
      /* not permitted here: the run keeps the default priority */
    }
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      // The last CHILD_STDOUT_LIMIT characters: the summary is the last line, whatever came before.
      out = (out + chunk).slice(-CHILD_STDOUT_LIMIT);
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), CHILD_TIMEOUT_MS);
    timer.unref();
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`the digest process ended with ${signal ?? `code ${code}`}`));
      // Its last line that is a run (log lines may come before or after it).
      const run = out.trim().split('\n').reverse().map(asRun).find((r) => r !== null);
      if (run) resolve(run);
      else reject(new Error(`the digest process printed no run: ${out.slice(-200)}`));
    });
  });
}

/** Builds the digests due at `now` where this deployment builds them; the caller asks for the outbox's drain. */
export async function runDueDigests(now: Date = new Date()): Promise<DigestRun & { inProcess: boolean }> {
  if (env().DATABASE_URL) return { ...(await runInChild(now)), inProcess: false };
  return { ...(await buildDigests(await getDb(), { now, pause: true })), inProcess: true };
}
