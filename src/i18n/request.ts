import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { MESSAGE_AREAS } from './messages';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const parts = await Promise.all(
    MESSAGE_AREAS.map(async (area) => (await import(`../../messages/${area}/${locale}.json`)).default as Record<string, unknown>),
  );
  return { locale, messages: Object.assign({}, ...parts) as Record<string, unknown> };
});
