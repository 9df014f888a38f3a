'use server';

/**
 * The imports screen's documents action: PDFs dropped or chosen together, each with the share
 * class ISIN, type and language read from its name and corrected by staff, previewed then submitted
 * as one change through the approval door (change kind `import.documents`), built with staffAction.
 */
import { createHash } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { BULK_DOCUMENT_LIMITS, bundleFiles, type BulkDocumentItem } from '@/domain/documents/bulk';
import { canonicalJson } from '@/domain/staff/approval';
import { field } from '@/domain/forms/form-input';
import type { ImportState } from '@/components/admin/import-form';
import { saveChange, waitsForApproval } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { previewDocumentBatch, type DocumentBatchInput, type DocumentBatchProblem } from '@/server/documents/bulk-import';
import { pdfTagged } from '@/server/documents/tagging';
import { approvalInput, doorAnswer } from '@/app/admin/approval-form';
import { DocumentBatchPreviewView } from './_documents-preview';

const MB = BULK_DOCUMENT_LIMITS.maxBatchBytes / 1024 / 1024;

/** Each file's reading as the screen posts it (the files themselves are the `files` entries, in the same order). */
const itemSchema = z.array(z.object({ isin: z.string().max(20), typeCode: z.string().max(40), locale: z.string().max(5) })).max(BULK_DOCUMENT_LIMITS.maxFiles);

const documentBatch = z.object({ items: field.text(20_000), publishedAt: field.text(20), intent: field.text(20), previewHash: field.text(100), ...approvalInput });

const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** A problem in the staff member's words: of the whole batch, or of one file, named. */
function problemLines({ t }: StaffActionContext, problems: DocumentBatchProblem[], names: string[]): { line: number; text: string }[] {
  return problems.map((p) => {
    const key = `imports.documents.problems.${p.code}` as 'imports.documents.problems.empty';
    const reason = t.has(key) ? t(key, { max: BULK_DOCUMENT_LIMITS.maxFiles, mb: MB }) : t('data.invalid');
    return p.index === null ? { line: 0, text: reason } : { line: p.index + 1, text: t('imports.documents.fileProblem', { file: names[p.index] ?? '', reason }) };
  });
}

/**
 * Preview (nothing written) or submission of a batch. The bounds are checked before any byte is
 * read (the number of files, their sizes); the preview answers a hash of everything posted (each
 * file's bytes and reading, the date), and the submission is refused if anything differs: what is
 * submitted is exactly what was previewed.
 */
export const documentsImportAction = staffAction('documents.write', documentBatch, async (input, ctx, _state: ImportState): Promise<ImportState> => {
  const { staff, t, seq, form } = ctx;
  const files = form.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
  const refused = (problems: DocumentBatchProblem[]): ImportState => ({ status: 'error', message: t('imports.documents.rejected', { count: problems.length }), lines: problemLines(ctx, problems, files.map((f) => f.name)), seq });
  if (files.length === 0) return refused([{ index: null, code: 'no-files' }]);
  if (files.length > BULK_DOCUMENT_LIMITS.maxFiles) return refused([{ index: null, code: 'too-many-files' }]);
  if (files.reduce((n, f) => n + f.size, 0) > BULK_DOCUMENT_LIMITS.maxBatchBytes) return refused([{ index: null, code: 'batch-too-large' }]);
  let readings: z.infer<typeof itemSchema>;
  try {
    const parsed = itemSchema.safeParse(JSON.parse(input.items));
    if (!parsed.success || parsed.data.length !== files.length) return { status: 'error', message: t('data.invalid'), seq };
    readings = parsed.data;
  } catch {
    return { status: 'error', message: t('data.invalid'), seq };
  }
  const bytes = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
  const items: BulkDocumentItem[] = files.map((file, index) => {
    const reading = readings[index] as z.infer<typeof itemSchema>[number];
    const content = bytes[index] as Uint8Array;
    return { fileName: file.name.slice(0, 200), isin: reading.isin.trim().toUpperCase(), typeCode: reading.typeCode, locale: reading.locale, size: content.byteLength, sha256: sha(content) };
  });
  const bundle = bundleFiles(bytes);
  const change: DocumentBatchInput = { items, publishedAt: input.publishedAt.trim(), sha256: sha(bundle) };
  const hash = sha(canonicalJson(change));
  const db = await getDb();
  if (input.intent !== 'commit') {
    const preview = await previewDocumentBatch(db, change, bundle);
    if (!preview.ok) return refused(preview.problems);
    // Whether each PDF is tagged, as a single upload warns (one after the other: the reading has its own worker and time limit).
    const tagged: (boolean | null)[] = [];
    for (const content of bytes) tagged.push(await pdfTagged(content));
    return {
      status: 'ok',
      message: t(waitsForApproval('import.documents') ? 'imports.documents.previewReadyApproval' : 'imports.documents.previewReady', { count: items.length }),
      hash,
      preview: <DocumentBatchPreviewView preview={preview} locale={staff.locale} tagged={tagged} />,
      seq,
    };
  }
  if (input.previewHash !== hash) return { status: 'error', message: t('imports.changed'), seq };
  const outcome = await saveChange(db, 'import.documents', change, staff.actor, { file: bundle, note: input.approvalNote, effectiveAt: input.effectiveAt });
  if (outcome.mode === 'invalid' || outcome.mode === 'failed') {
    const fields = outcome.problems?.fields ?? {};
    const problems = Object.entries(fields).map(([name, code]) => ({ index: name.startsWith('files.') ? Number(name.slice(6)) : null, code }));
    return problems.length > 0 ? refused(problems) : { status: 'error', message: t('data.invalid'), seq };
  }
  if (outcome.mode !== 'published') {
    const answer = doorAnswer(ctx, outcome, { published: () => ({ status: 'ok', seq }) });
    return { status: answer.status, message: answer.message, seq };
  }
  revalidatePath('/admin/funds', 'layout');
  const written = outcome.result.ok ? outcome.result.written : 0;
  return { status: 'ok', message: t('imports.documents.stored', { written }), seq };
});
