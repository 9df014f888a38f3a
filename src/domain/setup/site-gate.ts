/**
 * The "site not yet public" mode (issue 43): while a house prepares its site, visitors get a 503
 * page with noindex, and signed-in staff see the site as it will be. Pure rules; the proxy applies
 * them (src/proxy.ts, src/server/http/site-gate.ts).
 */

/** Paths that answer whatever the mode: the back-office and its APIs, health, reports, Next's files, and unsubscription links (never held back). */
const ALWAYS_OPEN = /^\/(?:admin|api\/(?:admin|health|internal|csp-report|vitals|test|newsletter\/unsubscribe)|_next)(?:\/|$)/;
/** The one-click unsubscription of fund alerts is exactly /api/alerts (its subscribe and manage routes are held back). */
const ALERTS_LINK = /^\/api\/alerts\/?$/;

/** Whether a path is held back from visitors while the site is not public. */
export function isGatedPath(pathname: string): boolean {
  return !ALWAYS_OPEN.test(pathname) && !ALERTS_LINK.test(pathname);
}

/** The session cookie of the back-office (Better Auth, prefix `staff`), over HTTP and HTTPS. */
export const STAFF_SESSION_COOKIES = ['__Secure-staff.session_token', 'staff.session_token'] as const;

/**
 * A signed cookie value as Better Auth writes it: `{token}.{base64 HMAC-SHA256}`, URL-encoded. Returns
 * the token and the signature to check, or null for anything else (bounded: a session token is short).
 */
export function splitSignedCookie(raw: string): { value: string; signature: string } | null {
  if (raw.length > 512) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const at = decoded.lastIndexOf('.');
  if (at < 1) return null;
  const signature = decoded.slice(at + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  return { value: decoded.slice(0, at), signature };
}

/** The 503 page's texts in one language (messages/core, `SiteClosed`). */
export type ClosedTexts = { title: string; message: string; anonymous: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The language of the 503 page: the path's prefix if the site serves it, else its first language. */
export function closedLocale<L extends string>(pathname: string, served: readonly L[]): L | undefined {
  const prefix = pathname.split('/')[1] ?? '';
  return served.find((locale) => locale === prefix) ?? served[0];
}

/** The 503 page: a title and one sentence naming the house, no script, no link out, noindex. */
export function closedPageHtml(locale: string, texts: ClosedTexts, company: string): string {
  const name = company.trim();
  const message = name === '' ? texts.anonymous : texts.message.replace('{company}', name);
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts.title)}</title></head><body style="font-family:system-ui,sans-serif;margin:0;padding:5rem 1rem;text-align:center"><main><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}
