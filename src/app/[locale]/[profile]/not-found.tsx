import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { NotFoundMessage } from '@/components/layout/not-found-message';

/** Unknown route or hidden content (docs/product.md §2 error screens): status 404, inside the site's frame. */
export default async function NotFound() {
  const [t, locale] = await Promise.all([getTranslations('NotFound'), getLocale()]);
  return (
    <>
      <title>{t('title')}</title>
      <NotFoundMessage locale={locale as Locale} />
    </>
  );
}
