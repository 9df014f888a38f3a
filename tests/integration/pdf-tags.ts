import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';

/**
 * Reads what assistive technology reads in a PDF (docs/decisions/055): pdf.js (bundled by unpdf) for
 * the document's language, title and mark info, each page's structure tree and its text in marked
 * content; pdf-lib for the structure attributes pdf.js does not expose (a TH's /Scope).
 */

export type StructNode = { role?: string; alt?: string; bbox?: number[]; type?: string; id?: string; children?: StructNode[] };

type TextItem = { str: string } | { type: 'beginMarkedContent' | 'beginMarkedContentProps' | 'endMarkedContent'; tag?: string; id?: string | null };

export type TaggedPage = {
  tree: StructNode | null;
  /** The text drawn inside each marked-content sequence with an MCID, by its id (p{page}R_mc{mcid}). */
  textById: Map<string, string>;
  /** Non-blank text that is neither in a marked-content sequence the structure tree refers to, nor in an Artifact. */
  untagged: string[];
};

export type TaggedPdf = {
  lang: string | null;
  title: string | null;
  xmpTitle: string | null;
  displayDocTitle: boolean;
  marked: boolean;
  suspects: boolean;
  pages: TaggedPage[];
  /** The /Scope of every TH, in document order. */
  thScopes: string[];
  /** Every font dictionary: its name, whether its program is embedded, whether it maps its codes to Unicode. */
  fonts: { name: string; embedded: boolean; toUnicode: boolean }[];
};

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every content id (an MCID's) the tree refers to. */
function contentIds(node: StructNode | null, into = new Set<string>()): Set<string> {
  if (!node) return into;
  if (node.type === 'content' && node.id) into.add(node.id);
  for (const c of node.children ?? []) contentIds(c, into);
  return into;
}

/**
 * The text items of one page against its structure tree: each non-blank text item must sit inside a
 * marked-content sequence whose id the tree refers to, or inside an Artifact (at any depth).
 */
export function checkPageText(items: readonly TextItem[], tree: StructNode | null): Pick<TaggedPage, 'textById' | 'untagged'> {
  const ids = contentIds(tree);
  const open: { tag: string; id: string | null }[] = [];
  const textById = new Map<string, string>();
  const untagged: string[] = [];
  for (const item of items) {
    if ('type' in item) {
      if (item.type === 'endMarkedContent') open.pop();
      else open.push({ tag: item.tag ?? '', id: item.id ?? null });
      continue;
    }
    if (!item.str.trim()) continue;
    const tagged = open.findLast((m) => m.tag === 'Artifact' || (m.id !== null && ids.has(m.id)));
    if (!tagged) {
      untagged.push(item.str);
      continue;
    }
    if (tagged.id) textById.set(tagged.id, flat(`${textById.get(tagged.id) ?? ''} ${item.str}`));
  }
  return { textById, untagged };
}

/** With pdf-lib: the /Scope of each TH element (walking the structure tree from the catalog) and the fonts. */
async function lowLevel(bytes: Uint8Array): Promise<Pick<TaggedPdf, 'thScopes' | 'fonts'>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const scopes: string[] = [];
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const dict = (o: PDFObject | undefined) => {
    const found = resolve(o);
    return found instanceof PDFDict ? found : undefined;
  };
  const visit = (o: PDFObject | undefined, depth: number) => {
    if (depth > 50) return;
    const node = resolve(o);
    if (node instanceof PDFArray) return node.asArray().forEach((k) => visit(k, depth + 1));
    if (!(node instanceof PDFDict)) return;
    if (node.get(PDFName.of('S')) === PDFName.of('TH')) {
      const attributes = resolve(node.get(PDFName.of('A')));
      const scope = attributes instanceof PDFDict ? attributes.get(PDFName.of('Scope')) : undefined;
      scopes.push(scope instanceof PDFName ? scope.decodeText() : '');
    }
    visit(node.get(PDFName.of('K')), depth + 1);
  };
  const root = resolve(doc.catalog.get(PDFName.of('StructTreeRoot')));
  if (root instanceof PDFDict) visit(root.get(PDFName.of('K')), 0);

  const fonts: TaggedPdf['fonts'] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font') || object.get(PDFName.of('Subtype')) === PDFName.of('CIDFontType2')) continue;
    const descendants = resolve(object.get(PDFName.of('DescendantFonts')));
    const program = descendants instanceof PDFArray ? dict(descendants.get(0)) : object;
    const descriptor = dict(program?.get(PDFName.of('FontDescriptor')));
    const name = object.get(PDFName.of('BaseFont'));
    fonts.push({
      name: name instanceof PDFName ? name.decodeText() : '',
      embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(PDFName.of(k)) === true),
      toUnicode: object.has(PDFName.of('ToUnicode')),
    });
  }
  return { thScopes: scopes, fonts };
}

export async function readTaggedPdf(bytes: Uint8Array): Promise<TaggedPdf> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const [{ info, metadata }, markInfo, preferences] = await Promise.all([pdf.getMetadata(), pdf.getMarkInfo(), pdf.getViewerPreferences()]);
  const fields = info as { Language?: string | null; Title?: string };
  const pages: TaggedPage[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const tree = (await page.getStructTree()) as StructNode | null;
    const { items } = await page.getTextContent({ includeMarkedContent: true });
    pages.push({ tree, ...checkPageText(items as TextItem[], tree) });
  }
  return {
    lang: fields.Language ?? null,
    title: fields.Title ?? null,
    xmpTitle: metadata?.get('dc:title') ?? null,
    displayDocTitle: (preferences as { DisplayDocTitle?: boolean } | null)?.DisplayDocTitle === true,
    marked: markInfo?.Marked === true,
    suspects: markInfo?.Suspects === true,
    pages,
    ...(await lowLevel(bytes)),
  };
}

/** Every element of `role` in the trees, in reading order. */
export function elements(nodes: readonly (StructNode | null)[], role: string): StructNode[] {
  const found: StructNode[] = [];
  const visit = (node: StructNode) => {
    if (node.role === role) found.push(node);
    node.children?.forEach(visit);
  };
  nodes.forEach((n) => n && visit(n));
  return found;
}

/** What an element says: its /ActualText (or /Alt) where it has one, else the text of its content. */
export function textOf(node: StructNode, pages: readonly TaggedPage[]): string {
  if (node.alt) return flat(node.alt);
  const parts: string[] = [];
  const visit = (n: StructNode) => {
    if (n.type === 'content' && n.id) {
      for (const p of pages) {
        const t = p.textById.get(n.id);
        if (t) parts.push(t);
      }
    }
    n.children?.forEach(visit);
  };
  visit(node);
  return flat(parts.join(' '));
}
