/**
 * deploy/varnish.vcl on this machine: the file as shipped with only its backend block replaced (the
 * lines between `# BEGIN backend` and `# END backend`), for its varnishtest files
 * (scripts/varnish-vcl.test.ts) and the resilience suite's part `cache`. Varnish is installed first when
 * it is missing and we are root (scripts/ensure-varnish.sh).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { supervise } from './supervise';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const DEPLOY_VCL = path.join(root, 'deploy', 'varnish.vcl');

const BACKEND_BLOCK = /^# BEGIN backend[^\n]*\n[\s\S]*?^# END backend$/m;

/** Where Debian puts varnishd (/usr/sbin), whatever the caller's PATH. */
export const varnishEnv = (): NodeJS.ProcessEnv => ({ ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin` });

/** Whether varnishtest, varnishd and the xkey vmod are here (scripts/ensure-varnish.sh checks without installing when not root). */
export function varnishInstalled(): boolean {
  return spawnSync('bash', [path.join(root, 'scripts', 'ensure-varnish.sh')], { stdio: 'ignore', env: { ...varnishEnv(), VARNISH_CHECK_ONLY: '1' } }).status === 0;
}

export function ensureVarnish(): void {
  const result = spawnSync('bash', [path.join(root, 'scripts', 'ensure-varnish.sh')], { stdio: 'inherit', env: varnishEnv() });
  if (result.status !== 0) throw new Error('Varnish is missing and could not be installed (scripts/ensure-varnish.sh)');
}

/** The VCL with its backend block replaced by `block` (backends, directors, and `sub fundhouse_backend`). */
export function withBackend(vcl: string, block: string): string {
  if (!BACKEND_BLOCK.test(vcl)) throw new Error('deploy/varnish.vcl no longer has the `# BEGIN backend` … `# END backend` block this test replaces');
  if (!/^sub fundhouse_backend \{$/m.test(vcl)) throw new Error('deploy/varnish.vcl no longer sets its backend in `sub fundhouse_backend`');
  return vcl.replace(BACKEND_BLOCK, `# BEGIN backend (replaced for a test)\n${block}\n# END backend`);
}

/** The health probe as deploy/varnish.vcl ships it (`probe fundhouse_health { … }`), for the backends a test declares. */
export function shippedProbe(vcl: string = readFileSync(DEPLOY_VCL, 'utf8')): string {
  const probe = /^probe fundhouse_health \{[^}]*\}$/m.exec(vcl)?.[0];
  if (!probe) throw new Error('deploy/varnish.vcl no longer declares `probe fundhouse_health`');
  return probe;
}

/** A round-robin director over app processes on this machine, as the resilience part runs them, each probed as shipped. */
export function directorBackend(appPorts: number[]): string {
  const backends = appPorts.map(
    (port, i) => `backend app${i} {\n  .host = "127.0.0.1"; .port = "${port}";\n  .probe = fundhouse_health;\n  .connect_timeout = 2s;\n  .first_byte_timeout = 140s;\n  .between_bytes_timeout = 60s;\n}`,
  );
  return [
    'import directors;',
    shippedProbe(),
    ...backends,
    'sub vcl_init {',
    '  new apps = directors.round_robin();',
    ...appPorts.map((_, i) => `  apps.add_backend(app${i});`),
    '}',
    'sub fundhouse_backend {',
    '  set req.backend_hint = apps.backend();',
    '}',
  ].join('\n');
}

export type Varnish = { base: string; port: number; output: string[]; stop(): Promise<void> };

/**
 * varnishd in the foreground on 127.0.0.1:port with deploy/varnish.vcl in front of the given app
 * ports (a round-robin director), as docs/operations.md starts it (malloc storage, http_gzip_support
 * off). Resolves once it answers.
 */
export async function startVarnish(port: number, appPorts: number[]): Promise<Varnish> {
  ensureVarnish();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fundhouse-varnish-'));
  // Run as root, varnishd compiles and runs the VCL as unprivileged users, who must reach the files.
  chmodSync(dir, 0o755);
  const vclPath = path.join(dir, 'varnish.vcl');
  writeFileSync(vclPath, withBackend(readFileSync(DEPLOY_VCL, 'utf8'), directorBackend(appPorts)));
  const args = ['-F', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-T', 'none', '-f', vclPath, '-s', 'malloc,256m', '-p', 'http_gzip_support=off'];
  const child: ChildProcess = spawn('varnishd', args, { stdio: ['ignore', 'pipe', 'pipe'], env: varnishEnv() });
  const { output, exited } = supervise(child, 'SIGKILL');
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited at once:\n${output.join('\n')}`);
    if (await listening(port)) break;
    if (Date.now() > until) throw new Error(`varnishd did not listen on ${port}:\n${output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    port,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
