import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import * as t from '@/server/db/schema';

/** What a mail carries from its submission: the visitor's address to reply to, and the files. */
export async function mailExtras(
  db: Db,
  submissionId: string,
): Promise<{ replyTo: string | null; files: { fileName: string; mimeType: string; data: Uint8Array }[] }> {
  const [[submission], files] = await Promise.all([
    db.select({ data: t.formSubmissions.data }).from(t.formSubmissions).where(eq(t.formSubmissions.id, submissionId)),
    db
      .select({ fileName: t.submissionAttachments.fileName, mimeType: t.submissionAttachments.mimeType, data: t.submissionAttachments.data })
      .from(t.submissionAttachments)
      .where(eq(t.submissionAttachments.submissionId, submissionId))
      .orderBy(asc(t.submissionAttachments.id)),
  ]);
  const fields = submission?.data.fields as Record<string, unknown> | undefined;
  return { replyTo: typeof fields?.email === 'string' ? fields.email : null, files };
}
