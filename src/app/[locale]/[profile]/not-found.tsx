import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { localizedPath } from '@/domain/paths';

/** Unknown route or hidden content (docs/product.md §2 error screens): status 404, inside the site's frame. */
export default async function NotFound() {
  const [t, locale] = await Promise.all([getTranslations('NotFound'), getLocale()]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <title>{t('title')}</title>
      <h1 className="text-3xl font-bold text-brand">{t('message')}</h1>
      <p className="mt-4 text-muted">{t('explanation')}</p>
      <p className="mt-8">
        <a href={localizedPath('/', locale as Locale)} className="inline-block rounded bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark">
          {t('backHome')}
        </a>
      </p>
    </div>
  );
}
