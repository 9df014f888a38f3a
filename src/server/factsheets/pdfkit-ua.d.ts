/**
 * What pdfkit 0.20 accepts and @types/pdfkit 0.17 does not declare yet, for the tagged factsheet
 * (./render.ts): the PDF/UA subset (pdfuaid in the XMP metadata; the types know only the PDF/A ones)
 * and the layout and table attributes of a structure element (pdfkit writes `bbox`/`placement` as the
 * Layout attributes /BBox and /Placement, `scope` as the Table attribute /Scope of a TH), and the
 * metadata step ./render.ts wraps to escape the XMP.
 */
declare namespace PDFKit.Mixins {
  interface PDFSubset {
    initSubset(options: { subset: 'PDF/UA' }): void;
  }

  interface PDFMetadata {
    /** Writes the Info entries into the XMP metadata (called once, when the document ends). */
    _addInfo(): void;
  }

  interface StructureElementOptions {
    /** [left, top, right, bottom] in pdfkit's top-down page coordinates. */
    bbox?: [number, number, number, number];
    placement?: 'Block' | 'Inline';
    scope?: 'Row' | 'Column' | 'Both';
  }
}
