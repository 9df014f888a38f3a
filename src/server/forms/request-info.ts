import 'server-only';
import { createHash } from 'node:crypto';
import { env, type Locale } from '@/env';

/**
 * Who sent a form request, for the rate limit. Behind a load balancer, the last address of
 * X-Forwarded-For is the one it appended (the client as it saw it; earlier entries are whatever the
 * client claimed). Without a proxy, Next fills the header with the socket's address. Deploy behind a
 * proxy that appends to X-Forwarded-For, or a client can pick its own address.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
  return last || headers.get('x-real-ip')?.trim() || 'unknown';
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

/** Submissions keep a hash of the address, never the address itself. */
export function clientHash(address: string): string {
  return createHash('sha256').update(`fundhouse-forms:${address}`).digest('hex');
}

/**
 * The language of a form request: the `locale` field the forms send, else the browser's preferred
 * languages (Accept-Language), else fr, the default (SPEC §1).
 */
export function requestLocale(field: unknown, headers: Headers): Locale {
  const served = env().locales;
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
  return (wanted.map((w) => w.language).find((l) => (served as readonly string[]).includes(l)) as Locale | undefined) ?? 'fr';
}
