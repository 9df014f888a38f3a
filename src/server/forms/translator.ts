import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/env';
import type { Translate } from '@/domain/forms/messages';
import en from '../../../messages/forms/en.json';
import es from '../../../messages/forms/es.json';
import fr from '../../../messages/forms/fr.json';

const MESSAGES = { fr, en, es } as const;

/**
 * The Forms texts of a language, outside React rendering (route handlers, the mail worker): the
 * same messages the browser shows, so a request sent straight to the server reads the same sentences.
 */
export function formsTranslator(locale: Locale): Translate {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Forms' });
  return (key, values) => (t as unknown as Translate)(key, values);
}

/** The unsubscribe texts of a language (the newsletter's confirmation mail), outside React rendering. */
export function unsubscribeTranslator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Unsubscribe' });
}
