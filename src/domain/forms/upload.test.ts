import { describe, expect, it } from 'vitest';
import { largePdf, sampleDoc, sampleDocx, sampleExe, samplePdf, sampleXls, sampleXlsx, zip } from '../../../tests/support/sample-documents';
import { detectFormat, extensionFormat, megabytes, readUpload, uploadFormat, MAX_UPLOAD_BYTES } from './upload';
import { zipEntryNames } from './zip';

const upload = (name: string, bytes: Uint8Array) => ({ name, size: bytes.length, bytes });
const ALL = ['pdf', 'doc', 'docx'] as const;

describe('detectFormat: the format from the content (magic bytes)', () => {
  it('recognises a PDF by %PDF-, a Word 97 file by its OLE2 signature and WordDocument stream, a docx by its ZIP entries', () => {
    expect(detectFormat(samplePdf())).toBe('pdf');
    expect(detectFormat(sampleDoc())).toBe('doc');
    expect(detectFormat(sampleDocx())).toBe('docx');
  });

  it('refuses look-alikes: an executable, an OLE2 spreadsheet, a ZIP that is not a Word document, a truncated ZIP', () => {
    expect(detectFormat(sampleExe())).toBeNull();
    expect(detectFormat(sampleXls())).toBeNull();
    expect(detectFormat(sampleXlsx())).toBeNull();
    expect(detectFormat(zip({ 'word/document.xml': '<w/>' }))).toBeNull(); // no [Content_Types].xml
    expect(detectFormat(sampleDocx().subarray(0, 200))).toBeNull();
    expect(detectFormat(new TextEncoder().encode('PDF'))).toBeNull();
    expect(detectFormat(new Uint8Array())).toBeNull();
  });

  it('reads the entry names of a ZIP from its central directory', () => {
    expect(zipEntryNames(zip({ 'a.txt': 'a', 'word/b.xml': 'b' }))).toEqual(['a.txt', 'word/b.xml']);
    expect(zipEntryNames(samplePdf())).toBeNull();
  });
});

describe('uploadFormat: name and content must agree', () => {
  it('accepts each format under its own extension, whatever the case of the extension', () => {
    expect(uploadFormat(upload('cv.pdf', samplePdf()), ALL)).toBe('pdf');
    expect(uploadFormat(upload('CV.DOC', sampleDoc()), ALL)).toBe('doc');
    expect(uploadFormat(upload('letter.docx', sampleDocx()), ALL)).toBe('docx');
  });

  it('refuses an .exe renamed .pdf, a PDF renamed .docx, an accepted content under another extension, a format not offered', () => {
    expect(uploadFormat(upload('cv.pdf', sampleExe()), ALL)).toBeNull();
    expect(uploadFormat(upload('cv.docx', samplePdf()), ALL)).toBeNull();
    expect(uploadFormat(upload('cv.exe', samplePdf()), ALL)).toBeNull();
    expect(uploadFormat(upload('cv.pdf', samplePdf()), ['doc', 'docx'])).toBeNull();
    expect(uploadFormat({ name: 'cv.pdf', size: 10, bytes: null }, ALL)).toBeNull();
  });

  it('takes the extension from the end of the name only', () => {
    expect(extensionFormat('cv.pdf.exe')).toBeNull();
    expect(extensionFormat('my.cv.pdf ')).toBe('pdf');
    expect(extensionFormat('pdf')).toBeNull();
  });
});

describe('readUpload', () => {
  it('reads a file within the limit and leaves the content of a larger one unread', async () => {
    const small = await readUpload(new File([samplePdf() as BlobPart], 'cv.pdf'), MAX_UPLOAD_BYTES);
    expect(small.name).toBe('cv.pdf');
    expect(detectFormat(small.bytes ?? new Uint8Array())).toBe('pdf');
    const big = await readUpload(new File([largePdf(MAX_UPLOAD_BYTES + 1) as BlobPart], 'big.pdf'), MAX_UPLOAD_BYTES);
    expect(big).toEqual({ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1, bytes: null });
  });
});

describe('megabytes', () => {
  it('rounds up to one decimal in the visitor’s number format, so a file just over the limit never reads as the limit', () => {
    expect(megabytes(Math.round(6.2 * 1024 * 1024), 'en-GB')).toBe('6.2');
    expect(megabytes(Math.round(6.2 * 1024 * 1024), 'fr-FR')).toBe('6,2');
    expect(megabytes(MAX_UPLOAD_BYTES, 'en-GB')).toBe('5');
    expect(megabytes(MAX_UPLOAD_BYTES + 1, 'es-ES')).toBe('5,1');
  });
});
