/**
 * Mail never leaves in clear by accident: over smtp:// the site requires STARTTLS unless
 * SMTP_REQUIRE_TLS=false, against a real SMTP server that offers no STARTTLS.
 */
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { smtpOptions } from '../../src/server/outbox/drain';
import { startSmtpSink } from '../support/smtp-sink';

const smtp = await startSmtpSink();
afterAll(() => smtp.stop());

const message = (marker: string) => ({ from: 'site@fundhouse.test', to: 'staff@fundhouse.test', subject: marker, text: marker });

describe('SMTP transport', () => {
  it('requires STARTTLS over smtp://, and sends nothing to a server without it', async () => {
    const url = `smtp://127.0.0.1:${smtp.port}`;
    expect(smtpOptions(url, true).requireTLS).toBe(true);
    const transport = nodemailer.createTransport(smtpOptions(url, true) as Parameters<typeof nodemailer.createTransport>[0]);
    await expect(transport.sendMail(message('TLS-REQUIRED'))).rejects.toThrow(/STARTTLS/i);
    expect(smtp.mails.some((m) => m.raw.includes('TLS-REQUIRED'))).toBe(false);
  });

  it('sends in clear only when told to (a local test server)', async () => {
    const transport = nodemailer.createTransport(smtpOptions(`smtp://127.0.0.1:${smtp.port}`, false) as Parameters<typeof nodemailer.createTransport>[0]);
    await transport.sendMail(message('CLEAR-ALLOWED'));
    expect(smtp.mails.some((m) => m.raw.includes('CLEAR-ALLOWED'))).toBe(true);
  });

  it('does not ask for STARTTLS over smtps://, which is TLS from the first byte', () => {
    expect(smtpOptions('smtps://mail.example:465', true).requireTLS).toBe(false);
  });
});
