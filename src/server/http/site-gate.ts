/**
 * The "site not yet public" gate (issue 43, src/domain/setup/site-gate.ts), applied by the proxy
 * and by the routes the proxy leaves out (GraphQL). The proxy must not query the database: the
 * server publishes here, with the route catalog (src/server/http/route-catalog.ts), whether the site
 * is open, the house's name per language and the key that signs staff session cookies.
 */
import { closedLocale, closedPageHtml, isGatedPath, splitSignedCookie, STAFF_SESSION_COOKIES, type ClosedTexts } from '@/domain/setup/site-gate';
import en from '../../../messages/core/en.json';
import es from '../../../messages/core/es.json';
import fr from '../../../messages/core/fr.json';

export type SiteGate = { open: boolean; company: Readonly<Record<string, string>>; sessionSecret: string | null };

type Holder = { gate?: SiteGate; key?: { secret: string; key: Promise<CryptoKey> } };
const holder = ((globalThis as { __fundhouseSiteGate?: Holder }).__fundhouseSiteGate ??= {});

const TEXTS: Readonly<Record<string, ClosedTexts>> = { fr: fr.SiteClosed, en: en.SiteClosed, es: es.SiteClosed };

export function publishSiteGate(gate: SiteGate): void {
  holder.gate = gate;
}

/** Whether the site is open to visitors; open until the server has said otherwise. */
export function siteOpen(): boolean {
  return holder.gate?.open ?? true;
}

function hmacKey(secret: string): Promise<CryptoKey> {
  if (holder.key?.secret !== secret) {
    holder.key = { secret, key: crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']) };
  }
  return holder.key.key;
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * Whether the request carries a back-office session cookie signed with the server's key. The
 * session itself is checked by every back-office screen; here the signature is enough to show a
 * signed-in staff member the site being prepared (its pages hold nothing secret, only unpublished).
 */
export async function signedStaffCookie(headers: Headers): Promise<boolean> {
  const secret = holder.gate?.sessionSecret;
  if (!secret) return false;
  for (const name of STAFF_SESSION_COOKIES) {
    const raw = cookieValue(headers.get('cookie'), name);
    const signed = raw ? splitSignedCookie(raw) : null;
    if (!signed) continue;
    try {
      const signature = Uint8Array.from(atob(signed.signature), (c) => c.charCodeAt(0));
      if (await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, new TextEncoder().encode(signed.value))) return true;
    } catch {
      // Not base64: not ours.
    }
  }
  return false;
}

/** Headers of an answer to staff while the site is closed: nobody keeps it, no robot indexes it. */
export const CLOSED_STAFF_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } as const;

/**
 * The answer to a request while the site is not public: null when it goes on (the site is open, the
 * path is never held back, or staff are signed in), else the 503 page in the path's language.
 */
export async function closedSiteAnswer(pathname: string, headers: Headers, served: readonly string[]): Promise<Response | 'staff' | null> {
  const gate = holder.gate;
  if (!gate || gate.open || !isGatedPath(pathname)) return null;
  if (await signedStaffCookie(headers)) return 'staff';
  const locale = closedLocale(pathname, served.filter((l) => l in TEXTS)) ?? 'fr';
  return new Response(closedPageHtml(locale, TEXTS[locale] ?? fr.SiteClosed, gate.company[locale] ?? ''), {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '3600', 'x-robots-tag': 'noindex' },
  });
}
