/**
 * libfaketime (Debian's `faketime`) for the part `cache`'s midnight case: PostgreSQL and both app
 * processes run with it preloaded, reading the offset from a file, so the test moves every clock
 * (the database's `now()` and the processes' `Date`) together, without a mocked function. The
 * monotonic clock is left alone: Node's timers run on it, as they do at a real midnight.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function library(): string | null {
  const candidates = readdirSync('/usr/lib').map((dir) => path.join('/usr/lib', dir, 'faketime', 'libfaketime.so.1'));
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** The library, installed with apt-get when missing and we are root; null when it cannot be had. */
export function ensureFaketime(): string | null {
  const found = library();
  if (found || process.getuid?.() !== 0) return found;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'faketime'], { stdio: 'ignore', env }).status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'faketime'], { stdio: 'ignore', env });
  }
  return library();
}

export type FakeClock = {
  /** The environment that makes a process read its time through the offset file. */
  env: Record<string, string>;
  /** Moves every such process's wall clock to real time + seconds (read within a second). */
  setOffset(seconds: number): void;
};

export function fakeClock(lib: string): FakeClock {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fundhouse-faketime-'));
  // PostgreSQL runs as its own user, who must read the file.
  chmodSync(dir, 0o755);
  const file = path.join(dir, 'offset');
  const setOffset = (seconds: number) => {
    writeFileSync(file, `${seconds >= 0 ? '+' : ''}${Math.round(seconds)}\n`);
    chmodSync(file, 0o644);
  };
  setOffset(0);
  return {
    env: { LD_PRELOAD: lib, FAKETIME_TIMESTAMP_FILE: file, FAKETIME_CACHE_DURATION: '1', FAKETIME_DONT_FAKE_MONOTONIC: '1' },
    setOffset,
  };
}
