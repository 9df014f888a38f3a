/** Paragraphs of a cleaned rich text (blank lines separate them, as everywhere in content). */
export function paragraphs(html: string): string[] {
  return html
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

