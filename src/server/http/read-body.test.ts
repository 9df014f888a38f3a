import { describe, expect, it } from 'vitest';

import { readBody } from './read-body';

const encoder = new TextEncoder();
const LIMITS = { maxBytes: 1000, timeoutMs: 5000 };

type Probe = { pulls: number; cancelled: boolean };

/** A chunked body (no Content-Length): `chunk` bytes per pull, forever unless `chunks` is given. */
function streamed(chunk: number, chunks = Number.POSITIVE_INFINITY): { stream: ReadableStream<Uint8Array>; probe: Probe } {
  const probe: Probe = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      probe.pulls += 1;
      if (probe.pulls > chunks) controller.close();
      else controller.enqueue(new Uint8Array(chunk).fill(120));
    },
    cancel() {
      probe.cancelled = true;
    },
  });
  return { stream, probe };
}

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

describe('readBody', () => {
  it('reads a chunked body without Content-Length when it fits', async () => {
    const { stream } = streamed(100, 5);
    const result = await readBody(post(stream), LIMITS);
    expect(result.ok && result.bytes.byteLength).toBe(500);
  });

  it('reads a plain body and an absent one', async () => {
    const result = await readBody(post('{"a":1}'), LIMITS);
    expect(result.ok && new TextDecoder().decode(result.bytes)).toBe('{"a":1}');
    const empty = await readBody(new Request('http://localhost/x'), LIMITS);
    expect(empty.ok && empty.bytes.byteLength).toBe(0);
  });

  it('stops an endless chunked body as soon as it passes the cap, and cancels the stream', async () => {
    const { stream, probe } = streamed(300);
    expect(await readBody(post(stream), LIMITS)).toEqual({ ok: false, failure: 'tooLarge' });
    expect(probe.cancelled).toBe(true);
    // 4 chunks of 300 bytes pass 1000; the stream may have been asked for one more ahead.
    expect(probe.pulls).toBeLessThanOrEqual(6);
  });

  it('ignores a Content-Length that understates the body', async () => {
    const { stream, probe } = streamed(400);
    expect(await readBody(post(stream, { 'content-length': '10' }), LIMITS)).toEqual({ ok: false, failure: 'tooLarge' });
    expect(probe.cancelled).toBe(true);
    const plain = await readBody(post('x'.repeat(1001), { 'content-length': '5' }), LIMITS);
    expect(plain).toEqual({ ok: false, failure: 'tooLarge' });
  });

  it('refuses a declared length over the cap without reading', async () => {
    const { stream, probe } = streamed(10, 1);
    expect(await readBody(post(stream, { 'content-length': '1001' }), LIMITS)).toEqual({ ok: false, failure: 'tooLarge' });
    expect(probe.cancelled).toBe(true);
  });

  it('accepts exactly the cap', async () => {
    const result = await readBody(post(encoder.encode('y'.repeat(1000))), LIMITS);
    expect(result.ok).toBe(true);
  });

  it('gives up on a body that does not arrive in time, and cancels it', async () => {
    const probe = { cancelled: false };
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"where":'));
      },
      cancel() {
        probe.cancelled = true;
      },
    });
    expect(await readBody(post(stalled), { maxBytes: 1000, timeoutMs: 30 })).toEqual({ ok: false, failure: 'timeout' });
    expect(probe.cancelled).toBe(true);
  });

  it('reports a failing stream as unreadable', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    expect(await readBody(post(broken), LIMITS)).toEqual({ ok: false, failure: 'unreadable' });
    const used = post('abc');
    await used.text();
    expect(await readBody(used, LIMITS)).toEqual({ ok: false, failure: 'unreadable' });
  });
});
