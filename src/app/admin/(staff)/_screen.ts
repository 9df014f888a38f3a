import type { Metadata } from 'next';
import type { Permission } from '@/domain/staff/roles';
import { adminTranslator, type AdminT } from '@/i18n/admin';
import { adminLocale, requireStaff } from '@/server/auth/staff';

/**
 * What every staff screen starts with: its title in the staff member's language, and the check of
 * its permission, its query string and the translator.
 */
export const staffTitle =
  (key: Parameters<AdminT>[0]) =>
  async (): Promise<Metadata> => ({ title: adminTranslator(await adminLocale())(key) });

/** The props of a screen that reads its query string (a list's filters and page, a flash key). */
export type ListProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function staffScreen(permission: Permission, searchParams: ListProps['searchParams'], options?: Parameters<typeof requireStaff>[1]) {
  const staff = await requireStaff(permission, options);
  const query = await searchParams;
  return { staff, query, t: adminTranslator(staff.locale) };
}
