/**
 * The one rule for a stored text that becomes an href (a page component's `*-url` text, the
 * company's LinkedIn, a news item's external link, a fund partner's site): it is an `https:`
 * address, a `mailto:` or `tel:` link, or a path of this site (one leading '/', never '//').
 * Everything else (`javascript:`, `data:`, `vbscript:`, `http:`, protocol-relative `//host`,
 * `/\host`, a scheme hidden by case, controls, whitespace or entities) is refused: on save with a
 * translated error, and again when served (GraphQL and the pages drop the value), so a value
 * planted in the database never reaches a visitor's browser (docs/decisions/029).
 *
 * The value is checked exactly as stored: nothing is trimmed or decoded here, because a browser
 * ignores tabs and newlines anywhere in a URL and trims controls around it (WHATWG URL) and so could
 * read a scheme the check did not see. Such characters are refused outright instead.
 */

/** Longest link kept: far above any real address, far below what a page should carry. */
export const LINK_MAX_LENGTH = 2_000;

/** Kinds of link a field may restrict itself to (an external news link is https only). */
export type LinkKind = 'https' | 'mailto' | 'tel' | 'path';
export const ALL_LINK_KINDS: readonly LinkKind[] = ['https', 'mailto', 'tel', 'path'];

/**
 * Characters never in a link as stored: ASCII controls and space, DEL and C1 controls, Unicode
 * spaces, zero-width and bidirectional marks, the BOM; the backslash (read as '/' by browsers:
 * `/\evil.example` is `//evil.example`); quotes, angle brackets and backtick (always percent-encoded
 * in a real address, and the stuff of attribute injection); '&' followed by a name or number
 * that would be an HTML entity is caught by the scheme rule below.
 */
const FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\"'<>`]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** RFC 3966 global number with its visual separators. */
const TEL = /^\+?[0-9][0-9.()-]{2,30}$/;
/** One or more addresses, then optional headers (?subject=…), percent-encoded. */
const MAILTO = /^[^@?,;:/]+@[^@?,;:/]+\.[^@?,;:/]+(?:,[^@?,;:/]+@[^@?,;:/]+\.[^@?,;:/]+)*(?:\?[^?]*)?$/;
const SITE = 'https://site.invalid';

/** The kind of a valid link, or null when the value must not be an href. */
export function linkKind(value: unknown): LinkKind | null {
  if (typeof value !== 'string' || value === '' || value.length > LINK_MAX_LENGTH) return null;
  if (FORBIDDEN.test(value)) return null;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return null;
    try {
      // A path stays on this site: the parser agrees (no host, no other origin).
      return new URL(value, SITE).origin === SITE ? 'path' : null;
    } catch {
      return null;
    }
  }
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'https') {
    try {
      const url = new URL(value);
      // No credentials (https://bank.example@evil.example reads as bank's), a real host name.
      const ok = url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname.includes('.') && value.slice(6, 8) === '//';
      return ok ? 'https' : null;
    } catch {
      return null;
    }
  }
  if (scheme === 'mailto') return MAILTO.test(value.slice('mailto:'.length)) ? 'mailto' : null;
  if (scheme === 'tel') return TEL.test(value.slice('tel:'.length)) ? 'tel' : null;
  // Any other scheme, or no scheme and no leading '/' (a relative path, 'javascript%3A…', '&#106;…').
  return null;
}

/** Whether the value is a link this site renders, of one of the kinds given. */
export function isSafeLink(value: unknown, kinds: readonly LinkKind[] = ALL_LINK_KINDS): value is string {
  const kind = linkKind(value);
  return kind !== null && kinds.includes(kind);
}

/** The value when it is a safe link, else null: what GraphQL and the pages serve. */
export function safeLink(value: string | null | undefined, kinds: readonly LinkKind[] = ALL_LINK_KINDS): string | null {
  return isSafeLink(value, kinds) ? value : null;
}

/** A page component's text is a link when its code ends in -url (docs/product.md §3). */
export const isLinkTextCode = (code: string) => code.endsWith('-url');

/** The company infos that are links. */
export const LINK_INFO_CODES: readonly string[] = ['LINKEDIN'];
