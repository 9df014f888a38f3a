import { notFound } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { fundForStaff, referenceLists } from '@/server/funds/staff-queries';

/**
 * The start of a fund's form screens (edit the fund, add a share class): funds.write, the fund (or
 * 404), the reference lists and the fund's title in the staff member's language.
 */
export async function fundFormScreen(params: Promise<{ id: string }>) {
  const staff = await requireStaff('funds.write');
  const id = Number((await params).id);
  const db = await getDb();
  const fund = Number.isSafeInteger(id) ? await fundForStaff(db, id) : null;
  if (!fund) notFound();
  const t = adminTranslator(staff.locale);
  const refs = await referenceLists(db);
  return { staff, fund, t, refs, title: fund.title[staff.locale] ?? fund.title.fr };
}
