import { describe, expect, it } from 'vitest';
import { MAX_PURGE_URLS, parsePurgeUrls, purgeBatches } from './purge-batches';

describe('purgeBatches', () => {
  it('joins the tags with spaces, once each, in batches no longer than the bound', () => {
    expect(purgeBatches(['fund:a', 'funds', 'fund:a', 'share:a/FR0000000001'])).toEqual(['fund:a funds share:a/FR0000000001']);
    const tags = Array.from({ length: 100 }, (_, i) => `fund:fund-number-${i}`);
    const batches = purgeBatches(tags, 200);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(200);
    expect(batches.join(' ').split(' ')).toEqual(tags);
  });

  it('drops what no header can carry: empty tags, tags with spaces, a tag longer than a batch', () => {
    expect(purgeBatches(['', 'a b', 'x'.repeat(11), 'ok'], 10)).toEqual(['ok']);
    expect(purgeBatches([])).toEqual([]);
  });
});

describe('parsePurgeUrls', () => {
  it('reads one or several http(s) URLs', () => {
    expect(parsePurgeUrls(undefined)).toEqual([]);
    expect(parsePurgeUrls('  ')).toEqual([]);
    expect(parsePurgeUrls('http://127.0.0.1:6081/')).toEqual(['http://127.0.0.1:6081/']);
    expect(parsePurgeUrls('http://10.0.0.1:6081/, https://cache-2.internal/')).toEqual(['http://10.0.0.1:6081/', 'https://cache-2.internal/']);
  });

  it('refuses anything else, and too many', () => {
    expect(parsePurgeUrls('varnish:6081')).toBeNull();
    expect(parsePurgeUrls('ftp://cache/')).toBeNull();
    expect(parsePurgeUrls(Array.from({ length: MAX_PURGE_URLS + 1 }, (_, i) => `http://c${i}/`).join(','))).toBeNull();
  });
});
