/**
 * Runs deploy/nginx.conf (the recommended layout, docs/operations.md) in front of app processes of
 * this machine: the file as shipped, with only its listening address and its upstream servers
 * replaced. Installs Debian's nginx first when it is missing and we are root
 * (scripts/ensure-nginx.sh); throws when it cannot, so that the suite fails instead of skipping.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpGet, root, sleep } from './harness';
import { supervise } from './supervise';

export const DEPLOY_CONF = path.join(root, 'deploy', 'nginx.conf');

export type Nginx = { base: string; port: number; output: string[]; accessLog(): string; stop(): Promise<void>; pids(): number[] };

export function ensureNginx(): void {
  const result = spawnSync('bash', [path.join(root, 'scripts', 'ensure-nginx.sh')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('nginx is missing and could not be installed (scripts/ensure-nginx.sh)');
}

/** deploy/nginx.conf listening on 127.0.0.1:port, in front of the given app ports; `edit` may change it further (measurements). */
export function nginxConf(port: number, appPorts: number[], edit: (conf: string) => string = (c) => c): string {
  let conf = readFileSync(DEPLOY_CONF, 'utf8');
  const listen = /^(\s*)listen 80;$/m;
  const servers = /^(\s*)server 127\.0\.0\.1:300\d;\n/gm;
  if (!listen.test(conf) || (conf.match(servers)?.length ?? 0) === 0) throw new Error('deploy/nginx.conf no longer has the `listen 80;` and `server 127.0.0.1:300x;` lines this test replaces');
  conf = conf.replace(listen, `$1listen 127.0.0.1:${port};`);
  let first = true;
  conf = conf.replace(servers, (_, indent: string) => {
    if (!first) return '';
    first = false;
    return appPorts.map((p) => `${indent}server 127.0.0.1:${p};\n`).join('');
  });
  return edit(conf);
}

export async function startNginx(port: number, appPorts: number[], edit?: (conf: string) => string): Promise<Nginx> {
  ensureNginx();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fundhouse-nginx-'));
  const confPath = path.join(dir, 'nginx.conf');
  const accessLog = path.join(dir, 'access.log');
  const conf = nginxConf(port, appPorts, edit);
  const logLine = /^(\s*access_log\s+)\S+(\s+main;)$/m;
  if (!logLine.test(conf)) throw new Error('deploy/nginx.conf no longer has the `access_log … main;` line this test replaces');
  writeFileSync(confPath, conf.replace(logLine, `$1${accessLog}$2`));
  const test = spawnSync('nginx', ['-t', '-p', dir, '-c', confPath, '-g', `pid ${dir}/nginx.pid;`], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refuses deploy/nginx.conf:\n${test.stderr}`);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', confPath, '-g', `daemon off; pid ${dir}/nginx.pid;`], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Fast shutdown of the master and its workers if the suite ends first (an exception, Ctrl-C).
  const { output, exited } = supervise(child, 'SIGTERM');
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at once:\n${output.join('\n')}`);
    // Any answer (the app may still be starting: 502) says nginx listens.
    if (await httpGet(`${base}/api/health`, 2000).catch(() => null)) break;
    if (Date.now() > until) throw new Error(`nginx did not listen on ${port}:\n${output.join('\n')}`);
    await sleep(100);
  }
  return {
    base,
    port,
    output,
    accessLog() {
      try {
        return readFileSync(accessLog, 'utf8');
      } catch {
        return '';
      }
    },
    pids() {
      const master = child.pid ?? 0;
      let workers: number[] = [];
      try {
        workers = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        /* gone */
      }
      return [master, ...workers];
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
