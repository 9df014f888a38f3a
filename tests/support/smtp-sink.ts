/**
 * A real SMTP server (the smtp-server package) for the tests: the site's nodemailer delivers to it
 * over TCP exactly as to a production relay. It keeps every message it accepts.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  mails: ReceivedMail[];
  /** The first mail whose decoded text contains `marker`, waiting for it up to `timeoutMs`. */
  waitFor(marker: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

/** The message with quoted-printable soft line breaks and escapes undone, good enough to search ASCII markers. */
export function decodeMail(raw: string): string {
  const bytes = Buffer.from(raw.replace(/=\r?\n/g, ''), 'utf8');
  const out: number[] = [];
  const hex = (b: number | undefined) => b !== undefined && /[0-9A-F]/.test(String.fromCharCode(b));
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i] as number;
    if (b === 0x3d && hex(bytes[i + 1]) && hex(bytes[i + 2])) {
      out.push(Number.parseInt(String.fromCharCode(bytes[i + 1] as number, bytes[i + 2] as number), 16));
      i += 2;
    } else out.push(b);
  }
  return new TextDecoder().decode(new Uint8Array(out));
}

/**
 * Starts the sink on `port` (0: any free port). The e2e server mails to one fixed port (PORT + 20000)
 * that several specs listen on in turn (forms, back-office invitations): while another spec holds
 * it, this waits for it, up to `waitForPortMs`.
 */
export async function startSmtpSink(port = 0, waitForPortMs = 120_000): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const deadline = Date.now() + waitForPortMs;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'], // plain SMTP on localhost: nodemailer would otherwise try TLS with a self-signed certificate
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
  let server = create();
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      break;
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!inUse || port === 0 || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
      server = create();
    }
  }
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    mails,
    async waitFor(marker, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => decodeMail(m.raw).includes(marker));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail containing "${marker}" within ${timeoutMs} ms (${mails.length} received)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPortLease = { release(): Promise<void> };

/**
 * The server has one SMTP_URL, so browser-test files that listen on it (forms.spec.ts, alerts.spec.ts)
 * must not do so at the same time, though Playwright runs them in parallel workers: each holds this
 * lease, a lock directory beside the system's temporary files, for as long as it uses the port.
 * A lease left by a process that died is taken over.
 */
export async function leaseSmtpPort(port: number, timeoutMs = 150_000): Promise<SmtpPortLease> {
  const dir = path.join(tmpdir(), `fundhouse-e2e-smtp-${port}.lock`);
  const owner = path.join(dir, 'pid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(dir);
      await writeFile(owner, String(process.pid));
      return { release: () => rm(dir, { recursive: true, force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(await readFile(owner, 'utf8').catch(() => ''));
    if (pid > 0 && !alive(pid)) await rm(dir, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`the SMTP port ${port} is still leased by process ${pid || '?'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
