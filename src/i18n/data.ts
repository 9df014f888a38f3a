import { createTranslator } from 'next-intl';
import type { Locale } from '@/env';
import en from '../../messages/data/en.json';
import es from '../../messages/data/es.json';
import fr from '../../messages/data/fr.json';

/** Staff-facing texts of the fund data services (import, document, field errors), namespace DataImport. */
const DATA_MESSAGES = { fr, en, es } as const;

export function dataTranslator(locale: Locale) {
  return createTranslator({ locale, messages: DATA_MESSAGES[locale], namespace: 'DataImport' });
}
export type DataT = ReturnType<typeof dataTranslator>;
