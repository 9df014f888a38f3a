/**
 * A real SMTP server (the smtp-server package) for the tests: the site's nodemailer delivers to it
 * over TCP exactly as to a production relay. It keeps every message it accepts.
 */
import type { AddressInfo } from 'node:net';
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
