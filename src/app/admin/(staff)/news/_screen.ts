import { notFound } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { newsForStaff } from '@/server/news/staff-queries';

/**
 * The start of an article's screens (its form, its preview): any signed-in role, the query string,
 * the article (or 404) and the translator.
 */
export async function newsItemScreen(params: Promise<{ id: string }>, searchParams: Promise<Record<string, string | string[] | undefined>>) {
  const staff = await requireStaff('backoffice.read');
  const id = Number((await params).id);
  const query = await searchParams;
  const db = await getDb();
  const item = Number.isSafeInteger(id) && id > 0 ? await newsForStaff(db, id) : null;
  if (!item) notFound();
  const t = adminTranslator(staff.locale);
  return { staff, query, db, item, t };
}
