/**
 * A throwaway PostgreSQL cluster for the resilience suite, as scripts/postgres-integration.sh makes
 * one: Debian's binaries (installed with apt when missing, as root on CI), the postgres system user
 * when running as root (initdb refuses root), 127.0.0.1 only, trust authentication.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type Cluster = { url: string; port: number; stop(): void; start(): void; destroy(): void; log(): string };

function findBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  for (const version of readdirSync(base).sort().reverse()) {
    const bin = path.join(base, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** The binaries' folder, installing Debian's postgresql when absent and allowed (root, CI=true). */
export function postgresBin(): string | null {
  const found = findBin();
  if (found) return found;
  if (process.getuid?.() !== 0 || process.env.CI !== 'true') return null;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  return findBin();
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startCluster(bin: string, firstPort: number, env: Record<string, string> = {}): Promise<Cluster> {
  const work = mkdtempSync('/tmp/fundhouse-resilience-pg.');
  chmodSync(work, 0o755);
  const asRoot = process.getuid?.() === 0;
  let owner: number | null = null;
  if (asRoot) {
    if (spawnSync('id', ['postgres']).status !== 0) spawnSync('useradd', ['--system', '--no-create-home', 'postgres'], { stdio: 'inherit' });
    owner = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(work, owner, owner);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv as string[], { encoding: 'utf8', env: { ...process.env, ...env } });
    return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  };
  const data = path.join(work, 'data');
  const logFile = path.join(work, 'log');
  const init = run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  if (!init.ok) throw new Error(`initdb failed: ${init.output}`);
  let port = firstPort;
  while (!(await portFree(port))) port += 1;
  const start = () => {
    const started = run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '120', '-o', `-p ${port} -h 127.0.0.1 -k ${work} -F -c shared_buffers=32MB`, 'start']);
    if (!started.ok) throw new Error(`PostgreSQL did not start on port ${port}: ${started.output}\n${readLog()}`);
  };
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '');
  start();
  const created = run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'fundhouse']);
  if (!created.ok) throw new Error(`createdb failed: ${created.output}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/fundhouse`,
    port,
    start,
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    destroy() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(work, { recursive: true, force: true });
    },
    log: readLog,
  };
}
