/**
 * The script hashes a cached page needs under the public site's strict CSP (docs/decisions/028).
 *
 * The proxy gives every page request a fresh nonce (src/server/http/security-headers.ts), and Next
 * stamps it on every script it writes while rendering: a page rendered for this request runs with
 * the nonce alone. A page served from Next's cache was rendered for an earlier request, so its
 * scripts carry that request's nonce, which the CSP of this answer does not name. For such a body
 * the production server (runtime/server.mjs, through runtime/compressed-responses.mjs) adds to the
 * CSP the SHA-256 of each inline script the framework wrote, computed once per distinct body.
 *
 * Which scripts are the framework's: those that carry the nonce the page was rendered with, read
 * from the first script of `<head>` (Next's own, before any content). Content — the only place
 * where injected HTML could hide — is in `<body>`, is rendered with that nonce unknown to whoever
 * wrote it (a fresh random value per render), so an injected inline script never gets a hash:
 * hashing every inline script of the body would allow it too.
 */
import { createHash } from 'node:crypto';

/** A script element as the HTML parser cuts it: its text runs to the first `</script`. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;
const NONCE = /\snonce="([^"]*)"/i;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*"([^"]*)"/i;
/** Types the browser runs; data blocks (application/ld+json) are not scripts for the CSP. */
const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The nonce the page was rendered with: that of the first script of `<head>` (Next's chunks, written
 * right after the charset, viewport and stylesheets, before anything from content), or null.
 */
export function renderNonceOf(html) {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return null;
  const first = /<script\b([^>]*)>/i.exec(html.slice(0, headEnd));
  return (first && NONCE.exec(first[1] ?? '')?.[1]) || null;
}

/** `'sha256-…'` of a script's text as the browser hashes it (the parser turns CR LF into LF). */
export function scriptHash(text) {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;
}

/**
 * The CSP sources (space-separated) of the inline scripts of `html` that carry the nonce it was
 * rendered with; '' when it has none (a page built without a nonce runs none of its inline scripts).
 */
export function inlineScriptSources(html) {
  const nonce = renderNonceOf(html);
  if (!nonce) return '';
  const sources = new Set();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes) || NONCE.exec(attributes)?.[1] !== nonce) continue;
    if (!EXECUTABLE.has((TYPE.exec(attributes)?.[1] ?? '').trim().toLowerCase())) continue;
    sources.add(scriptHash(text));
  }
  return [...sources].join(' ');
}

/** The policy with `sources` added to its script-src directive (unchanged without one). */
export function withScriptSources(policy, sources) {
  if (!sources || !policy) return policy;
  return String(policy).replace(/(^|;\s*)(script-src\b[^;]*)/i, (_, before, directive) => `${before}${directive.trimEnd()} ${sources}`);
}

/** Whether a response is an HTML document (the only kind whose inline scripts a CSP concerns). */
export function isHtml(contentType) {
  return /^\s*text\/html\b/i.test(String(contentType ?? ''));
}
