import 'server-only';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import ExcelJS from 'exceljs';
import { toCsv, CSV_CONTENT_TYPE } from '@/domain/csv/write';
import type { FindatexFormat } from '@/domain/distribution/findatex/files';
import { TEMPLATES, type TemplateKey } from '@/domain/distribution/findatex/templates';
import { answerEncoding, ENCODED_BY_ROUTE_ACCEPTED, ENCODED_BY_ROUTE_HEADER, type AnswerEncoding } from '@/server/graphql/answer-cache';
import { contentDisposition } from '@/server/http/content-disposition';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A FinDatEx table as the file distributors load: UTF-8 CSV with `;` and no byte-order mark (the
 * header's first cell is then exactly the first field's code), or an XLSX workbook of one sheet
 * named after the template, numbers as numbers and every other value as text (a date stays
 * "2026-01-02", an ISIN is never read as a number).
 */
export async function findatexBytes(version: TemplateKey, table: readonly (readonly string[])[], format: FindatexFormat): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(toCsv(table, { delimiter: ';', bom: false }), 'utf8');
  const template = TEMPLATES[version];
  const numeric = template.fields.map((f) => f.kind === 'number' || f.kind === 'integer');
  // The streaming writer, without shared strings or styles: five to ten times faster than the
  // in-memory workbook on a thousand rows of the EET's 600 columns (scripts/bench-findatex.ts).
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  workbook.creator = 'fundhouse';
  const sheet = workbook.addWorksheet(`${template.template} ${template.version}`.slice(0, 31));
  for (const [r, row] of table.entries()) {
    // An empty value is no cell at all: most of the EET's fields are empty.
    sheet.addRow(row.map((cell, c) => (cell === '' ? null : r > 0 && numeric[c] && Number.isFinite(Number(cell)) ? Number(cell) : cell))).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/**
 * A file ready to serve many times: its bytes, its ETag, and its compressed bytes made on the first
 * request that accepts each encoding (a CSV compresses tenfold; an XLSX is already a zip, sent as is).
 */
export type ServedFile = { body: Buffer; etag: string; encoded: Map<AnswerEncoding, Promise<Buffer>> };

export function servedFile(body: Buffer): ServedFile {
  return { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`, encoded: new Map() };
}

const compress = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/** The bytes in an encoding, compressed once off the event loop (zlib's thread pool), then kept with the file. */
function encodedBytes(file: ServedFile, encoding: AnswerEncoding): Promise<Buffer> {
  let bytes = file.encoded.get(encoding);
  if (!bytes) {
    bytes = encoding === 'br' ? compress.br(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }) : compress.gzip(file.body, { level: 6 });
    file.encoded.set(encoding, bytes);
    bytes.catch(() => file.encoded.delete(encoding));
  }
  return bytes;
}

/**
 * The download: private to the visitor's audience (Vary: Cookie), revalidated with its ETag like the
 * share's CSV files. A CSV goes out compressed by this route when the production server restores the
 * encoding Next drops (runtime/server.mjs), so that a file served many times is compressed once.
 */
export async function findatexResponse(request: Request, file: ServedFile, format: FindatexFormat, fileName: string): Promise<Response> {
  const headers = new Headers({ etag: file.etag, 'cache-control': 'private, max-age=3600, must-revalidate', vary: 'Cookie, Accept-Encoding', 'x-content-type-options': 'nosniff' });
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*')) return new Response(null, { status: 304, headers });
  headers.set('content-type', format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE);
  headers.set('content-disposition', contentDisposition('attachment', fileName, `findatex.${format}`));
  const encoding = format === 'csv' && request.headers.get(ENCODED_BY_ROUTE_HEADER) === ENCODED_BY_ROUTE_ACCEPTED ? answerEncoding(request.headers.get('accept-encoding')) : null;
  const body = encoding ? await encodedBytes(file, encoding) : file.body;
  if (encoding) headers.set(ENCODED_BY_ROUTE_HEADER, encoding);
  headers.set('content-length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}
