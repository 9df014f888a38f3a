/**
 * Whether a PDF is tagged (docs/back-office.md, documents): a tagged PDF carries the structure a
 * screen reader follows (headings, paragraphs, tables, reading order); an untagged one is a picture of
 * text to its users. The file's catalog says so: /MarkInfo << /Marked true >> and a /StructTreeRoot.
 * The facts are read by src/server/documents/tagging.ts; the decision is here.
 */

/** What a PDF's catalog says about its tags. */
export type PdfCatalogFacts = {
  /** /MarkInfo's /Marked entry: true only when it is the boolean true. */
  marked: boolean;
  /** Whether the catalog has a /StructTreeRoot dictionary. */
  structTreeRoot: boolean;
};

/**
 * True for a tagged PDF (marked, with a structure tree), false for one that is not; null when the
 * catalog could not be read (a damaged or encrypted file): unknown, so nothing is claimed either way.
 */
export function isTaggedPdf(facts: PdfCatalogFacts | null): boolean | null {
  if (facts === null) return null;
  return facts.marked && facts.structTreeRoot;
}
