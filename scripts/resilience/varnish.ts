/**
 * deploy/varnish.vcl on this machine: the file as shipped with only its backend block replaced (the
 * lines between `# BEGIN backend` and `# END backend`), for its varnishtest files
 * (scripts/varnish-vcl.test.ts) and the resilience suite's part `cache`. Varnish is installed first when
 * it is missing and we are root (scripts/ensure-varnish.sh).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

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

/** A round-robin director over app processes on this machine, as the resilience part runs them. */
export function directorBackend(appPorts: number[]): string {
  const backends = appPorts.map((port, i) => `backend app${i} {\n  .host = "127.0.0.1"; .port = "${port}";\n  .connect_timeout = 2s;\n  .first_byte_timeout = 140s;\n  .between_bytes_timeout = 60s;\n}`);
  return [
    'import directors;',
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
