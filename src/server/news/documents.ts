import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isIsoDate } from '@/domain/dates';
import { checkDocumentFile, documentFileName, MAX_DOCUMENT_BYTES, type DocumentFileProblem } from '@/domain/documents/file';
import type { Actor } from '@/server/audit/record';
import { deleteDocumentVersion, storeDocumentVersion, versionColumns } from '@/server/documents/commands';
import type { Db } from '@/server/db/client';
import type { Executor } from '@/server/db/types';
import { documents, funds, news, newsFunds } from '@/server/db/schema';
import { publishChange } from '@/server/publish/publish';
import { pdfTagged } from '@/server/documents/tagging';
import { refreshNewsContent } from './commands';

/**
 * A news item's attached PDF, as part 1's fund documents (src/server/documents/commands.ts): checked
 * by its bytes, 20 MB at most, stored with its sha256, audited; one current version per item (the
 * item's language), the version it replaces kept as history, never served. An item with a current
 * document links to it (docs/product.md §2 link rule): the news pages change, so it is published
 * like a news change.
 */
export const NEWS_DOCUMENT_TYPE = 'NEWS_DOCUMENT';

export type NewsDocumentUpload = { newsId: number; publishedAt: string; title?: string; fileName: string; bytes: Uint8Array };
export type NewsDocumentResult =
  | { ok: true; id: number; changed: boolean; replacedId: number | null; tagged: boolean | null }
  | { ok: false; error: DocumentFileProblem | 'unknown-news' | 'bad-date' | 'bad-title' };

async function publishFor(db: Db, newsId: number): Promise<void> {
  const [row] = await db.select({ fundId: news.fundId }).from(news).where(eq(news.id, newsId));
  const links = await db.select({ fundId: newsFunds.fundId }).from(newsFunds).where(eq(newsFunds.newsId, newsId));
  const ids = [...new Set([...(row?.fundId ? [row.fundId] : []), ...links.map((l) => l.fundId)])];
  const slugs = ids.length === 0 ? [] : await db.select({ slug: funds.slug }).from(funds).where(inArray(funds.id, ids));
  await publishChange(db, { news: true, ...(slugs.length > 0 ? { funds: slugs.map((s) => ({ slug: s.slug })) } : {}) });
}

export async function uploadNewsDocument(db: Db, input: NewsDocumentUpload, actor: Actor): Promise<NewsDocumentResult> {
  if (!isIsoDate(input.publishedAt)) return { ok: false, error: 'bad-date' };
  const fileProblem = checkDocumentFile({ name: input.fileName, size: input.bytes.byteLength, bytes: input.bytes }, MAX_DOCUMENT_BYTES);
  if (fileProblem) return { ok: false, error: fileProblem };
  const title = input.title?.trim();
  if (title !== undefined && (title === '' || title.length > 300)) return { ok: false, error: 'bad-title' };
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const tagged = await pdfTagged(input.bytes);
  const outcome = await db.transaction(async (tx) => {
    const [item] = await tx.select({ id: news.id, locale: news.locale, title: news.title }).from(news).where(eq(news.id, input.newsId));
    if (!item) return { ok: false as const, error: 'unknown-news' as const };
    const stored = await storeDocumentVersion(
      tx,
      and(eq(documents.newsId, item.id), eq(documents.documentTypeCode, NEWS_DOCUMENT_TYPE), eq(documents.locale, item.locale)),
      {
        documentTypeCode: NEWS_DOCUMENT_TYPE,
        newsId: item.id,
        locale: item.locale,
        title: title ?? item.title,
        fileName: documentFileName(input.fileName),
        size: input.bytes.byteLength,
        sha256,
        data: input.bytes,
        publishedAt: input.publishedAt,
        published: true,
        tagged,
      },
      actor,
    );
    return { ok: true as const, ...stored, tagged };
  });
  if (outcome.ok && outcome.changed) {
    await refreshNewsContent(db, input.newsId);
    await publishFor(db, input.newsId);
  }
  return outcome;
}

/** Deletes a version of an item's document; deleting the current one brings back the one it replaced. */
export async function deleteNewsDocument(db: Db, newsId: number, id: number, actor: Actor): Promise<{ ok: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select(versionColumns)
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.newsId, newsId)));
    if (!row) return null;
    await deleteDocumentVersion(tx, row, actor);
    return row;
  });
  if (!outcome) return { ok: false };
  if (outcome.supersededAt === null) {
    await refreshNewsContent(db, newsId);
    await publishFor(db, newsId);
  }
  return { ok: true };
}

/**
 * An item's current document as a proposed change of it is made (docs/approval.md): null for an
 * unknown item; `current` null while it has none.
 */
export async function newsDocumentState(db: Executor, newsId: number) {
  const [item] = await db.select({ id: news.id, title: news.title, locale: news.locale, status: news.status }).from(news).where(eq(news.id, newsId));
  if (!item) return null;
  const [current] = await db
    .select({ id: documents.id, title: documents.title, fileName: documents.fileName, sha256: documents.sha256, publishedAt: documents.publishedAt })
    .from(documents)
    .where(and(eq(documents.newsId, item.id), eq(documents.documentTypeCode, NEWS_DOCUMENT_TYPE), isNull(documents.supersededAt)));
  return { item, current: current ?? null };
}
