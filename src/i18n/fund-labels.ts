import { createTranslator } from 'next-intl';
import type { Locale } from '@/env';
import en from '../../messages/fund/en.json';
import es from '../../messages/fund/es.json';
import fr from '../../messages/fund/fr.json';

/**
 * The public fund page's names of the characteristics and SFDR sections, for the back-office's
 * forms: staff edit a text under the name visitors read it under.
 */
const FUND_MESSAGES = { fr, en, es } as const;

export function characteristicLabels(locale: Locale) {
  return createTranslator({ locale, messages: FUND_MESSAGES[locale], namespace: 'FundCharacteristics.labels' });
}

export function sfdrSectionLabels(locale: Locale, article: 8 | 9) {
  return createTranslator({ locale, messages: FUND_MESSAGES[locale], namespace: article === 9 ? 'FundEsg.art9' : 'FundEsg.art8' });
}
