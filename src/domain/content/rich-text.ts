import sanitizeHtml from 'sanitize-html';

/**
 * docs/product.md §5: rich text from content keeps only bold, italic, strong and links with an href. This
 * module is the one place content HTML is cleaned; components inject nothing else.
 *
 * Links keep http, https, mailto and site-relative targets. Any other target (`javascript:`,
 * `data:`, `vbscript:`, protocol-relative `//host`, however it is disguised with entities, case,
 * tabs or control characters) makes the link plain text: an `<a>` without an href is not a link,
 * so it is unwrapped rather than left as a dead anchor. Every other tag is dropped keeping its
 * text, except tags whose content is code, which go with their content.
 */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * The target a browser would follow: it ignores ASCII tab and newlines anywhere in a URL and
 * trims leading and trailing C0 controls and spaces (WHATWG URL parsing), so we do too before
 * reading the scheme. The parser has already decoded entities (`java&#x09;script:`).
 */
function browserView(href: string): string {
  return href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/** The href to keep, or null when the link must lose it. */
export function safeHref(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const href = browserView(raw);
  if (href === '') return null;
  if (/[\u0000-\u001f\u007f]/.test(href)) return null;
  if (href.startsWith('//') || href.startsWith('\\\\') || href.startsWith('/\\')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme !== undefined) return (ALLOWED_SCHEMES as readonly string[]).includes(scheme) ? href : null;
  // No scheme: a path, a query or a fragment of this site. A colon before any / ? # would be read
  // as a scheme by some parsers ("javascript&colon;" decodes to one): refuse it.
  return /^[^/?#]*:/.test(href) ? null : href;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'strong', 'a'],
  allowedAttributes: { a: ['href'] },
  // Second line of defence behind safeHref: sanitize-html drops any other scheme on its own.
  allowedSchemes: [...ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Tags whose content is code or markup, not text: removed with their content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'xmp', 'noembed', 'noframes'],
  enforceHtmlBoundary: false,
  transformTags: {
    // An unsafe or missing href leaves the link without one, and the filter below unwraps it. (Renaming
    // the tag instead, to one not allowed, made sanitize-html 2.17 close the next link at that depth
    // with the renamed tag: `<a>b</a> <a href="/x">d</a>` gave `b <a href="/x">d</span>`.)
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return { tagName: 'a', attribs: href === null ? {} : { href } };
    },
  },
  // A link without an href: its text stays, the tag goes.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Paragraphs of a content text: blank lines separate them (the convention of the seeded texts). */
export function richTextParagraphs(html: string): string[] {
  return sanitizeRichText(html)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The words of a rich text without any markup, for feeds, metadata and search. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The longest body the back-office accepts, as posted (before cleaning). */
export const MAX_RICH_TEXT_INPUT = 200_000;

/**
 * The back-office editor's HTML (Tiptap: `<p>` paragraphs, `<strong>`, `<em>`, `<a href>`) as the
 * site stores rich text: paragraphs separated by a blank line, `<em>` written `<i>`, then through
 * the one cleaner above (sanitizeRichText), so anything posted past the editor (a `<script>`, an
 * `onclick`, a `javascript:` link) is gone however it was sent. A line break becomes a space.
 */
export function richTextFromEditor(html: string): string {
  const marked = sanitizeHtml(html.slice(0, MAX_RICH_TEXT_INPUT), {
    allowedTags: ['p', 'br', 'b', 'i', 'strong', 'em', 'a'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: [...ALLOWED_SCHEMES],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: OPTIONS.nonTextTags,
    transformTags: { em: 'i' },
  });
  const paragraphs = marked
    .replace(/<br \/>|<br>/g, ' ')
    .split(/<\/p>/)
    .map((p) => sanitizeRichText(p.replace(/<p>/g, '').replace(/\s*\n\s*/g, ' ')).trim())
    .filter((p) => richTextToPlain(p) !== '' || /<a /.test(p));
  return paragraphs.join('\n\n');
}

/** Stored rich text as the editor's HTML: each blank-line paragraph a `<p>`. */
export function richTextToEditor(stored: string): string {
  return richTextParagraphs(stored)
    .map((p) => `<p>${p.replace(/\s*\n\s*/g, ' ')}</p>`)
    .join('');
}
