import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { authSecret } from '@/server/auth/secret';
import type { Db } from '@/server/db/client';

/**
 * A link that grants something (a set-password or an unsubscribe link) waits in the outbox
 * encrypted, never readable (docs/decisions/026): AES-256-GCM under a key derived (HKDF-SHA-256)
 * from the auth secret, bound to the mail's recipient (a sealed link moved to another row does
 * not open). The outbox worker opens it at send time only, and clears it once the mail is sent.
 */
const VERSION = 'v1';
const INFO = 'fundhouse mail_outbox link v1';

const keys = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'mail-link', INFO, 32));
    keys.clear();
    keys.set(secret, key);
  }
  return key;
}

const recipient = (to: string) => Buffer.from(to.trim().toLowerCase(), 'utf8');

export async function sealLink(db: Db, url: string, to: string): Promise<string> {
  return sealLinkWithSecret(await authSecret(db), url, to);
}

/** The same with the auth secret already read: a batch of mails (the fund alerts' digests) reads it once. */
export function sealLinkWithSecret(secret: string, url: string, to: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(recipient(to));
  const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The link, or an error when the value was not sealed for this recipient with this secret (AUTH_SECRET changed). */
export async function openLink(db: Db, sealed: string, to: string): Promise<string> {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new Error('mail link: not a sealed link');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(await authSecret(db)), Buffer.from(iv, 'base64url'));
  decipher.setAAD(recipient(to));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('mail link: cannot be opened (was AUTH_SECRET changed since the mail was queued?)');
  }
}
