import 'server-only';
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { isIsoDate } from '@/domain/dates';
import { batchProblems, BULK_DOCUMENT_TYPES, splitBundle, type BulkDocumentItem } from '@/domain/documents/bulk';
import { checkDocumentFile, MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { luhnCheckDigitValid } from '@/domain/funds/isin';
import { SUPPORTED_LOCALES } from '@/domain/language/locale';
import type { Applied, Command, Problems } from '@/server/approval/command-types';
import type { Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { documentSlotState, type DocumentBatchResult, type DocumentUpload } from './commands';

/**
 * Share class documents dropped in bulk on the imports screen (docs/back-office.md, Imports): one
 * proposal (`import.documents`) holds every file's ISIN, type and language as staff confirmed them,
 * and the files' bytes one after the other as its one attachment (bundleFiles); approval stores them
 * all in one transaction (uploadDocuments), or none.
 */
export type DocumentBatchInput = { items: BulkDocumentItem[]; publishedAt: string; sha256: string };

export type DocumentBatchFile = {
  index: number;
  fileName: string;
  isin: string;
  share: string;
  typeCode: string;
  locale: string;
  sha256: string;
  size: number;
  /** The version it replaces, or null for a new document. */
  current: { fileName: string; sha256: string; publishedAt: string } | null;
  status: 'new' | 'replaced' | 'unchanged';
};
export type DocumentBatchPreview = { ok: true; publishedAt: string; files: DocumentBatchFile[]; added: number; replaced: number; unchanged: number };
/** One problem: of the file at `index`, or of the whole batch (index null). */
export type DocumentBatchProblem = { index: number | null; code: string };
export type DocumentBatchFailure = { ok: false; problems: DocumentBatchProblem[] };

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bounds and the bytes: each file a PDF within the limit, as a single upload checks it, and the one named. */
export function checkBatchFiles(input: DocumentBatchInput, bundle: Uint8Array | null): DocumentBatchProblem[] {
  const bounds = batchProblems(input.items);
  if (bounds.length > 0) return bounds.map((b) => ({ index: b.index ?? null, code: b.problem }));
  if (!isIsoDate(input.publishedAt)) return [{ index: null, code: 'bad-date' }];
  const files = bundle ? splitBundle(bundle, input.items.map((i) => i.size)) : null;
  if (!bundle || !files || sha(bundle) !== input.sha256) return [{ index: null, code: 'empty' }];
  const problems: DocumentBatchProblem[] = [];
  input.items.forEach((item, index) => {
    const bytes = files[index] as Uint8Array;
    const problem = checkDocumentFile({ name: item.fileName, size: bytes.byteLength, bytes }, MAX_DOCUMENT_BYTES);
    if (problem) problems.push({ index, code: problem });
    else if (sha(bytes) !== item.sha256) problems.push({ index, code: 'empty' });
  });
  return problems;
}

/** What the batch would store, read from the catalogue: nothing is written. An unknown ISIN, type or language refuses it. */
export async function planDocumentBatch(db: Executor, input: DocumentBatchInput): Promise<DocumentBatchPreview | DocumentBatchFailure> {
  const problems: DocumentBatchProblem[] = [];
  const items = input.items.map((item) => ({ ...item, isin: item.isin.trim().toUpperCase() }));
  items.forEach((item, index) => {
    if (!luhnCheckDigitValid(item.isin)) problems.push({ index, code: 'bad-isin' });
    if (!(BULK_DOCUMENT_TYPES as readonly string[]).includes(item.typeCode)) problems.push({ index, code: 'unknown-type' });
    if (!(SUPPORTED_LOCALES as readonly string[]).includes(item.locale)) problems.push({ index, code: 'bad-locale' });
  });
  if (problems.length > 0) return { ok: false, problems };
  const isins = [...new Set(items.map((i) => i.isin))];
  const known = new Set((await db.select({ isin: shares.isinCode }).from(shares).where(inArray(shares.isinCode, isins))).map((s) => s.isin));
  items.forEach((item, index) => {
    if (!known.has(item.isin)) problems.push({ index, code: 'unknown-isin' });
  });
  if (problems.length > 0) return { ok: false, problems };
  const files: DocumentBatchFile[] = [];
  // One slot after the other: inside the approval's transaction they share one connection.
  for (const [index, item] of items.entries()) {
    const slot = await documentSlotState(db, { isin: item.isin }, item.typeCode, item.locale);
    if (!slot) {
      problems.push({ index, code: 'unknown-type' });
      continue;
    }
    const current = slot.current ? { fileName: slot.current.fileName, sha256: slot.current.sha256, publishedAt: slot.current.publishedAt } : null;
    const status = !current ? 'new' : current.sha256 === item.sha256 && current.publishedAt === input.publishedAt ? 'unchanged' : 'replaced';
    files.push({ index, fileName: item.fileName, isin: item.isin, share: slot.ownerName, typeCode: item.typeCode, locale: item.locale, sha256: item.sha256, size: item.size, current, status });
  }
  if (problems.length > 0) return { ok: false, problems };
  const count = (status: DocumentBatchFile['status']) => files.filter((f) => f.status === status).length;
  return { ok: true, publishedAt: input.publishedAt, files, added: count('new'), replaced: count('replaced'), unchanged: count('unchanged') };
}

/** The preview of a batch and its files: the bytes first, then the catalogue. */
export async function previewDocumentBatch(db: Executor, input: DocumentBatchInput, bundle: Uint8Array | null): Promise<DocumentBatchPreview | DocumentBatchFailure> {
  const problems = checkBatchFiles(input, bundle);
  if (problems.length > 0) return { ok: false, problems };
  return planDocumentBatch(db, input);
}

/** The door's problems: `batch` or `files.<index>` → code. */
export function batchFieldProblems(problems: DocumentBatchProblem[]): Problems {
  const fields: Record<string, string> = {};
  for (const p of problems) fields[p.index === null ? 'batch' : `files.${p.index}`] ??= p.code;
  return { fields };
}

type Upload = (db: Db, inputs: DocumentUpload[], actor: Actor) => Promise<DocumentBatchResult>;

/**
 * The door's command of `import.documents` (docs/approval.md): its target is what the batch would
 * store (each file's share class, type, language and the version it replaces), hashed for conflicts;
 * a batch that would store nothing new is unchanged. The command table gives it its service
 * (uploadDocuments), so that the door alone imports it.
 */
export const documentBatchCommand = (upload: Upload): Command<DocumentBatchInput, DocumentBatchResult> => ({
  async validate(db, input, file) {
    const result = await previewDocumentBatch(db, input, file);
    return result.ok ? null : batchFieldProblems(result.problems);
  },
  async read(db, input) {
    const result = await planDocumentBatch(db, input);
    if (!result.ok) return null;
    return { key: `documents:${input.sha256}`, label: input.items.map((i) => i.fileName).join(', ').slice(0, 200), state: { files: input.items.length, difference: result } };
  },
  after: (before) => ({ ...(before as object), applied: true }),
  unchanged: (state) => ((state as { difference?: DocumentBatchPreview } | null)?.difference?.files ?? []).every((f) => f.status === 'unchanged'),
  async run(db, input, actor, file) {
    const problems = checkBatchFiles(input, file);
    const files = file ? splitBundle(file, input.items.map((i) => i.size)) : null;
    if (problems.length > 0 || !files) return { ok: false as const, error: 'empty' as const, index: problems[0]?.index ?? 0 };
    const uploads = input.items.map((item, index) => ({
      owner: { isin: item.isin.trim().toUpperCase() },
      typeCode: item.typeCode,
      locale: item.locale,
      publishedAt: input.publishedAt,
      fileName: item.fileName,
      bytes: files[index] as Uint8Array,
    }));
    return upload(db, uploads, actor);
  },
  applied: (r): Applied => (r.ok ? { ok: true, changed: r.written > 0 } : { ok: false, error: r.error, problems: { fields: { [`files.${r.index}`]: r.error } } }),
});
