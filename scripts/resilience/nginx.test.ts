import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@/domain/csv/import';
import { REGISTRATION_LIMITS } from '@/domain/csv/registrations';
import { DIVIDEND_LIMITS } from '@/domain/dividends/csv';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { bodyLimit } from '../../runtime/body-limits.mjs';
import { DEPLOY_CONF, nginxConf } from './nginx';

const conf = readFileSync(DEPLOY_CONF, 'utf8');

/** nginx's size syntax: 64k, 11m, 21m. */
function bytes(size: string): number {
  const match = /^(\d+)([km]?)$/i.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  return Number(match[1]) * ({ '': 1, k: 1024, m: 1024 * 1024 }[(match[2] ?? '').toLowerCase()] ?? 1);
}

/** The location nginx picks for a path among those setting a body size (an exact one first, else the longest prefix), and that size. */
function nginxLocation(path: string): { size: number; body: string } | null {
  let best: { length: number; exact: boolean; size: number; body: string } | null = null;
  for (const [, modifier, location, body] of conf.matchAll(/location\s+(=\s+)?(\S+)\s*\{([^}]*)\}/g)) {
    const exact = Boolean(modifier);
    const matches = exact ? path === location : path.startsWith(location ?? '');
    const size = /client_max_body_size\s+(\w+);/.exec(body ?? '')?.[1];
    const length = (location ?? '').length;
    if (matches && size && (!best || (exact && !best.exact) || (exact === best.exact && length > best.length))) best = { length, exact, size: bytes(size), body: body ?? '' };
  }
  return best;
}

/** The client_max_body_size nginx applies to a path: its location's (prefix or exact), else the http block's. */
function nginxLimit(path: string): number {
  const global = /^\s{2}client_max_body_size\s+(\w+);/m.exec(conf)?.[1];
  return nginxLocation(path)?.size ?? bytes(global ?? '1m');
}

describe('deploy/nginx.conf', () => {
  it("lets through every body the app takes, and refuses first what the app would refuse", () => {
    for (const [path, staff] of [
      ['/fr/nous-connaitre', false],
      ['/api/forms/career', false],
      ['/graphql', false],
      ['/_content/fr/news', false],
      ['/admin/funds', true],
      ['/api/locale', false],
    ] as const) {
      const app = bodyLimit(path, { staff }) ?? 0;
      const proxy = nginxLimit(path);
      expect(proxy, path).toBeGreaterThanOrEqual(app);
      // Within 1 MB of the app's limit: a body the app refuses is refused before nginx buffers it.
      expect(proxy - app, path).toBeLessThan(1024 * 1024);
    }
  });

  it("streams the import API to the app, whose routes bound their bodies, with room for each route's whole limit", () => {
    for (const [path, routeBytes] of [
      ['/api/admin/v1/navs', IMPORT_LIMITS.maxBytes],
      ['/api/admin/v1/benchmarks', IMPORT_LIMITS.maxBytes],
      ['/api/admin/v1/scenarios', IMPORT_LIMITS.maxBytes],
      ['/api/admin/v1/documents', MAX_DOCUMENT_BYTES],
      ['/api/admin/v1/registrations', REGISTRATION_LIMITS.maxBytes],
      ['/api/admin/v1/distributions', DIVIDEND_LIMITS.maxBytes],
    ] as const) {
      expect(bodyLimit(path), path).toBeNull();
      expect(nginxLimit(path), path).toBeGreaterThanOrEqual(routeBytes);
      expect(nginxLocation(path)?.body, path).toMatch(/proxy_request_buffering\s+off;/);
    }
    // The registration matrix (2 MB, docs/registrations.md): nginx refuses what is far above it first.
    expect(nginxLimit('/api/admin/v1/registrations') - REGISTRATION_LIMITS.maxBytes).toBeLessThan(1024 * 1024);
    expect(nginxLimit('/api/admin/v1/distributions') - DIVIDEND_LIMITS.maxBytes).toBeLessThan(1024 * 1024);
  });

  it('has the lines the resilience suite replaces to run it on other ports', () => {
    const local = nginxConf(3607, [3606]);
    expect(local).toContain('listen 127.0.0.1:3607;');
    expect(local).not.toContain('listen 80;');
    expect(local.match(/server 127\.0\.0\.1:\d+;/g)).toEqual(['server 127.0.0.1:3606;']);
  });
});
