/**
 * What the benches that load the production server share (scripts/bench.ts, scripts/bench-alert-digests.ts):
 * the process that serves (scripts/start.mjs's child), its CPU time and resident memory read from
 * /proc (Linux; null elsewhere), the wait for its health check, and the headers a browser sends.
 */
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** What Chromium sends: pages are measured compressed, as browsers receive them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The id of the process serving (start.mjs's child), or null off Linux or before it exists. */
export function servingPid(starter: ChildProcess): string | null {
  try {
    return readFileSync(`/proc/${starter.pid}/task/${starter.pid}/children`, 'utf8').trim().split(/\s+/)[0] || null;
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by the process serving, or null off Linux. */
export function serverCpuMs(starter: ChildProcess): number | null {
  try {
    const fields = readFileSync(`/proc/${servingPid(starter)}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The resident memory of process `pid`, in bytes, or null off Linux or once it has gone. */
export function rssBytes(pid: string | number | null): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The resident memory of the process serving, in bytes, or null off Linux. */
export function serverRssBytes(starter: ChildProcess): number | null {
  return rssBytes(servingPid(starter));
}

export async function waitForHealth(base: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy in time');
}
