/**
 * Typed messages and locales for next-intl: `t('key')`, `useTranslations('Namespace')` and `useLocale()`
 * are checked against the English files of every area (src/i18n/messages.ts lists them; the admin
 * area is read by src/i18n/admin.ts with its own types). A key missing in fr or es is caught by
 * src/messages.test.ts.
 */
import type compliance from '../../messages/compliance/en.json';
import type content from '../../messages/content/en.json';
import type core from '../../messages/core/en.json';
import type data from '../../messages/data/en.json';
import type forms from '../../messages/forms/en.json';
import type fund from '../../messages/fund/en.json';
import type range from '../../messages/range/en.json';
import type share from '../../messages/share/en.json';
import type { Locale } from '@/domain/language/locale';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof core & typeof content & typeof range & typeof fund & typeof share & typeof forms & typeof compliance & typeof data;
  }
}
