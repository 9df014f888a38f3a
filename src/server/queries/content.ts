import 'server-only';
import { eq, like, or } from 'drizzle-orm';
import type { ContentDocument } from '@/server/content/types';
import { getDb } from '@/server/db';
import { contentDocuments } from '@/server/db/schema';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The content documents at a path or below it: the only ones a content query on that path can return. */
export async function loadContentDocuments(path: string): Promise<ContentDocument[]> {
  const db = await getDb();
  const base = path === '/' ? '' : path;
  const rows = await db
    .select({ path: contentDocuments.path, data: contentDocuments.data })
    .from(contentDocuments)
    .where(base ? or(eq(contentDocuments.path, base), like(contentDocuments.path, `${escapeLike(base)}/%`)) : undefined);
  return rows.map((row) => ({ ...row.data, path: row.path }));
}
