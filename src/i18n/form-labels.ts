import { createTranslator } from 'next-intl';
import type { Locale } from '@/env';
import en from '../../messages/forms/en.json';
import es from '../../messages/forms/es.json';
import fr from '../../messages/forms/fr.json';

/** The public forms' names of their fields and of the forms themselves, for the back-office's inbox. */
const FORM_MESSAGES = { fr, en, es } as const;

export function formLabels(locale: Locale) {
  return createTranslator({ locale, messages: FORM_MESSAGES[locale], namespace: 'Forms' });
}
