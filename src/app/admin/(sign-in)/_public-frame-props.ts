import type { Locale } from '@/env';
import { SUPPORTED_LOCALES } from '@/env';
import type { AdminT } from '@/i18n/admin';

/** The language switch of the screens before sign-in. */
export function languageSwitch(t: AdminT, locale: Locale, back: string) {
  return {
    label: t('language.label'),
    submit: t('language.submit'),
    current: locale,
    back,
    options: SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) })),
  };
}
