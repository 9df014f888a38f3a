#!/usr/bin/env node
/**
 * `npm start`: builds when the sources are newer than the last build, prepares the database
 * (migrations, and the demo seed on first run), then serves on PORT (3000 by default).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const SOURCES = ['src', 'messages', 'public', 'package.json', 'next.config.ts', 'postcss.config.mjs', 'tsconfig.json'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { NEXT_TELEMETRY_DISABLED: '1', ...process.env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const buildId = path.join(root, '.next', 'BUILD_ID');
const sourcesTime = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (process.env.SKIP_BUILD !== '1' && (!existsSync(buildId) || statSync(buildId).mtimeMs < sourcesTime)) {
  console.info('[start] building the site (sources changed since the last build)…');
  run(bin('next'), ['build']);
}

run(bin('tsx'), ['--conditions=react-server', 'scripts/db-migrate.ts']);

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, ['runtime/server.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', PORT: port, NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
