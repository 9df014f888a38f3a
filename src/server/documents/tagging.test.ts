import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { samplePdf, sampleTaggedPdf } from '../../../tests/support/sample-documents';
import { pdfTagged, readPdfCatalogFacts } from './tagging';

const encoder = new TextEncoder();

// The first file starts the worker (pdf-lib loaded in a new thread): seconds on a busy machine.
describe('readPdfCatalogFacts (in its worker)', { timeout: 30_000 }, () => {
  it('reads the mark and the structure tree of a tagged PDF, and their absence in an untagged one', async () => {
    expect(await readPdfCatalogFacts(sampleTaggedPdf('KID'))).toEqual({ marked: true, structTreeRoot: true });
    expect(await readPdfCatalogFacts(samplePdf('KID'))).toEqual({ marked: false, structTreeRoot: false });
    expect(await pdfTagged(sampleTaggedPdf('KID'))).toBe(true);
    expect(await pdfTagged(samplePdf('KID'))).toBe(false);
  });

  it('follows indirect entries and compressed object streams, as PDF writers make them', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const markInfo = pdf.context.register(pdf.context.obj({ Marked: true }));
    pdf.catalog.set(PDFName.of('MarkInfo'), markInfo);
    pdf.catalog.set(PDFName.of('StructTreeRoot'), pdf.context.register(pdf.context.obj({ Type: 'StructTreeRoot' })));
    expect(await pdfTagged(await pdf.save({ useObjectStreams: true }))).toBe(true);
    // Marked false, with a structure tree: not tagged.
    pdf.context.assign(markInfo, pdf.context.obj({ Marked: false }));
    expect(await readPdfCatalogFacts(await pdf.save({ useObjectStreams: true }))).toEqual({ marked: false, structTreeRoot: true });
  });

  it('answers unknown (null) for a file whose catalog cannot be read', async () => {
    expect(await pdfTagged(encoder.encode('%PDF-1.4\nnot a PDF at all\n'))).toBeNull();
  });

  it('gives up a file that takes too long, without holding the event loop, and reads the next one', async () => {
    // Text after a PDF header: pdf-lib tries every byte, for minutes on a few megabytes.
    const junk = new Uint8Array(3 * 1024 * 1024).fill(0x41);
    junk.set(encoder.encode('%PDF-1.4\n'));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = Date.now();
    const facts = await readPdfCatalogFacts(junk, 1_000);
    clearInterval(ticker);
    expect(facts).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThan(10);
    expect(await pdfTagged(sampleTaggedPdf())).toBe(true);
  });
});
