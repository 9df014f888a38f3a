/**
 * A fund or share document uploaded by the staff or an import feed: a PDF, recognised by its bytes
 * (src/domain/forms/upload.ts, as the forms do), within a size limit, with a file name safe to
 * send back in a Content-Disposition header.
 */
import { uploadFormat, type UploadValue } from '../forms/upload';

/** 20 MB: an annual report with charts fits; the database keeps every version. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export type DocumentFileProblem = 'empty' | 'too-large' | 'not-pdf';

export function checkDocumentFile(upload: UploadValue, maxBytes: number = MAX_DOCUMENT_BYTES): DocumentFileProblem | null {
  if (upload.size === 0) return 'empty';
  if (upload.size > maxBytes || !upload.bytes || upload.bytes.byteLength > maxBytes) return 'too-large';
  return uploadFormat(upload, ['pdf']) === 'pdf' ? null : 'not-pdf';
}

/** The last path segment, without control characters or quotes, at most 120 characters, ending in .pdf. */
export function documentFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  const stem = base.replace(/\.pdf$/i, '').slice(0, 116) || 'document';
  return `${stem}.pdf`;
}
