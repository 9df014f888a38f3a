/**
 * The floor `npm run bench` compares our pages with: a bare Next.js app, built in a temporary folder
 * with the project's own next, react and react-dom (its node_modules, linked), serving one
 * server-rendered page of about the home page's amount of text and no client code of its own.
 *
 * Run alone (`npx tsx scripts/bench-bare.ts`) it builds and starts that app, runs Lighthouse once on
 * it (first and returning visit) and stops: a quick end-to-end check of this part of the bench.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lighthouseRun } from './bench-lighthouse';

const root = path.resolve(import.meta.dirname, '..');

const PARAGRAPH =
  'Nos équipes de gestion sélectionnent les entreprises une à une, sur la durée, avec une discipline de risque ' +
  'documentée : chaque fonds publie sa stratégie, ses frais, son indicateur de risque et ses performances passées, ' +
  'qui ne préjugent pas des performances futures. ';

const LAYOUT = `export const metadata = { title: 'Bare page', description: 'The floor of the bench: a bare Next.js page.' };
export default function RootLayout({ children }) {
  return (
    <html lang="fr">
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '0 auto', padding: '1rem' }}>{children}</body>
    </html>
  );
}
`;

/** About 3 KB of text, a heading, paragraphs and a list: what our home page shows before its links. */
const PAGE = `const paragraph = ${JSON.stringify(PARAGRAPH.repeat(2))};
const items = ['Actions européennes', 'Obligations à court terme', 'Diversifiés patrimoniaux', 'Monétaire', 'Actions internationales', 'Thématiques climat'];
export default function Home() {
  return (
    <main>
      <h1>Une gestion de conviction, au service de vos projets</h1>
      {[1, 2, 3, 4].map((n) => (
        <p key={n}>{paragraph}</p>
      ))}
      <h2>Notre gamme</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
`;

export type BareApp = { dir: string; server: ChildProcess; url: string; stop: () => void };

/**
 * Writes the app to a temporary folder and builds it. The project's node_modules is linked in;
 * Turbopack refuses a node_modules symlinked from outside its root, so the build uses webpack
 * (`next build --webpack`), which follows the link (react and react-dom resolve to the same copies).
 */
export function buildBareApp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-bare', private: true, type: 'module' }));
  writeFileSync(path.join(dir, 'next.config.mjs'), 'export default { poweredByHeader: false };\n');
  writeFileSync(path.join(dir, 'jsconfig.json'), '{}\n');
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'layout.jsx'), LAYOUT);
  writeFileSync(path.join(app, 'page.jsx'), PAGE);
  // An icon, as our site has: without one the browser's /favicon.ico 404 costs best-practices points.
  writeFileSync(path.join(app, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#234"/></svg>');
  const build = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build', '--webpack'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the bare app's build failed (exit ${build.status})`);
  }
  return dir;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in time`);
}

/** `next start` of the built bare app on its own port; `stop` kills it and removes the folder. */
export async function startBareApp(dir: string, port: number): Promise<BareApp> {
  const server = spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(url, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { dir, server, url, stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const bare = await startBareApp(buildBareApp(), Number(process.env.BENCH_BARE_PORT ?? 3201));
  try {
    for (const kind of ['first visit', 'returning visit'] as const) {
      console.log(`bare page, ${kind}:`, JSON.stringify(await lighthouseRun(bare.url, kind)));
    }
  } finally {
    bare.stop();
  }
}
