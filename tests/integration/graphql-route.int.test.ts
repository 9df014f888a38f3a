/**
 * POST /graphql as the route handler serves it: the body is counted while it is read, so neither
 * a chunked body nor a Content-Length that lies can pass MAX_BODY_BYTES.
 */
import { describe, expect, it } from 'vitest';
import { GET, POST } from '../../src/app/graphql/route';
import { MAX_BODY_BYTES } from '../../src/server/graphql/yoga';

const encoder = new TextEncoder();

/** A chunked body (no Content-Length): `first`, then `chunks` pieces of `filler` spaces. */
function chunked(first: string, filler: number, chunks: number) {
  const probe = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      probe.pulls += 1;
      if (probe.pulls === 1) controller.enqueue(encoder.encode(first));
      else if (probe.pulls <= chunks + 1) controller.enqueue(encoder.encode(' '.repeat(filler)));
      else controller.close();
    },
    cancel() {
      probe.cancelled = true;
    },
  });
  return { stream, probe };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  POST(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  );

const QUERY = JSON.stringify({ query: '{ countries(locale: "fr") { code } }' });

describe('/graphql request bodies', () => {
  it('answers a query sent as a chunked body without Content-Length', async () => {
    const { stream } = chunked(QUERY, 1000, 3);
    const res = await post(stream);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data?: { countries: unknown[] } };
    expect(body.data?.countries.length).toBeGreaterThan(0);
  });

  it('stops an endless chunked body just past the limit with 413, and cancels it', async () => {
    const { stream, probe } = chunked('{"query":"{ __typename }","variables":{"x":"', 10_000, Number.POSITIVE_INFINITY);
    const res = await post(stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ message: `Request body too large (limit ${MAX_BODY_BYTES} bytes).` }] });
    expect(probe.cancelled).toBe(true);
    expect(probe.pulls).toBeLessThan(MAX_BODY_BYTES / 10_000 + 4);
  });

  it('answers 413 when the body is longer than its Content-Length says, or the declared length is over the limit', async () => {
    const { stream } = chunked(QUERY, 50_000, 4);
    expect((await post(stream, { 'content-length': String(QUERY.length) })).status).toBe(413);
    expect((await post(QUERY, { 'content-length': String(MAX_BODY_BYTES + 1) })).status).toBe(413);
  });

  it('still serves GET queries, which have no body', async () => {
    const url = `http://localhost/graphql?query=${encodeURIComponent('{ countries(locale: "fr") { code } }')}`;
    const res = await GET(new Request(url, { headers: { accept: 'application/json' } }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data?: { countries: unknown[] } }).data?.countries.length).toBeGreaterThan(0);
  });
});
