import 'server-only';
import { env, type Locale } from '@/env';
import { adminTranslator, isAdminLocale } from '@/i18n/admin';
import type { Executor } from '@/server/db/types';
import { eq } from 'drizzle-orm';
import { mailOutbox, staffUser } from '@/server/db/schema';

/** The link that sets a password, for an invitation or a reset: single use, it expires. */
export function setPasswordUrl(token: string): string {
  return new URL(`/admin/set-password?token=${encodeURIComponent(token)}`, env().PUBLIC_BASE_URL).toString();
}

/**
 * Account mails leave through the same outbox as the forms' mails (src/server/forms/outbox.ts):
 * stored in the caller's transaction, sent by the outbox worker, retried until delivered.
 */
export async function enqueueInvitationMail(executor: Executor, to: { email: string; locale: string; role: string; token: string; days: number }): Promise<void> {
  const locale: Locale = isAdminLocale(to.locale) ? to.locale : 'fr';
  const t = adminTranslator(locale);
  await executor.insert(mailOutbox).values({
    to: to.email,
    subject: t('mail.inviteSubject'),
    text: t('mail.inviteBody', { role: t(`roles.${to.role as 'admin'}`), url: setPasswordUrl(to.token), days: to.days }),
  });
}

export async function enqueuePasswordResetMail(executor: Executor, to: { email: string; token: string }): Promise<void> {
  const [user] = await executor.select({ locale: staffUser.locale }).from(staffUser).where(eq(staffUser.email, to.email));
  const locale: Locale = isAdminLocale(user?.locale) ? user.locale : 'fr';
  const t = adminTranslator(locale);
  await executor.insert(mailOutbox).values({
    to: to.email,
    subject: t('mail.resetSubject'),
    text: t('mail.resetBody', { url: setPasswordUrl(to.token), minutes: 60 }),
  });
}
