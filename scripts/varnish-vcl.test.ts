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
import { randomBytes } from 'node:crypto';
import { audienceKey, cacheAudience, canonicalCookie, localeCookieToSet, withAudienceVcl } from '@/domain/cache/audience-key';
import { cacheUrl, QUERY_ROUTES, queryRoute, withQueryVcl } from '@/domain/cache/query-key';
import { parseLibraryQuery } from '@/domain/documents/library';
import { parseNoticesQuery } from '@/domain/events/notices';
import { parseFinderQuery } from '@/domain/funds/finder';
import { legacyNewsPageRedirects } from '@/i18n/legacy-redirects';
import { DEPLOY_VCL, root, varnishEnv, varnishInstalled, withBackend } from './resilience/varnish';

const VTC_DIR = path.join(root, 'tests', 'varnish');
const vcl = readFileSync(DEPLOY_VCL, 'utf8');
const installed = varnishInstalled();

describe('deploy/varnish.vcl', () => {
  it('holds the audience block src/domain/cache/audience-key.ts generates (`npm run varnish:vcl` writes it)', () => {
    expect(vcl).toBe(withAudienceVcl(vcl));
  });

  it('holds the query block src/domain/cache/query-key.ts generates (`npm run varnish:vcl` writes it)', () => {
    expect(vcl).toBe(withQueryVcl(vcl));
  });

  it('keeps every query parameter the pages read: the parsers and the old news redirects read no other', () => {
    // The parameters a parser asks its input for, whatever the values.
    const reads = (parse: (params: Record<string, string>) => unknown) => {
      const names = new Set<string>();
      parse(new Proxy({} as Record<string, string>, { get: (_, name) => (typeof name === 'string' && names.add(name), undefined) }));
      return [...names];
    };
    const kept = (url: string) => (queryRoute(url)?.params ?? []).map((p) => p.name);
    const finder = reads((p) => parseFinderQuery(p, { categories: [], currencies: [] }));
    const library = reads((p) => parseLibraryQuery(p, { funds: [], types: [], languages: [] }));
    const notices = reads((p) => parseNoticesQuery(p, []));
    expect(finder.length).toBeGreaterThan(0);
    for (const [url, names] of [['/fr/gamme-fonds?x', finder], ['/en/documents?x', library], ['/es/avisos-a-los-participes?x', notices]] as const) {
      expect(kept(url), url).toEqual(expect.arrayContaining(names));
    }
    for (const redirect of legacyNewsPageRedirects()) {
      const url = `${redirect.source.replace(/:[a-z]+/g, 'x')}?x`;
      expect(kept(url), url).toEqual(expect.arrayContaining(redirect.has.map((h) => h.key)));
    }
    expect(kept('/e/fr/data/findatex/emt.csv?x')).toEqual(['version']);
    expect(kept('/e/fr/data/funds/aurore/FR0000000001/emt.xlsx?x')).toEqual(['version']);
    // The VCL keeps what the table says: checked through Varnish by the query agreement below.
    expect(QUERY_ROUTES.length).toBeGreaterThanOrEqual(5);
  });

  it('has the backend block the tests replace', () => {
    expect(withBackend(vcl, 'sub fundhouse_backend {\n  set req.backend_hint = s1;\n}')).not.toContain('.port = "3000"');
  });
});

/** Runs one .vtc file; varnishtest prints the whole log of a failing test only. */
function varnishtest(file: string, macros: Record<string, string>): Promise<{ code: number | null; log: string }> {
  return new Promise((resolve) => {
    const args = ['-t', '90', '-b', '16M', ...Object.entries(macros).map(([k, v]) => `-D${k}=${v}`), file];
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
  { url: '/fr?y=2' },
  { url: '/fr/gamme-fonds?sort=name&category=equities&x=1' },
  { url: '/fr/gamme-fonds?category=equities&sort=name' },
  { url: '/fr/gamme-fonds?sort=nope' },
  { url: '/fr/gamme-fonds' },
  { url: '/en/documents?page=2&utm_source=a' },
  { url: '/e/fr/docs/funds/aurore/KID?x=1', cookie: 'investor_profile=CGP' },
  { url: '/e/fr/docs/funds/aurore/KID', cookie: 'investor_profile=CGP' },
  { url: '/e/en/data/findatex/emt.csv?version=4.2&x=1' },
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
    const key = `${cacheUrl(c.url)} ${audienceKey(audience)}`;
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
        `  expect req.url == ${vtcString(cacheUrl(c.url) ?? c.url)}`,
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

/**
 * For every parameter each route family keeps, a request with it among random ones: the app receives it
 * alone (so no parameter a page reads is dropped). Then 200 requests with random parameters on a page and
 * a document: the number of stored objects does not move.
 */
function queryVtc(): string {
  const random = () => randomBytes(6).toString('hex');
  const server: string[] = [];
  const client: string[] = [];
  const examples: Record<string, string> = {
    'fund range': '/fr/gamme-fonds',
    'document library': '/en/documents',
    'shareholder notices': '/es/avisos-a-los-participes',
    'news list (old ?page= addresses)': '/fr/actualites',
    'FinDatEx files': '/e/fr/data/findatex/emt.csv',
  };
  let stored = 0;
  for (const route of QUERY_ROUTES) {
    const path = examples[route.family];
    if (!path) throw new Error(`no example URL for the route family ${route.family}`);
    for (const param of route.params) {
      const value = param.values?.[0] ?? (param.pattern ? '2' : 'v1');
      const url = `${path}?z${random()}=1&${param.name}=${value}&${random()}`;
      const expected = `${path}?${param.name}=${value}`;
      expect(cacheUrl(url)).toBe(expected);
      server.push('  rxreq', `  expect req.url == ${vtcString(expected)}`, `  txresp -hdr "Surrogate-Control: max-age=600" -body ${vtcString(expected)}`);
      client.push(`  txreq -url ${vtcString(url)}`, '  rxresp', `  expect resp.body == ${vtcString(expected)}`);
      stored += 1;
    }
  }
  // A page and a document, kept once each.
  for (const path of ['/fr/nous-connaitre', '/e/fr/docs/funds/aurore/KID']) {
    server.push('  rxreq', `  expect req.url == ${vtcString(path)}`, `  txresp -hdr "Surrogate-Control: max-age=600" -bodylen 200`);
    client.push(`  txreq -url ${vtcString(path)}`, '  rxresp', '  expect resp.http.x-cache == "MISS"');
    stored += 1;
  }
  const flood: string[] = [];
  for (let i = 0; i < 100; i++) {
    for (const path of ['/fr/nous-connaitre', '/e/fr/docs/funds/aurore/KID']) {
      flood.push(`  txreq -url ${vtcString(`${path}?${random()}=${random()}&x=${i}`)}`, '  rxresp', '  expect resp.status == 200', '  expect resp.http.x-cache == "HIT"');
    }
  }
  return [
    'varnishtest "deploy/varnish.vcl keeps the query parameters src/domain/cache/query-key.ts says, and no other"',
    'server s1 {',
    ...server,
    '} -start',
    'varnish v1 -vcl+backend {',
    '  include "${fundhouse_vcl}";',
    '} -start',
    'client c1 {',
    ...client,
    '} -run',
    `varnish v1 -expect MAIN.n_object == ${stored}`,
    'client c2 {',
    ...flood,
    '} -run',
    `varnish v1 -expect MAIN.n_object == ${stored}`,
    '',
  ].join('\n');
}

/** VARNISHTEST=off: the Node 24 run of .ci/run, after the Node 20 run ran these in the same varnishd. */
const turnedOff = process.env.VARNISHTEST === 'off';

describe.skipIf((!installed && process.env.CI !== 'true') || turnedOff)('deploy/varnish.vcl under varnishtest', () => {
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
    writeFileSync(path.join(dir, 'query.vtc'), queryVtc());
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

  it('receives every query parameter a route reads, and 200 random ones leave the stored objects as they were', { timeout: 120_000 }, async () => {
    const { code, log } = await varnishtest(path.join(dir, 'query.vtc'), macros);
    expect(code, failure(log)).toBe(0);
  });

  it('receives, for every case of the TypeScript normalisation, the cookies and keys it says', { timeout: 120_000 }, async () => {
    const { code, log } = await varnishtest(path.join(dir, 'agreement.vtc'), macros);
    expect(code, failure(log)).toBe(0);
  });
});

if (turnedOff) {
  describe('deploy/varnish.vcl under varnishtest', () => {
    it.skip('skipped: VARNISHTEST=off (.ci/run ran them under Node 20 already)', () => {});
  });
} else if (!installed && process.env.CI !== 'true') {
  describe('deploy/varnish.vcl under varnishtest', () => {
    it.skip('skipped: varnishtest is not installed (Debian: apt-get install varnish varnish-modules, or scripts/ensure-varnish.sh as root)', () => {});
  });
}
