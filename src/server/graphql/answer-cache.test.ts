import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerEncoding, answerKey, createAnswerCache, isReplayable } from './answer-cache';

const JSON_TYPE = 'application/json; charset=utf-8';

describe('the serialized answers of /graphql', () => {
  it('keys by the exact body, the media type asked for and the session', () => {
    const body = new TextEncoder().encode('{"query":"{ countries(locale: \\"fr\\") { code } }"}');
    const key = answerKey(body, 'application/json', null);
    expect(answerKey(body.slice(), 'application/json', null)).toBe(key);
    expect(answerKey(body, 'application/graphql-response+json', null)).not.toBe(key);
    expect(answerKey(body, 'application/json', 'Bearer a')).not.toBe(key);
    expect(answerKey(new TextEncoder().encode('{"query":"{ countries(locale: \\"en\\") { code } }"}'), 'application/json', null)).not.toBe(key);
  });

  it('keeps only successful JSON answers without any error', () => {
    expect(isReplayable(200, JSON_TYPE, '{"data":{"a":1}}')).toBe(true);
    expect(isReplayable(200, JSON_TYPE, '{"data":{"a":null},"errors":[{"message":"x"}]}')).toBe(false);
    expect(isReplayable(200, JSON_TYPE, '{"errors":[{"message":"x"}]}')).toBe(false);
    expect(isReplayable(400, JSON_TYPE, '{"data":{"a":1}}')).toBe(false);
    expect(isReplayable(200, 'text/html', '{"data":{"a":1}}')).toBe(false);
    // A text that merely mentions errors is fine; an alias named "errors" is not kept (always correct).
    expect(isReplayable(200, JSON_TYPE, '{"data":{"t":"no \\"errors\\": here"}}')).toBe(true);
    expect(isReplayable(200, JSON_TYPE, '{"data":{"errors":1}}')).toBe(false);
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(answerEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(answerEncoding('gzip')).toBe('gzip');
    expect(answerEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(answerEncoding('identity')).toBeNull();
    expect(answerEncoding(null)).toBeNull();
  });

  it('compresses an answer once per encoding, and stays within its byte budget', () => {
    const cache = createAnswerCache({ maxBytes: 50_000, maxEntryBytes: 20_000, ttlMs: 60_000 });
    const text = `{"data":{"t":"${'x'.repeat(8_000)}"}}`;
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, JSON_TYPE, text);
    expect(cache.bytesHeld).toBeLessThanOrEqual(50_000);
    expect(cache.get('k0')).toBeUndefined();
    const answer = cache.get('k9')!;
    const br = cache.bytes(answer, 'br');
    expect(cache.bytes(answer, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(cache.bytes(answer, 'gzip')).toString()).toBe(text);
    expect(cache.bytes(answer, null).toString()).toBe(text);
    // An answer above the entry limit is not kept.
    cache.set('big', JSON_TYPE, `{"data":{"t":"${'x'.repeat(20_000)}"}}`);
    expect(cache.get('big')).toBeUndefined();
  });
});
