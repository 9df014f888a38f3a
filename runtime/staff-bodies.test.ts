import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admitBody, hasSessionCookie } from './staff-bodies.mjs';

const MB = 1024 * 1024;
let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** The app behind: reads the whole body; `asked` counts the session checks, `served` the requests let through. */
async function start(staff: boolean) {
  const seen = { asked: 0, served: 0, read: 0 };
  server = createServer((req, res) => {
    const isStaff = async (cookie: string | undefined) => {
      seen.asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 30)); // a database lookup
      return staff && cookie === 'staff.session_token=valid.sig';
    };
    admitBody(req, res, (req.url ?? '/').split('?')[0] ?? '/', { isStaff }, () => {
      seen.served += 1;
      let length = 0;
      req.on('data', (chunk: Buffer) => {
        length += chunk.length;
        seen.read += chunk.length;
      });
      req.on('end', () => res.end(`read ${length}`));
      req.on('error', () => undefined);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server!.address() as AddressInfo).port, seen };
}

type Sent = { answer: string; sentWhenAnswered: number; total: number };

/** Posts `total` bytes in 64 KB pieces (declared, or chunked); returns the answer and how much was sent by then. */
function post(port: number, path: string, total: number, { cookie, chunked = false }: { cookie?: string; chunked?: boolean } = {}): Promise<Sent> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    let sent = 0;
    let sentWhenAnswered = -1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ answer, sentWhenAnswered, total });
    };
    socket.on('data', (chunk: Buffer) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      answer += chunk.toString('latin1');
    });
    socket.on('close', finish);
    socket.on('error', finish);
    socket.on('connect', async () => {
      const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}${length}\r\n\r\n`);
      const piece = 'a'.repeat(65_536);
      while (sent < total && !done && !socket.destroyed && sentWhenAnswered < 0) {
        const part = piece.slice(0, Math.min(piece.length, total - sent));
        const flushed = socket.write(chunked ? `${part.length.toString(16)}\r\n${part}\r\n` : part);
        sent += part.length;
        // A turn of the event loop between writes, so the answer is seen as it arrives, not after the
        // kernel's buffers fill up.
        if (!flushed) await new Promise((resolve) => socket.once('drain', resolve));
        else await new Promise((resolve) => setImmediate(resolve));
      }
      if (chunked && !done && !socket.destroyed && sentWhenAnswered < 0) socket.write('0\r\n\r\n');
    });
  });
}

describe('admitBody: small bodies before a session', () => {
  it('answers 413 to 15 MB on /admin/login without a session before the body is read, while the client is still sending', async () => {
    const { port, seen } = await start(true);
    const { answer, sentWhenAnswered, total } = await post(port, '/admin/login', 15 * MB);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sentWhenAnswered).toBeGreaterThanOrEqual(0);
    expect(sentWhenAnswered).toBeLessThan(total);
    expect(seen).toEqual({ asked: 0, served: 0, read: 0 });
  });

  it('answers 413 to a chunked body past 64 KB without a session', async () => {
    const { port, seen } = await start(true);
    const { answer, sentWhenAnswered, total } = await post(port, '/admin/funds/1/edit', 15 * MB, { chunked: true });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sentWhenAnswered).toBeLessThan(total);
    // No length to judge from the head: the app may start reading, but never gets past 64 KB.
    expect(seen.read).toBeLessThanOrEqual(64 * 1024);
  });

  it('answers 413 to a forged, expired or revoked session cookie, after asking about it', async () => {
    const { port, seen } = await start(false);
    const { answer, sentWhenAnswered, total } = await post(port, '/admin/documents', 15 * MB, { cookie: 'staff.session_token=forged.sig' });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sentWhenAnswered).toBeLessThan(total);
    expect(seen).toEqual({ asked: 1, served: 0, read: 0 });
  });

  it('lets a live staff session post a large file', async () => {
    const { port, seen } = await start(true);
    const { answer } = await post(port, '/admin/documents', 3 * MB, { cookie: 'staff.session_token=valid.sig' });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(`read ${3 * MB}`);
    expect(seen).toMatchObject({ asked: 1, served: 1, read: 3 * MB });
  });

  it('lets the sign-in form through without asking about any session, and keeps other paths at their limits', async () => {
    const { port, seen } = await start(true);
    expect((await post(port, '/admin/login', 2_000)).answer).toContain('read 2000');
    expect((await post(port, '/admin/login', 2_000, { cookie: 'staff.session_token=valid.sig' })).answer).toContain('read 2000');
    expect(seen.asked).toBe(0);
    // A session is no passport outside the back-office.
    expect((await post(port, '/graphql', 1 * MB, { cookie: 'staff.session_token=valid.sig' })).answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(seen.asked).toBe(0);
  });

  it('lets a registration file of 1.5 MB through to the import API, which bounds its own body at 2 MB', async () => {
    const { port, seen } = await start(false);
    const { answer } = await post(port, '/api/admin/v1/registrations', 1.5 * MB);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(`read ${1.5 * MB}`);
    expect(seen).toMatchObject({ asked: 0, served: 1 });
  });

  it('recognises the session cookie by its name only', () => {
    expect(hasSessionCookie('staff.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('a=1; __Secure-staff.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('xstaff.session_token=abc')).toBe(false);
    expect(hasSessionCookie('staff.session_token=')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
