import { createServer, request as httpRequest, Agent, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.mjs';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server = undefined;
});

/** A server whose /slow answers when `release()` is called, and / at once. */
async function start() {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server = createServer((req, res) => {
    if (req.url === '/slow') void released.then(() => res.end('slow done'));
    else res.end('fast');
  });
  const lifecycle = gracefulShutdown(server);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { lifecycle, port, release };
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server has the request under way (5 s at most). A fixed tick was not enough on a
 * loaded 2-core machine: the timer could fire before the event loop had read the request.
 */
async function underWay(lifecycle: { active: number }, count = 1) {
  for (let waited = 0; lifecycle.active < count && waited < 5_000; waited += 10) await tick(10);
}

describe('gracefulShutdown', () => {
  it('stops accepting, lets the request under way finish, then closes the app once', async () => {
    const { lifecycle, port, release } = await start();
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, '/', agent)).body).toBe('fast'); // leaves an idle keep-alive connection
    const slow = get(port, '/slow');
    await underWay(lifecycle);
    expect(lifecycle.active).toBe(1);
    const events: string[] = [];
    const stopped = lifecycle.stop({ graceMs: 5_000, acceptMs: 100, close: async () => void events.push('closed') });
    // A connection made within acceptMs is still taken, and told to close after its answer…
    expect(await get(port, '/')).toMatchObject({ status: 200, body: 'fast', connection: 'close' });
    await tick(150);
    // …after it, new connections are refused; the app is not closed while a request runs.
    await expect(get(port, '/')).rejects.toThrow(/ECONNREFUSED/);
    expect(events).toEqual([]);
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'slow done' });
    expect(await stopped).toEqual({ forced: false });
    expect(events).toEqual(['closed']);
    // A second signal changes nothing.
    expect(await lifecycle.stop()).toEqual({ forced: false });
    expect(events).toEqual(['closed']);
    agent.destroy();
  });

  it('cuts a request still running after the grace period, then closes the app', async () => {
    const { lifecycle, port } = await start();
    const slow = get(port, '/slow');
    await underWay(lifecycle);
    expect(lifecycle.active).toBe(1);
    let closed = false;
    const result = await lifecycle.stop({ graceMs: 200, acceptMs: 0, close: async () => void (closed = true) });
    expect(result).toEqual({ forced: true });
    expect(closed).toBe(true);
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('serves a request that arrives on a connection opened before the signal, then closes', async () => {
    const { lifecycle, port } = await start();
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await tick();
    const stopped = lifecycle.stop({ graceMs: 5_000, freshGraceMs: 1_000, acceptMs: 0 });
    await tick(200);
    // The request comes after the signal, on the connection accepted before it: served, not reset.
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('fast');
    expect(await stopped).toEqual({ forced: false });
  });

  it('closes a connection that sends nothing once the fresh grace is over', async () => {
    const { lifecycle, port } = await start();
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await tick();
    const started = Date.now();
    expect(await lifecycle.stop({ graceMs: 5_000, freshGraceMs: 300, acceptMs: 0 })).toEqual({ forced: false });
    await ended;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
