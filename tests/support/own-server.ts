import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';

/**
 * A production server of a spec's own (a setting the suite's shared server does not have): the
 * build of `npx next build` on its own port and PGlite folder, started fresh and stopped at the
 * end. Only pages of its own origin are requested, so sharing the build folder shares no answer.
 */
export type OwnServer = { origin: string; stop: () => Promise<void> };

export async function startOwnServer(options: { port: number; dir: string; env: Record<string, string>; unset?: string[]; timeoutMs?: number }): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    LISTEN_HOST: '127.0.0.1',
    PGLITE_DIR: options.dir,
    PUBLIC_BASE_URL: origin,
    SKIP_BUILD: '1',
    DATABASE_URL: '',
    NEXT_TELEMETRY_DISABLED: '1',
    ...options.env,
  };
  for (const name of options.unset ?? []) delete env[name];
  // The server itself, as scripts/start.mjs would spawn it once the build and the migrations are done:
  // the build is there (SKIP_BUILD), and the server prepares its database on first use anyway
  // (src/server/db/start-up.ts), so start.mjs's migration step, a separate tsx process of about 5 s
  // of CPU, would only open the folder once more. The suite's two servers go through start.mjs
  // (playwright.config.ts), as `npm start` does.
  const server: ChildProcess = spawn(process.execPath, ['runtime/server.mjs'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: env as NodeJS.ProcessEnv });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  server.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (!server.pid || server.exitCode !== null) return;
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM'); // its own process group: the server and anything it spawned
    await Promise.race([stopped, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  };
  const deadline = Date.now() + (options.timeoutMs ?? 220_000);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the spec's server stopped (${server.exitCode}):\n${output}`);
    const healthy = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the spec's server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, stop };
}

/** A fresh PGlite folder for a spec's server. */
export function freshDir(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/**
 * A PGlite folder for a spec's server, started from the database scripts/e2e.sh seeded for the suite
 * when there is one (the demo seed and its factsheets take minutes of CPU on a busy machine), else empty.
 */
export function seededDir(dir: string, seeded = '.data/e2e-seeded'): string {
  freshDir(dir);
  if (existsSync(seeded)) cpSync(seeded, dir, { recursive: true });
  return dir;
}
