import 'server-only';
import { eq } from 'drizzle-orm';
import { env, type Locale } from '@/env';
import { LINK_MARKER } from '@/domain/forms/outbox-mail';
import { adminTranslator, isAdminLocale } from '@/i18n/admin';
import type { Db } from '@/server/db/client';
import { mailOutbox, staffUser } from '@/server/db/schema';
import { sealLink } from '@/server/forms/sealed-link';
import { RESET_SECONDS } from './constants';

/** The link that sets a password, for an invitation or a reset: single use, it expires. */
export function setPasswordUrl(token: string): string {
  return new URL(`/admin/set-password?token=${encodeURIComponent(token)}`, env().PUBLIC_BASE_URL).toString();
}

/**
 * Account mails leave through the same outbox as the forms' mails (src/server/outbox/drain.ts):
 * stored in the caller's transaction, sent by the outbox worker, retried until delivered. Their
 * kind is 'account': never in a visitor's GDPR export or erasure. The set-password link is not in
 * the stored text: it is sealed apart (docs/decisions/026) and put in at send time only.
 */
export type OutboxRow = typeof mailOutbox.$inferInsert;

/**
 * The invitation's outbox row, to insert in the caller's transaction. Made before that transaction
 * (sealing reads the auth secret, which may be written on first use).
 */
export async function invitationMail(db: Db, to: { email: string; locale: string; role: string; token: string; days: number }): Promise<OutboxRow> {
  const locale: Locale = isAdminLocale(to.locale) ? to.locale : 'fr';
  const t = adminTranslator(locale);
  return {
    kind: 'account',
    to: to.email,
    subject: t('mail.inviteSubject'),
    text: t('mail.inviteBody', { role: t(`roles.${to.role as 'admin'}`), url: LINK_MARKER, days: to.days }),
    linkSealed: await sealLink(db, setPasswordUrl(to.token), to.email),
  };
}

export async function enqueuePasswordResetMail(db: Db, to: { email: string; token: string }): Promise<void> {
  const [user] = await db.select({ locale: staffUser.locale }).from(staffUser).where(eq(staffUser.email, to.email));
  const locale: Locale = isAdminLocale(user?.locale) ? user.locale : 'fr';
  const t = adminTranslator(locale);
  await db.insert(mailOutbox).values({
    kind: 'account',
    to: to.email,
    subject: t('mail.resetSubject'),
    text: t('mail.resetBody', { url: LINK_MARKER, minutes: RESET_SECONDS / 60 }),
    linkSealed: await sealLink(db, setPasswordUrl(to.token), to.email),
  });
}
