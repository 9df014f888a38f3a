import { createTranslator } from 'next-intl';
import { SUPPORTED_LOCALES, type Locale } from '@/env';
import en from '../../messages/admin/en.json';
import es from '../../messages/admin/es.json';
import fr from '../../messages/admin/fr.json';

/**
 * The back-office's texts (messages/admin/{locale}.json, namespace Admin). /admin is not localized
 * in the path: its language is the staff member's stored choice (staff_user.locale), else the
 * `admin_locale` cookie of the sign-in screens, else the browser's Accept-Language, else fr. These
 * messages are never loaded by the public site's request config (src/i18n/request.ts).
 */
export const ADMIN_MESSAGES = { fr, en, es } as const;
export type AdminMessages = typeof en;
export const ADMIN_LOCALE_COOKIE = 'admin_locale';

export function isAdminLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function adminTranslator(locale: Locale) {
  return createTranslator({ locale, messages: ADMIN_MESSAGES[locale], namespace: 'Admin' });
}
export type AdminT = ReturnType<typeof adminTranslator>;
