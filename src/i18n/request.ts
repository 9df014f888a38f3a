import { getRequestConfig } from 'next-intl/server';
import { areaLogger } from '@/server/log/logger';
import { createMessageLoader } from './message-loading';
import { routing } from './routing';

const log = areaLogger('i18n');

/** One per process, so each warning of docs/product.md §8 (unknown locale code, missing language file) is logged once. */
const loader = createMessageLoader({
  locales: routing.locales,
  fallback: routing.defaultLocale,
  load: async (area, locale) => (await import(`../../messages/${area}/${locale}.json`)).default as Record<string, unknown>,
  warn: (event, fields, message) => log.warn({ event, ...fields }, message),
});

export default getRequestConfig(async ({ requestLocale }) => loader.messagesFor(await requestLocale));
