import 'server-only';
import { notFound } from 'next/navigation';
import { adminTranslator, type AdminT } from '@/i18n/admin';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { eventFund } from '@/server/events/staff-queries';

/** The start of a fund's event screens: signed in (every role reads), the fund (or 404) and its title in the staff member's language. */
export async function eventScreen(params: Promise<{ id: string }>) {
  const staff = await requireStaff('backoffice.read');
  const id = Number((await params).id);
  const db = await getDb();
  const fund = Number.isSafeInteger(id) ? await eventFund(db, id) : null;
  if (!fund) notFound();
  const t = adminTranslator(staff.locale);
  const title = fund.title[staff.locale] ?? fund.title.fr ?? fund.slug;
  return { staff, db, fund, t, title };
}

/** An event's short name in lists and buttons: its title in the staff member's language, else its type. */
export function eventName(t: AdminT, locale: string, event: { title: Record<string, string | undefined>; type: string }): string {
  return event.title[locale] ?? event.title.fr ?? t(`events.types.${event.type}` as 'events.types.other');
}
