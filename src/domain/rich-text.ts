import sanitizeHtml from 'sanitize-html';

/**
 * SPEC §5: rich text from content keeps only bold, italic, strong and links with an href.
 * Links keep http, https, mailto and site-relative targets; `javascript:`, `data:` and every
 * other scheme lose their href. Everything else is dropped, keeping the text of harmless tags.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'strong', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Tags whose content is code or markup, not text: removed with their content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  enforceHtmlBoundary: false,
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
