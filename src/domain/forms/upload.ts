/**
 * Uploaded documents (docs/product.md §5: pdf, doc, docx; docs/product.md "Security": checked by content, not only
 * by name). A file passes when its extension is an accepted one AND its bytes are a document of
 * that very format: an .exe renamed .pdf, or a spreadsheet renamed .doc, is refused.
 */
import { zipEntryNames } from './zip';

export const DOCUMENT_FORMATS = ['pdf', 'doc', 'docx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The size limit of one uploaded document: 5 MB (5 × 1024 × 1024 bytes), enough for a CV with photos. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const FORMAT_MIME: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** What validation sees of a file, the same in the browser and on the server. */
export type UploadValue = {
  name: string;
  size: number;
  /** The content, read only when the size is within the limit (a too-large file is refused on its size). */
  bytes: Uint8Array | null;
};

export async function readUpload(file: Blob & { name: string }, maxBytes: number): Promise<UploadValue> {
  const bytes = file.size <= maxBytes ? new Uint8Array(await file.arrayBuffer()) : null;
  return { name: file.name, size: file.size, bytes };
}

export function extensionFormat(fileName: string): DocumentFormat | null {
  const match = /\.([a-z0-9]+)$/i.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return (DOCUMENT_FORMATS as readonly string[]).includes(extension ?? '') ? (extension as DocumentFormat) : null;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/** "%PDF-" */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** The OLE2 compound file signature (D0 CF 11 E0 A1 B1 1A E1) of .doc, but also of .xls, .ppt, .msi… */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** "PK\x03\x04": a ZIP archive (a .docx, but also a .xlsx, a .jar…). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** A Word 97-2003 file keeps its text in a stream named "WordDocument" (UTF-16LE in the OLE2 directory). */
const WORD_STREAM = [...'WordDocument'].flatMap((c) => [c.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  for (let at = bytes.indexOf(first ?? 0); at >= 0 && at + needle.length <= bytes.length; at = bytes.indexOf(first ?? 0, at + 1)) {
    if (needle.every((b, i) => bytes[at + i] === b)) return true;
  }
  return false;
}

/** The document format of some bytes, from their content alone, or null when they are none of pdf, doc, docx. */
export function detectFormat(bytes: Uint8Array): DocumentFormat | null {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, OLE2)) return contains(bytes, WORD_STREAM) ? 'doc' : null;
  if (startsWith(bytes, ZIP)) {
    const names = zipEntryNames(bytes);
    return names?.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/')) ? 'docx' : null;
  }
  return null;
}

/** The format of an upload when both its name and its content agree on one of `formats`, else null. */
export function uploadFormat(upload: UploadValue, formats: readonly DocumentFormat[]): DocumentFormat | null {
  const byName = extensionFormat(upload.name);
  if (!byName || !formats.includes(byName) || !upload.bytes) return null;
  return detectFormat(upload.bytes) === byName ? byName : null;
}

/** A size in megabytes (1 MB = 1024 × 1024 bytes) for messages: rounded UP to one decimal, so a file just over the limit never reads as the limit. */
export function megabytes(bytes: number, locale: string): string {
  // bytes × 10 / 2^20 is exact for whole byte counts: no floating-point drift to round up.
  const value = Math.ceil((bytes * 10) / (1024 * 1024)) / 10;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}
