import { createTranslator } from 'next-intl';
import type { Locale } from '@/env';
import en from '../../messages/content/en.json';
import es from '../../messages/content/es.json';
import fr from '../../messages/content/fr.json';

const CONTENT_MESSAGES = { fr, en, es } as const;

/** The public news texts (messages/content, namespace News) of a language, outside the public site's requests (the back-office's preview). */
export function publicNewsTranslator(locale: Locale) {
  return createTranslator({ locale, messages: CONTENT_MESSAGES[locale], namespace: 'News' });
}
