import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { localizedPath } from '@/domain/routing/paths';

/** A 404 raised before the site's frame exists (an unknown profile segment): same message, no menus. */
export default async function NotFound() {
  const [t, locale] = await Promise.all([getTranslations('NotFound'), getLocale()]);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-20 text-center">
      <title>{t('title')}</title>
      <h1 className="text-3xl font-bold text-brand">{t('message')}</h1>
      <p className="mt-8">
        <a href={localizedPath('/', locale as Locale)} className="inline-block rounded bg-brand forced-colors:border px-5 py-3 font-semibold text-white">
          {t('backHome')}
        </a>
      </p>
    </main>
  );
}
