import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { env, type Locale } from '@/env';
import { getDb, type Db } from '@/server/db';
import { sharedSetting } from '@/server/db/settings';
import { publishedOfferedLanguages } from '@/server/http/offered-languages';

/**
 * The request header in which the production server (runtime/server.mjs) hands the client's address
 * to the app. The server always overwrites it: a value sent by the client never gets here.
 */
export const CLIENT_HEADER = 'x-fundhouse-client';

/**
 * Who sent a request, for the rate limit and captcha checks: the address runtime/server.mjs found
 * (the socket's peer, or what TRUSTED_PROXIES allows it to read from X-Forwarded-For, see
 * runtime/client-address.mjs). X-Forwarded-For itself is never read here: Next rewrites it, and a
 * client can write anything in it. Without the server around Next (`next dev`) every request is
 * 'unknown'.
 */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_HEADER)?.trim() || 'unknown';
}

/**
 * True for a form post another site made the visitor's browser send: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` that is neither the public origin (PUBLIC_BASE_URL) nor the host the request was
 * sent to. A request without `Origin` (a script, an old browser) is not refused here: the captcha
 * and the rate limit deal with those.
 */
export function isCrossSitePost(headers: Headers, requestUrl: string, publicBaseUrl: string): boolean {
  if (headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return true; // "null" (sandboxed frames, privacy redirects) or garbage: not our page
  }
  if (sender.origin === new URL(publicBaseUrl).origin) return false;
  const host = headers.get('host')?.trim().toLowerCase() || new URL(requestUrl).host;
  return sender.host !== host;
}

/** The name of the HMAC key in app_setting when CLIENT_HASH_SECRET is not set. */
export const CLIENT_HASH_SETTING = 'client-hash-secret';

type SecretHolder = { secret?: Promise<string> };
const holder = ((globalThis as { __fundhouseClientHashSecret?: SecretHolder }).__fundhouseClientHashSecret ??= {});

/** CLIENT_HASH_SECRET, else a random key made once and shared by every process through the database. */
function clientHashSecret(db?: Db): Promise<string> {
  const configured = env().CLIENT_HASH_SECRET;
  if (configured) return Promise.resolve(configured);
  holder.secret ??= (async () => sharedSetting(db ?? (await getDb()), CLIENT_HASH_SETTING, () => randomBytes(32).toString('base64url')))().catch((error: unknown) => {
    holder.secret = undefined;
    throw error;
  });
  return holder.secret;
}

/**
 * Submissions keep a keyed hash of the address (HMAC-SHA-256), never the address itself: without
 * the key, the hashes of the 2³² IPv4 addresses cannot be tabulated to find who sent what.
 */
export async function clientHash(address: string, db?: Db): Promise<string> {
  return createHmac('sha256', await clientHashSecret(db)).update(address).digest('hex');
}

/**
 * The language of a form request: the `locale` field the forms send, else the browser's preferred
 * languages (Accept-Language), else the default, among `served`: by default the languages the house
 * offers (published by the server, docs/decisions/061), the first the default.
 */
export function requestLocale(field: unknown, headers: Headers, served: readonly Locale[] = publishedOfferedLanguages()): Locale {
  if (typeof field === 'string' && (served as readonly string[]).includes(field)) return field as Locale;
  const wanted = (headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.split('-')[0]?.toLowerCase() ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (wanted.map((w) => w.language).find((l) => (served as readonly string[]).includes(l)) as Locale | undefined) ?? served[0] ?? 'fr';
}
