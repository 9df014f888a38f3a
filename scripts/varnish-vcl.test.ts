/**
 * deploy/varnish.vcl: its generated audience block is what src/domain/cache/audience-key.ts makes, and
 * the file behaves as tests/varnish/*.vtc say, run by varnishtest against mock backends. A last test
 * sends the cases of the TypeScript normalisation through Varnish and checks that the app receives the
 * cookies, and the cache makes the keys, the TypeScript says. Skipped, with a message, only where Varnish
 * is not installed (scripts/ensure-varnish.sh installs it; CI runs that first and fails without it).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceKey, cacheAudience, canonicalCookie, localeCookieToSet, withAudienceVcl } from '@/domain/cache/audience-key';
import { DEPLOY_VCL, root, varnishEnv, varnishInstalled, withBackend } from './resilience/varnish';

const VTC_DIR = path.join(root, 'tests', 'varnish');
const vcl = readFileSync(DEPLOY_VCL, 'utf8');
const installed = varnishInstalled();

describe('deploy/varnish.vcl', () => {
  it('holds the audience block src/domain/cache/audience-key.ts generates (`npm run varnish:vcl` writes it)', () => {
    expect(vcl).toBe(withAudienceVcl(vcl));
  });

  it('has the backend block the tests replace', () => {
    expect(withBackend(vcl, 'sub fundhouse_backend {\n  set req.backend_hint = s1;\n}')).not.toContain('.port = "3000"');
  });
});

/** Runs one .vtc file; varnishtest prints the whole log of a failing test only. */
function varnishtest(file: string, macros: Record<string, string>): Promise<{ code: number | null; log: string }> {
  return new Promise((resolve) => {
    const args = ['-t', '90', ...Object.entries(macros).map(([k, v]) => `-D${k}=${v}`), file];
    const child = spawn('varnishtest', args, { env: varnishEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (c: Buffer) => (log += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (log += c.toString('utf8')));
    child.on('exit', (code) => resolve({ code, log }));
  });
}

/** The failing lines of a varnishtest log, with some context. */
function failure(log: string): string {
  const lines = log.split('\n');
  const first = lines.findIndex((l) => l.startsWith('---- '));
  return lines.slice(Math.max(0, first - 40), first + 5).join('\n') || log.slice(-4000);
}

const vtcString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Requests as visitors send them: duplicate, empty and malformed cookies, the consent cookie encoded or
 * not or in another form parseConsent also reads, languages of the path or not, analytics.
 */
const AGREEMENT_CASES: { url: string; cookie?: string; dest?: string }[] = [
  { url: '/fr/fonds' },
  { url: '/fr/fonds', cookie: '_ga=GA1.2.123.456; _gid=GA1.2.789' },
  { url: '/fr/fonds', cookie: 'investor_profile=INSTIT' },
  { url: '/fr/fonds', cookie: 'investor_profile=CGP; investor_profile=INSTIT' },
  { url: '/fr/fonds', cookie: 'investor_profile=INSTIT;investor_country=CH' },
  { url: '/fr/fonds', cookie: '  investor_profile=INSTIT ;investor_country=CH' },
  { url: '/fr/fonds', cookie: 'flag; investor_profile=CGP' },
  { url: '/fr/fonds', cookie: 'investor_profile=CGP; flag; investor_country=LU' },
  { url: '/fr/fonds', cookie: '; a=1;; investor_country=LU;' },
  { url: '/fr/fonds', cookie: 'flag' },
  { url: '/fr/fonds', cookie: 'a=b=c; investor_profile=CGP=1' },
  { url: '/fr/fonds', cookie: 'investor_profile=; investor_country=LU' },
  { url: '/fr/fonds', cookie: 'investor_profile=retail; investor_country=INT' },
  { url: '/fr/fonds', cookie: 'investor_profile=R%45TAIL; investor_country=fr' },
  { url: '/fr/fonds', cookie: 'investor_country=FRA; investor_profile=RETAIL' },
  { url: '/fr/fonds', cookie: 'investor_country=ZZ' },
  { url: '/fr/fonds', cookie: 'investor_profile=CGP; investor_country=LU; disclaimer_validated=true' },
  { url: '/fr/fonds', cookie: 'cookie_consent=%7B%22v%22%3A1%2C%22video%22%3Atrue%2C%22at%22%3A%222026-11-21%22%7D' },
  { url: '/fr/fonds', cookie: 'cookie_consent=%7B%22v%22%3A1%2C%22video%22%3Atrue%7D; _ga=1' },
  { url: '/fr/fonds', cookie: 'cookie_consent={"v":1,"video":true,"at":"2026-11-21"}' },
  { url: '/fr/fonds', cookie: 'cookie_consent=%7B%22v%22%3A1%2C%22video%22%3Afalse%2C%22at%22%3A%222026-11-21%22%7D' },
  { url: '/fr/fonds', cookie: 'cookie_consent=%7b%22v%22%3a1%2c%22video%22%3atrue%7d' },
  { url: '/fr/fonds', cookie: 'cookie_consent=%7B%22video%22%3Atrue%2C%22v%22%3A1%7D' },
  { url: '/fr/fonds', cookie: 'cookie_consent=%7B%22v%22%3A2%2C%22video%22%3Atrue%7D' },
  { url: '/fr/fonds', cookie: 'cookie_consent=garbage%ZZ' },
  { url: '/fr/fonds', cookie: 'i18n_redirected=fr' },
  { url: '/fr/fonds', cookie: 'i18n_redirected=en', dest: 'document' },
  { url: '/fr/fonds', cookie: 'i18n_redirected=en', dest: 'empty' },
  { url: '/fr', cookie: 'i18n_redirected=es; investor_profile=INSTIT' },
  { url: '/fr?x=1' },
  { url: '/en/funds', cookie: 'i18n_redirected=en; investor_profile=INSTIT; investor_country=LU' },
  { url: '/es/fondos', cookie: 'i18n_redirected=fr; i18n_redirected=es' },
  { url: '/', cookie: 'i18n_redirected=es' },
  { url: '/', cookie: 'i18n_redirected=de' },
  { url: '/', cookie: 'investor_profile=CGP' },
  { url: '/frx', cookie: 'i18n_redirected=en' },
  { url: '/fr/rss.xml', cookie: 'i18n_redirected=en' },
  { url: '/sitemap.xml', cookie: 'investor_profile=INSTIT; _ga=2' },
  { url: '/e/fr/docs/funds/aurore/KID', cookie: 'investor_profile=CGP; i18n_redirected=en' },
  { url: '/e/fr/docs/funds/aurore/KID', cookie: 'investor_profile=CGP; cookie_consent=%7B%22v%22%3A1%2C%22video%22%3Atrue%7D' },
  { url: '/e/en/docs/funds/aurore/KID', cookie: 'investor_profile=CGP; investor_country=CH; i18n_redirected=en' },
  { url: '/e/de/docs/funds/aurore/KID', cookie: 'i18n_redirected=es' },
];

/**
 * A varnishtest file from the cases: for each, the app must receive the cookies canonicalCookie gives,
 * answer a page the cache keeps, and any later case of the same URL and audienceKey must be a HIT on
 * that page (and any other a MISS); the language cookie is set exactly when localeCookieToSet says.
 */
function agreementVtc(): string {
  const seen = new Map<string, string>();
  const server: string[] = [];
  const client: string[] = [];
  AGREEMENT_CASES.forEach((c, i) => {
    const audience = cacheAudience(c.cookie, c.url);
    const key = `${c.url} ${audienceKey(audience)}`;
    const headers = [c.cookie !== undefined ? `-hdr ${vtcString(`Cookie: ${c.cookie}`)}` : '', c.dest ? `-hdr ${vtcString(`Sec-Fetch-Dest: ${c.dest}`)}` : ''].join(' ');
    client.push(`  # case ${i}`, `  txreq -url ${vtcString(c.url)} ${headers}`, '  rxresp');
    const earlier = seen.get(key);
    if (earlier) {
      client.push('  expect resp.http.x-cache == "HIT"', `  expect resp.body == ${vtcString(earlier)}`);
    } else {
      const body = `case ${i}`;
      seen.set(key, body);
      server.push(
        '  rxreq',
        `  expect req.url == ${vtcString(c.url)}`,
        `  expect req.http.cookie == ${vtcString(canonicalCookie(audience))}`,
        `  txresp -hdr "Surrogate-Control: max-age=600" -hdr "Vary: Accept-Encoding, Cookie" -body ${vtcString(body)}`,
      );
      client.push('  expect resp.http.x-cache == "MISS"', `  expect resp.body == ${vtcString(body)}`);
    }
    const locale = localeCookieToSet(c.cookie, c.url, c.dest);
    client.push(locale ? `  expect resp.http.set-cookie ~ ${vtcString(`^i18n_redirected=${locale}; Path=/; `)}` : '  expect resp.http.set-cookie == <undef>');
  });
  return [
    'varnishtest "deploy/varnish.vcl agrees with src/domain/cache/audience-key.ts"',
    'server s1 {',
    ...server,
    '} -start',
    'varnish v1 -vcl+backend {',
    '  include "${fundhouse_vcl}";',
    '} -start',
    'client c1 {',
    ...client,
    '} -run',
    '',
  ].join('\n');
}

describe.skipIf(!installed && process.env.CI !== 'true')('deploy/varnish.vcl under varnishtest', () => {
  let dir = '';
  let macros: Record<string, string> = {};

  beforeAll(() => {
    if (!installed) throw new Error('Varnish is not installed: run scripts/ensure-varnish.sh (as root) first');
    dir = mkdtempSync(path.join(os.tmpdir(), 'fundhouse-vtc-'));
    // Run as root, varnishd compiles the VCL as an unprivileged user, who must read the file.
    chmodSync(dir, 0o755);
    const testVcl = path.join(dir, 'varnish.vcl');
    // The mock backend s1 that `varnish -vcl+backend` declares before the included file.
    writeFileSync(testVcl, withBackend(vcl, 'sub fundhouse_backend {\n  set req.backend_hint = s1;\n}'));
    writeFileSync(path.join(dir, 'agreement.vtc'), agreementVtc());
    macros = { fundhouse_vcl: testVcl };
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const files = readdirSync(VTC_DIR).filter((f) => f.endsWith('.vtc'));
  it('has its test files', () => expect(files.length).toBeGreaterThanOrEqual(6));

  it.concurrent.each(files)('%s', { timeout: 120_000 }, async (file) => {
    const { code, log } = await varnishtest(path.join(VTC_DIR, file), macros);
    expect(code, failure(log)).toBe(0);
  });

  it('receives, for every case of the TypeScript normalisation, the cookies and keys it says', { timeout: 120_000 }, async () => {
    const { code, log } = await varnishtest(path.join(dir, 'agreement.vtc'), macros);
    expect(code, failure(log)).toBe(0);
  });
});

if (!installed && process.env.CI !== 'true') {
  describe('deploy/varnish.vcl under varnishtest', () => {
    it.skip('skipped: varnishtest is not installed (Debian: apt-get install varnish varnish-modules, or scripts/ensure-varnish.sh as root)', () => {});
  });
}
