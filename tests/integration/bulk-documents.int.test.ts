/**
 * Share class documents by drag-and-drop (issue 43, docs/back-office.md, Imports): PDFs named
 * `ISIN_TYPE_language.pdf` are read, previewed, proposed together as one change, approved by
 * compliance, and then served publicly, all of them; a batch with an unknown ISIN, too many files or
 * a file that is not a PDF is refused whole and stores nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { BULK_DOCUMENT_LIMITS, bundleFiles, readDocumentFileName, type BulkDocumentItem } from '../../src/domain/documents/bulk';
import { isinWithCheckDigit } from '../../src/domain/funds/isin';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, proposalFile, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { previewDocumentBatch, type DocumentBatchInput } from '../../src/server/documents/bulk-import';
import { uploadDocuments } from '../../src/server/documents/commands';
import { DocumentBatchPreviewView } from '../../src/app/admin/(staff)/imports/_documents-preview';
import { samplePdf } from '../support/sample-documents';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const fund = funds.find((f) => f.visibleTo.includes('RETAIL') && f.shares.filter((s) => s.visibleTo.includes('RETAIL')).length >= 2);
const [first, second] = fund?.shares.filter((s) => s.visibleTo.includes('RETAIL')) ?? [];

/** What the drop zone posts for these named files: each name read, its size and hash, and the bytes one after the other. */
function batch(files: { name: string; bytes: Uint8Array }[], publishedAt = '2026-11-30'): { input: DocumentBatchInput; bundle: Uint8Array } {
  const items: BulkDocumentItem[] = files.map(({ name, bytes }) => {
    const read = readDocumentFileName(name);
    return { fileName: name, isin: read.isin ?? '', typeCode: read.typeCode ?? '', locale: read.locale ?? '', size: bytes.byteLength, sha256: sha(bytes) };
  });
  const bundle = bundleFiles(files.map((f) => f.bytes));
  return { input: { items, publishedAt, sha256: sha(bundle) }, bundle };
}

const serve = (locale: string, isin: string, type: string) => {
  const path = `/e/${locale}/docs/funds/${fund?.slug}/${isin}/${type}`;
  return GET(new Request(`http://localhost${path}`), { params: Promise.resolve({ locale, fundSlug: fund?.slug ?? '', rest: [isin, type] }) });
};

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `bulk-docs-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

describe('documents dropped in bulk', () => {
  it('three PDFs are read from their names, proposed once, approved by compliance, then served publicly', async () => {
    if (!fund || !first || !second) throw new Error('no demo fund with two retail share classes');
    const db = await getDb();
    const files = [
      { name: `${first.isinCode}_KIID_fr.pdf`, bytes: samplePdf(`KID fr ${run}`) },
      { name: `${first.isinCode}_PRIIPS_KID_en.pdf`, bytes: samplePdf(`KID en ${run}`) },
      { name: `${second.isinCode}_ANNUAL_REPORT_es.pdf`, bytes: samplePdf(`Annual ${run}`) },
    ];
    const { input, bundle } = batch(files);
    expect(input.items.map((i) => [i.isin, i.typeCode, i.locale])).toEqual([
      [first.isinCode, 'KIID', 'fr'],
      [first.isinCode, 'KIID', 'en'],
      [second.isinCode, 'ANNUAL_REPORT', 'es'],
    ]);

    const preview = await previewDocumentBatch(db, input, bundle);
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.files.map((f) => [f.isin, f.typeCode, f.locale])).toEqual(input.items.map((i) => [i.isin, i.typeCode, i.locale]));
    expect(preview.added + preview.replaced).toBe(3);
    expect(preview.unchanged).toBe(0);

    // The screen's preview, in French: each file's share class, type and language, and a warning for an untagged PDF.
    const html = renderToStaticMarkup(createElement(DocumentBatchPreviewView, { preview, locale: 'fr', tagged: [false, true, null] }));
    expect(html).toContain('Attention : 1 de ces PDF n’est pas balisé');
    for (const f of files) expect(html).toContain(f.name);
    expect(html).toContain('PDF balisé');
    expect(html).toContain('Non vérifié');

    const proposed = await saveChange(db, 'import.documents', input, people.editor, { file: bundle, note: `Documents ${run}`, areas: ['documents'] });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    const pending = await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(and(eq(t.proposedChange.kind, 'import.documents'), eq(t.proposedChange.authorId, people.editor.id)));
    expect(pending.map((p) => p.id)).toEqual([proposed.id]);
    expect(await proposalById(db, proposed.id)).toMatchObject({ area: 'documents', status: 'pending', hasFile: true });
    // Nothing public before approval.
    const stored = () => db.select({ sha256: t.documents.sha256 }).from(t.documents).where(inArray(t.documents.sha256, files.map((f) => sha(f.bytes))));
    expect(await stored()).toEqual([]);

    // The reviewer opens each proposed PDF on its own.
    const secondFile = await proposalFile(db, proposed.id, 1);
    expect(secondFile && { name: secondFile.fileName, sha256: sha(secondFile.bytes) }).toEqual({ name: files[1]!.name, sha256: sha(files[1]!.bytes) });
    expect(await proposalFile(db, proposed.id, 3)).toBeNull();

    expect(await approveChange(db, proposed.id, people.editor)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await stored()).toHaveLength(3);

    for (const [locale, isin, type, file] of [
      ['fr', first.isinCode, 'KIID', files[0]!],
      ['en', first.isinCode, 'KIID', files[1]!],
      ['es', second.isinCode, 'ANNUAL_REPORT', files[2]!],
    ] as const) {
      const res = await serve(locale, isin, type);
      expect(res.status, `${isin} ${type} ${locale}`).toBe(200);
      expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(file.bytes));
    }
    // Each version audited as a single upload is, by the proposal's author.
    const audits = await db.select({ after: t.auditLog.after }).from(t.auditLog).where(and(eq(t.auditLog.entity, 'document'), eq(t.auditLog.actorId, people.editor.id)));
    expect(audits).toHaveLength(3);

    // The same batch again stores nothing: it is no proposal.
    expect(await saveChange(db, 'import.documents', input, people.editor, { file: bundle, areas: ['documents'] })).toEqual({ mode: 'unchanged' });
  });

  it('an unknown ISIN, too many files or a file that is not a PDF refuses the batch whole', async () => {
    if (!first) throw new Error('no demo share');
    const db = await getDb();
    const good = { name: `${first.isinCode}_PROSPECTUS_fr.pdf`, bytes: samplePdf(`Prospectus ${run}`) };
    const unknown = { name: `${isinWithCheckDigit('XS9999999ZZ')}_KIID_fr.pdf`, bytes: samplePdf(`Unknown ${run}`) };
    const notPdf = { name: `${first.isinCode}_KIID_es.pdf`, bytes: new TextEncoder().encode(`MZ not a pdf ${run}`) };

    const refused = async (files: { name: string; bytes: Uint8Array }[]) => {
      const { input, bundle } = batch(files);
      const preview = await previewDocumentBatch(db, input, bundle);
      const door = await saveChange(db, 'import.documents', input, people.editor, { file: bundle, areas: ['documents'] });
      expect(door.mode).toBe('invalid');
      return preview.ok ? [] : preview.problems;
    };
    expect(await refused([good, unknown])).toEqual([{ index: 1, code: 'unknown-isin' }]);
    expect(await refused([notPdf, good])).toEqual([{ index: 0, code: 'not-pdf' }]);
    const many = Array.from({ length: BULK_DOCUMENT_LIMITS.maxFiles + 1 }, (_, i) => ({ name: `${first.isinCode}_KIID_fr.pdf`, bytes: samplePdf(`${i}`) }));
    expect(await refused(many)).toEqual([{ index: null, code: 'too-many-files' }]);
    // Two files for one share class, type and language.
    expect(await refused([good, { ...good, bytes: samplePdf(`other ${run}`) }])).toEqual([{ index: 1, code: 'duplicate-slot' }]);

    // The service alone also stores all or nothing: the good file is not kept when the next one names no share class.
    const result = await uploadDocuments(
      db,
      [good, unknown].map((f) => ({ owner: { isin: readDocumentFileName(f.name).isin ?? '' }, typeCode: 'PROSPECTUS', locale: 'fr', publishedAt: '2026-11-30', fileName: f.name, bytes: f.bytes })),
      { type: 'system', label: run },
    );
    expect(result).toEqual({ ok: false, error: 'unknown-owner', index: 1 });
    expect(await db.select({ id: t.documents.id }).from(t.documents).where(inArray(t.documents.sha256, [sha(good.bytes), sha(unknown.bytes), sha(notPdf.bytes)]))).toEqual([]);
    expect(await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(and(eq(t.proposedChange.kind, 'import.documents'), eq(t.proposedChange.authorId, people.editor.id), eq(t.proposedChange.status, 'pending')))).toEqual([]);
  });
});
